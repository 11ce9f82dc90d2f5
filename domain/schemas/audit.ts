/**
 * The audit log's filters (issue 42), shared by its page and `GET /api/admin/audit`: a person (their address), a kind
 * of act, days in Paris time (both included), and `before`, the entry from which an older page starts.
 */
import { AUDIT_ACTIONS } from '../audit-actions.ts';
import { LOCALES } from '../locales.ts';
import { isValidCalendarDate } from '../dates.ts';
import { MAX_DATABASE_ID, text } from './common.ts';
import { z } from './zod.ts';

const blankIsNone = (value: unknown) => (value === '' ? undefined : value);

const optionalDate = z.preprocess(
  blankIsNone,
  text().refine(isValidCalendarDate, 'validation:date_invalid').optional(),
);

export const auditQuery = z.object({
  actor: z.preprocess(
    blankIsNone,
    text()
      .max(254)
      .transform((value) => value.trim().toLowerCase())
      .optional(),
  ),
  action: z.preprocess(blankIsNone, z.enum(AUDIT_ACTIONS).optional()),
  from: optionalDate,
  to: optionalDate,
  before: z.preprocess(blankIsNone, z.coerce.number().int().positive().max(MAX_DATABASE_ID).optional()),
  lang: z.preprocess(blankIsNone, z.enum(LOCALES).optional()),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** Entries per page of the log. */
export const AUDIT_PAGE_SIZE = 50;
