/**
 * A buyer's own changes to a paid registration before a volunteer starts on it (domain/registration-changes.ts
 * says what and until when): a candidate's identity, contact and challenge, and the order's delivery.
 *
 * A volunteer starting on a kit (print batch, labels, marked processed) and a buyer saving a change cannot both
 * win: both lock the candidate's row, so one waits for the other; the buyer who comes second finds the kit started
 * and gets 409 `already_processed`, and a volunteer who comes second prints and posts the corrected details.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { ageCategory } from '../../../domain/ages.ts';
import { calendarDateOf, isValidCalendarDate, today } from '../../../domain/dates.ts';
import { candidateReference } from '../../../domain/references.ts';
import { normalizePhone } from '../../../domain/phone.ts';
import {
  CANDIDATE_CHANGE_FIELDS,
  CANDIDATE_IDENTITY_FIELDS,
  type CandidateChangeField,
  canChangeDelivery,
  candidateChangeScope,
  keepsAgeCategory,
} from '../../../domain/registration-changes.ts';
import { candidateSchema } from '../../../domain/schemas/candidate.ts';
import { fieldErrors } from '../../../domain/schemas/common.ts';
import { type DeliveryChange, deliveryChangeSchema } from '../../../domain/schemas/order.ts';
import type { CandidateChange, DeliveryChangeRequest } from '../../../domain/schemas/registration-change.ts';
import type { CandidateForChange } from '../../../contracts/orders.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orders } from '../../db/schema/index.ts';
import { AppError, notFound, validationError } from '../../errors.ts';
import { recordAudit } from '../platform/audit.ts';
import { emailDocumentsNow } from '../documents/documents-mail.ts';
import type { DocumentsService } from '../documents/documents.ts';
import type { MailService } from '../documents/mail.ts';

type CandidateRow = typeof candidates.$inferSelect;

type OrderRow = typeof orders.$inferSelect;

export const alreadyProcessed = (message = 'A volunteer has already started on this registration') =>
  new AppError(409, 'already_processed', message);

/** The fields whose value differs, each with its value before and after. */
function differences<T extends Record<string, unknown>, K extends keyof T>(
  before: T,
  after: T,
  keys: readonly K[],
) {
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    changed,
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

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
  mail: MailService;
  documents: DocumentsService;
}) {
  const { db, config, documents } = deps;
  const mailing = { db, mail: deps.mail, publicUrl: config.publicUrl, documents };

  /** The candidate laid over with the change, checked as a whole by the order's schema on the order's day. */
  function checkedCandidate(candidate: CandidateRow, order: OrderRow, change: CandidateChange) {
    const orderDate = calendarDateOf(order.date_commande);
    const merged = { ...candidate, ...change };
    // The age group first: a birth date that moves it would otherwise read as missing statements.
    if (
      isValidCalendarDate(merged.date_naissance) &&
      ageCategory(merged.date_naissance, orderDate) !== 'too_young' &&
      !keepsAgeCategory(candidate.date_naissance, merged.date_naissance, orderDate)
    ) {
      throw validationError({
        date_naissance:
          ageCategory(candidate.date_naissance, orderDate) === 'minor'
            ? 'validation:stays_minor'
            : 'validation:stays_adult',
      });
    }
    const parsed = candidateSchema(orderDate).safeParse(merged);
    if (!parsed.success) throw validationError(fieldErrors(parsed.error));
    const next = parsed.data;
    return { ...next, portable: normalizePhone(next.portable, next.pays) ?? next.portable };
  }

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
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ candidate: candidates, order: orders })
          .from(candidates)
          .innerJoin(orders, eq(orders.id, candidates.orderId))
          .where(and(eq(candidates.id, candidateId), eq(orders.userId, buyerId)))
          .for('update', { of: candidates });
        if (!row) throw notFound('No such candidate');
        const { candidate, order } = row;
        const scope = candidateChangeScope({ ...candidate, mode_livraison: order.mode_livraison });
        if (scope === null) throw alreadyProcessed();
        const next = checkedCandidate(candidate, order, change);
        const allowed = scope === 'all' ? CANDIDATE_CHANGE_FIELDS : CANDIDATE_IDENTITY_FIELDS;
        const diff = differences(candidate, { ...candidate, ...next }, CANDIDATE_CHANGE_FIELDS);
        if (diff.changed.some((field) => !(allowed as readonly string[]).includes(field))) {
          throw alreadyProcessed(
            'The kit has been sent: only the identity and contact can still be corrected',
          );
        }
        if (diff.changed.length === 0) return { changed: [], resend: false };
        await tx
          .update(candidates)
          .set({ ...diff.after, updatedAt: now })
          .where(eq(candidates.id, candidate.id));
        await documents.renew(tx, candidate.id, now);
        await recordAudit(tx, {
          actorId: buyerId,
          action: 'candidate.changed_by_buyer',
          entity: 'candidate',
          entityId: candidate.id,
          before: diff.before,
          after: diff.after,
        });
        return { changed: diff.changed, resend: scope === 'identity' };
      });
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
      const outcome = await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.userId, buyerId)))
          .for('update');
        if (!order) throw notFound('No such order');
        const orderCandidates = await tx
          .select()
          .from(candidates)
          .where(eq(candidates.orderId, order.id))
          .orderBy(asc(candidates.id))
          .for('update');
        if (order.status !== 'paid') {
          throw new AppError(409, 'conflict', 'An unpaid order is cancelled and placed again, not changed');
        }
        if (!canChangeDelivery({ ...order, candidates: orderCandidates })) throw alreadyProcessed();
        const stored: DeliveryChange = {
          mode_livraison: order.mode_livraison,
          date_livraison: order.date_livraison,
          point_retrait: order.point_retrait,
          adresse_livraison: order.adresse_livraison,
        };
        const parsed = deliveryChangeSchema(today(now)).safeParse({
          ...stored,
          ...change,
          adresse_livraison: { ...stored.adresse_livraison, ...change.adresse_livraison },
        });
        if (!parsed.success) throw validationError(fieldErrors(parsed.error));
        const next: DeliveryChange = {
          ...parsed.data,
          point_retrait:
            parsed.data.mode_livraison === 'retrait' ? (parsed.data.point_retrait ?? null) : null,
        };
        if (
          next.mode_livraison === 'retrait' &&
          !config.pickupPoints.some((point) => point.id === next.point_retrait)
        ) {
          throw validationError({ point_retrait: 'validation:point_retrait_required' });
        }
        const diff = differences(stored, next, [
          'mode_livraison',
          'date_livraison',
          'point_retrait',
          'adresse_livraison',
        ]);
        if (diff.changed.length === 0) return { changed: [], emailNow: [] };
        await tx
          .update(orders)
          .set({ ...diff.after, updatedAt: now })
          .where(eq(orders.id, order.id));
        await recordAudit(tx, {
          actorId: buyerId,
          action: 'order.delivery_changed_by_buyer',
          entity: 'order',
          entityId: order.id,
          before: diff.before,
          after: diff.after,
        });
        const emailNow =
          next.mode_livraison === 'email' ? orderCandidates.map((candidate) => candidate.id) : [];
        return { changed: diff.changed, emailNow };
      });
      await emailDocumentsNow(mailing, outcome.emailNow, { actorId: buyerId });
      return { changed: outcome.changed };
    },
  };
}
