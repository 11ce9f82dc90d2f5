/**
 * The buyer corrects a candidate (PATCH /api/candidates/{id}), and what both kinds of change share: the refusal of
 * a started kit and the list of fields that differ.
 */
import { and, eq } from 'drizzle-orm';
import { ageCategory } from '../../../domain/ages.ts';
import { calendarDateOf, isValidCalendarDate } from '../../../domain/dates.ts';
import { normalizePhone } from '../../../domain/phone.ts';
import {
  CANDIDATE_CHANGE_FIELDS,
  CANDIDATE_IDENTITY_FIELDS,
  type CandidateChangeField,
  candidateChangeScope,
  keepsAgeCategory,
} from '../../../domain/registration-changes.ts';
import { candidateSchema } from '../../../domain/schemas/candidate.ts';
import { fieldErrors } from '../../../domain/schemas/common.ts';
import type { CandidateChange } from '../../../domain/schemas/registration-change.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orders } from '../../db/schema/index.ts';
import { AppError, notFound, validationError } from '../../errors.ts';
import { recordAudit } from '../platform/audit.ts';
import type { DocumentsService } from '../documents/documents.ts';

type CandidateRow = typeof candidates.$inferSelect;

type OrderRow = typeof orders.$inferSelect;

export const alreadyProcessed = (message = 'A volunteer has already started on this registration') =>
  new AppError(409, 'already_processed', message);

/** The fields whose value differs, each with its value before and after. */
export function differences<T extends Record<string, unknown>, K extends keyof T>(
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

/**
 * In one transaction: another user's candidate is 404; a kit a volunteer has started is 409 `already_processed`; a
 * kit emailed already takes identity and contact only, and answers `resend` for its corrected documents.
 */
export function changeCandidateFields(
  deps: { db: Database; documents: DocumentsService },
  buyerId: number,
  candidateId: number,
  change: CandidateChange,
  now: Date,
): Promise<{ changed: CandidateChangeField[]; resend: boolean }> {
  const { db, documents } = deps;
  return db.transaction(async (tx) => {
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
      throw alreadyProcessed('The kit has been sent: only the identity and contact can still be corrected');
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
}
