/**
 * A buyer's own changes to a paid registration before a volunteer starts on it (domain/registration-changes.ts
 * says what and until when): a candidate's identity, contact and challenge, and the order's delivery.
 *
 * A volunteer starting on a kit (print batch, labels, marked processed) and a buyer saving a change cannot both
 * win: both lock the candidate's row, so one waits for the other; the buyer who comes second finds the kit started
 * and gets 409 `already_processed`, and a volunteer who comes second prints and posts the corrected details.
 *
 * This module is the service's face: a candidate's change is registration-changes-candidate.ts, the delivery's
 * registration-changes-delivery.ts.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { calendarDateOf } from '../../../domain/dates.ts';
import { candidateReference } from '../../../domain/references.ts';
import {
  CANDIDATE_CHANGE_FIELDS,
  type CandidateChangeField,
  candidateChangeScope,
} from '../../../domain/registration-changes.ts';
import type { DeliveryChange } from '../../../domain/schemas/order.ts';
import type { CandidateChange, DeliveryChangeRequest } from '../../../domain/schemas/registration-change.ts';
import type { CandidateForChange } from '../../../contracts/orders.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orders } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { emailDocumentsNow } from '../documents/documents-mail.ts';
import type { DocumentsService } from '../documents/documents.ts';
import type { MailService } from '../documents/mail.ts';
import { changeCandidateFields } from './registration-changes-candidate.ts';
import { changeOrderDelivery } from './registration-changes-delivery.ts';
import type { SettingsService } from '../platform/settings.ts';

/**
 * A volunteer puts kits on paper (a print batch, a sheet of labels): from now on their buyers cannot change them.
 * Taking the rows' locks, it waits for a buyer's change being saved, so the paper carries the corrected details.
 */
export async function markProcessingStarted(database: Database, candidateIds: number[], now = new Date()) {
  if (candidateIds.length === 0) return;
  await database
    .update(candidates)
    .set({ processingStartedAt: now })
    .where(
      and(
        inArray(candidates.id, candidateIds),
        eq(candidates.statut, 'to_process'),
        isNull(candidates.processingStartedAt),
      ),
    );
}

export function createRegistrationChangesService(deps: {
  db: Database;
  config: Config;
  settings: SettingsService;
  mail: MailService;
  documents: DocumentsService;
}) {
  const { db, config, documents } = deps;
  const mailing = { db, mail: deps.mail, publicUrl: config.publicUrl, documents };

  return {
    /** GET /api/candidates/{id}: a candidate as its buyer may change it (another user's is 404). */
    async forChange(buyerId: number, candidateId: number): Promise<CandidateForChange> {
      const [row] = await db
        .select({ candidate: candidates, order: orders })
        .from(candidates)
        .innerJoin(orders, eq(orders.id, candidates.orderId))
        .where(and(eq(candidates.id, candidateId), eq(orders.userId, buyerId)));
      if (!row) throw notFound('No such candidate');
      const { candidate, order } = row;
      return {
        id: candidate.id,
        order_id: order.id,
        reference: candidateReference(order.id, candidate.commande_index),
        statut: candidate.statut,
        mode_livraison: order.mode_livraison,
        date_commande: calendarDateOf(order.date_commande),
        changeable:
          order.status === 'paid'
            ? candidateChangeScope({ ...candidate, mode_livraison: order.mode_livraison })
            : null,
        fields: Object.fromEntries(
          CANDIDATE_CHANGE_FIELDS.map((field) => [field, candidate[field]]),
        ) as CandidateForChange['fields'],
      };
    },

    /**
     * PATCH /api/candidates/{id}: the buyer corrects a candidate. Another user's candidate is 404; a kit a
     * volunteer has started is 409 `already_processed`; a kit emailed already takes identity and contact only,
     * and gets its corrected documents by email again.
     */
    async changeCandidate(
      buyerId: number,
      candidateId: number,
      change: CandidateChange,
      now = new Date(),
    ): Promise<{ changed: CandidateChangeField[] }> {
      const outcome = await changeCandidateFields(deps, buyerId, candidateId, change, now);
      if (outcome.resend) await emailDocumentsNow(mailing, [candidateId], { actorId: buyerId });
      return { changed: outcome.changed };
    },

    /**
     * PATCH /api/orders/{id}: the buyer changes the delivery of a paid order none of whose kits is started. Moving
     * to delivery by email sends the documents at once, as a payment does.
     */
    async changeDelivery(
      buyerId: number,
      orderId: number,
      change: DeliveryChangeRequest,
      now = new Date(),
    ): Promise<{ changed: (keyof DeliveryChange)[] }> {
      const outcome = await changeOrderDelivery(deps, buyerId, orderId, change, now);
      await emailDocumentsNow(mailing, outcome.emailNow, { actorId: buyerId });
      return { changed: outcome.changed };
    },
  };
}
