/** An order as its buyer sees it: the account page, the API's order payload, the delivery change page. */
import { asc, inArray } from 'drizzle-orm';
import type { PresentedOrder } from '../../../contracts/orders.ts';
import { candidateReference, orderReference } from '../../../domain/references.ts';
import { canChangeDelivery, candidateChangeScope } from '../../../domain/registration-changes.ts';
import { documentsReleased } from '../../../domain/statuses.ts';
import type { RegistrationProgress } from '../../../domain/registration-progress.ts';
import type { Database } from '../../db/client.ts';
import { candidates, documents, guardianConsents, type orders } from '../../db/schema/index.ts';
import { loadRegistrationProgress } from './registration-progress.ts';

export type OrderRow = typeof orders.$inferSelect;
type CandidateRow = typeof candidates.$inferSelect;

/**
 * The order as its owner sees it (docs/API.md payload shape), with document links once documents exist and are
 * released: none while a minor's guardian has not confirmed.
 */
function presentOrder(
  order: OrderRow,
  orderCandidates: CandidateRow[],
  documentRows: { id: number; candidateId: number; kind: 'route_card' | 'frame_plate' }[],
  progress: ReadonlyMap<number, RegistrationProgress>,
  consents: ReadonlyMap<number, { sentAt: Date; decision: 'confirmed' | 'refused' | null }>,
): PresentedOrder {
  return {
    id: order.id,
    reference: orderReference(order.id),
    status: order.status,
    /** Unpaid and not expired: the account offers to pay it (again). */
    payable: (order.status === 'pending' || order.status === 'failed') && order.expiresAt > new Date(),
    delivery_changeable: canChangeDelivery({ ...order, candidates: orderCandidates }),
    price: {
      unit_price: order.unitPriceCents,
      count: orderCandidates.length,
      total: order.totalCents,
      currency: order.currency,
    },
    date_commande: order.date_commande.toISOString(),
    mode_livraison: order.mode_livraison,
    date_livraison: order.date_livraison,
    point_retrait: order.point_retrait,
    mode_paiement: order.mode_paiement,
    adresse_livraison: order.adresse_livraison,
    adresse_facturation: order.adresse_facturation,
    candidats: orderCandidates.map((candidate) => ({
      id: candidate.id,
      commande_index: candidate.commande_index,
      reference: candidateReference(order.id, candidate.commande_index),
      statut: candidate.statut,
      epreuve: candidate.epreuve,
      civilite: candidate.civilite,
      nom: candidate.nom,
      prenom: candidate.prenom,
      email: candidate.email,
      date_naissance: candidate.date_naissance,
      documents: documentRows
        .filter((document) => document.candidateId === candidate.id && documentsReleased(candidate.statut))
        .map((document) => ({ kind: document.kind, url: `/documents/${document.id}` })),
      documents_sent_at: candidate.documentsSentAt?.toISOString() ?? null,
      progress: progress.get(candidate.id)!,
      changeable:
        order.status === 'paid'
          ? candidateChangeScope({ ...candidate, mode_livraison: order.mode_livraison })
          : null,
      guardian: candidate.tuteur
        ? {
            ...candidate.tuteur,
            sent_at: consents.get(candidate.id)?.sentAt.toISOString() ?? null,
            decision: consents.get(candidate.id)?.decision ?? null,
          }
        : null,
    })),
  };
}

/** Each order with its candidates, documents, progress and guardians' consents, read in a few queries. */
export async function loadPresented(db: Database, orderRows: OrderRow[]): Promise<PresentedOrder[]> {
  if (orderRows.length === 0) return [];
  const ids = orderRows.map((order) => order.id);
  const candidateRows = await db
    .select()
    .from(candidates)
    .where(inArray(candidates.orderId, ids))
    .orderBy(asc(candidates.commande_index));
  const documentRows = candidateRows.length
    ? await db
        .select({ id: documents.id, candidateId: documents.candidateId, kind: documents.kind })
        .from(documents)
        .where(
          inArray(
            documents.candidateId,
            candidateRows.map((candidate) => candidate.id),
          ),
        )
    : [];
  const progress = await loadRegistrationProgress(db, orderRows, candidateRows);
  const minors = candidateRows.filter((candidate) => candidate.tuteur).map((candidate) => candidate.id);
  const consentRows = minors.length
    ? await db.select().from(guardianConsents).where(inArray(guardianConsents.candidateId, minors))
    : [];
  const consents = new Map(consentRows.map((row) => [row.candidateId, row]));
  return orderRows.map((order) =>
    presentOrder(
      order,
      candidateRows.filter((candidate) => candidate.orderId === order.id),
      documentRows,
      progress,
      consents,
    ),
  );
}
