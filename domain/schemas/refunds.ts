/** Bodies and queries of refunds, cancellation requests and the ledger (decision 0039). */
import { z } from './zod.ts';
import { isValidCalendarDate } from '../dates.ts';
import { LOCALES } from '../locales.ts';
import { reason } from './admin.ts';
import { GENERIC_MESSAGE, idField, idParam, text } from './common.ts';

/** More candidates than an order can hold names no order. */
const candidateIds = () =>
  z.array(idField()).min(1, 'validation:candidates_required').max(50, GENERIC_MESSAGE);

/** The largest amount one refund may name, far above any order: a typo is refused before the provider. */
export const REFUND_MAX_CENTS = 10_000_000;

export const refundBody = z
  .object({
    candidate_ids: candidateIds().optional(),
    amount_cents: z
      .number({ error: 'validation:refund_amount_invalid' })
      .int('validation:refund_amount_invalid')
      .positive('validation:refund_amount_invalid')
      .max(REFUND_MAX_CENTS, 'validation:refund_amount_invalid')
      .optional(),
    reason: reason(),
  })
  .refine((body) => body.candidate_ids !== undefined || body.amount_cents !== undefined, {
    path: ['candidate_ids'],
    error: 'validation:candidates_required',
  });
export type RefundBody = z.infer<typeof refundBody>;

/** The candidates a refund made in the provider's dashboard withdraws. */
export const withdrawBody = z.object({ candidate_ids: candidateIds() });

export const cancellationRequestBody = z.object({ candidate_ids: candidateIds(), reason: reason() });
export type CancellationRequestBody = z.infer<typeof cancellationRequestBody>;

export const declineBody = z.object({ reason: reason() });

const optionalDate = z.preprocess(
  (value) => (value === '' ? undefined : value),
  text().refine(isValidCalendarDate, 'validation:date_invalid').optional(),
);

/** The ledger's two tables: every movement of money, and each month's totals. */
export const LEDGER_TABLES = ['movements', 'months'] as const;
export type LedgerTable = (typeof LEDGER_TABLES)[number];

/**
 * Days in Paris time, both included; without them, the current season. With `lang`, the file that language's
 * spreadsheet reads, one table per file (`table`, the movements by default); without, the machine-readable file.
 */
export const ledgerQuery = z.object({
  from: optionalDate,
  to: optionalDate,
  lang: z.enum(LOCALES).optional(),
  table: z.enum(LEDGER_TABLES).optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuery>;

/** The account page's form: one registration at a time, posted with its order (decision 0032). */
export const cancellationRequestForm = z.object({
  order: idParam(),
  candidate: idParam(),
  reason: reason(),
});
