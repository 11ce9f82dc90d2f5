/**
 * A candidate's file for the admin screens: the candidate, their order and buyer, their documents, their
 * homologation, and their history (the audit entries about the candidate and about their order).
 */
import { and, desc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { candidateReference, orderReference } from '../../../domain/references.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, candidates, documents, guardianConsents, orders, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { candidateRows, presentCandidateRow } from './admin-lists.ts';
import { listEvidenceRequests } from '../homologations/evidence-requests.ts';
import type { CandidateDetail } from '../../../contracts/admin.ts';
import { type Caller, permitted } from '../guards.ts';

const buyer = alias(users, 'buyer');

/** The audit entries about the candidate and about their order, newest first. */
async function history(db: Database, candidateId: number, orderId: number | undefined) {
  const conditions = [and(eq(auditLog.entity, 'candidate'), eq(auditLog.entityId, String(candidateId)))];
  if (orderId !== undefined)
    conditions.push(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))));
  const rows = await db
    .select({ entry: auditLog, actor: { id: users.id, prenom: users.prenom, nom: users.nom } })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(or(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return rows.map(({ entry, actor }) => ({
    id: entry.id,
    action: entry.action,
    actor: actor?.id != null ? { id: actor.id, name: `${actor.prenom} ${actor.nom}`.trim() } : null,
    createdAt: entry.createdAt.toISOString(),
    before: entry.before,
    after: entry.after,
  }));
}

/** The candidate's fields as the file shows them; the scan token stays secret even from the admin screens. */
function presentCandidate(candidate: typeof candidates.$inferSelect) {
  const {
    scanToken: _secret,
    createdAt,
    updatedAt: _updatedAt,
    processedAt,
    cardReceivedAt,
    documentsSentAt,
    ...fields
  } = candidate;
  return {
    ...fields,
    reference: candidateReference(candidate.orderId, candidate.commande_index),
    created_at: createdAt.toISOString(),
    processed_at: processedAt?.toISOString() ?? null,
    card_received_at: cardReceivedAt?.toISOString() ?? null,
    documents_sent_at: documentsSentAt?.toISOString() ?? null,
  };
}

function presentOrder(
  order: typeof orders.$inferSelect | null,
  buyerRow: { id: number; email: string; nom: string; prenom: string } | null,
) {
  if (!order) return null;
  return {
    id: order.id,
    reference: orderReference(order.id),
    status: order.status,
    mode_livraison: order.mode_livraison,
    date_livraison: order.date_livraison,
    point_retrait: order.point_retrait,
    adresse_livraison: order.adresse_livraison,
    adresse_facturation: order.adresse_facturation,
    buyer: buyerRow,
  };
}

async function candidateDetail(db: Database, caller: Caller, candidateId: number): Promise<CandidateDetail> {
  permitted(caller, 'registrations.read');
  const [row] = await db
    .select({
      candidate: candidates,
      order: orders,
      buyer: { id: buyer.id, email: buyer.email, nom: buyer.nom, prenom: buyer.prenom },
    })
    .from(candidates)
    .leftJoin(orders, eq(orders.id, candidates.orderId))
    .leftJoin(buyer, eq(buyer.id, orders.userId))
    .where(eq(candidates.id, candidateId));
  if (!row) throw notFound('No such candidate');
  const { candidate, order } = row;
  const [listed] = await candidateRows(db).where(eq(candidates.id, candidateId));
  const documentRows = await db.select().from(documents).where(eq(documents.candidateId, candidateId));
  const entries = await history(db, candidateId, order?.id);
  const [consent] = await db
    .select()
    .from(guardianConsents)
    .where(eq(guardianConsents.candidateId, candidateId));
  return {
    candidate: presentCandidate(candidate),
    order: presentOrder(order, row.buyer),
    documents: documentRows.map((document) => ({ kind: document.kind, url: `/documents/${document.id}` })),
    homologation: listed ? presentCandidateRow(listed).homologation : null,
    history: entries,
    evidenceRequests: await listEvidenceRequests(db, candidateId),
    guardianConsent: consent
      ? {
          sent_at: consent.sentAt.toISOString(),
          decision: consent.decision,
          decided_at: consent.decidedAt?.toISOString() ?? null,
          method: consent.method,
        }
      : null,
  };
}

/** Administrators only (guards.ts). */
export function createCandidateFileService(deps: { db: Database }) {
  return {
    candidateDetail: (caller: Caller, candidateId: number) => candidateDetail(deps.db, caller, candidateId),
  };
}
