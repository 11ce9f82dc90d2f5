/**
 * What the site says about one kind of personal data: whose it is, what goes into the person's copy and how long
 * it is kept. Every kind is declared once, in registry.ts; the copy (services/accounts/data-export.ts), the retention job
 * (services/accounts/retention.ts) and the privacy page read the declarations. Decision 0043.
 */
import { type AnyColumn, type SQL, eq, sql } from 'drizzle-orm';
import type { Period } from '../../domain/retention-period.ts';
import type { Database } from '../db/client.ts';

/**
 * Who the copy is for. `userId`: the account, when there is one. `address`: an email address proven to be the
 * person's (the account's once verified, or the one a volunteer checked for a request by post); rows found by
 * address (records made before the account, registrations made by others) are never given on an unproven one.
 */
export interface DataSubject {
  userId: number | null;
  address: string | null;
}

/** How a kind's rows are tied to a person. */
export type Owner = 'account' | 'address';

export interface KindCopy {
  /** Written as `<kind>.json`. */
  records: unknown[];
  /** Files of their own (the rides), written under `<kind>/`. */
  files?: { name: string; bytes: Uint8Array }[];
}

/**
 * A deletion rule. `period`: rows older than it go (a setting of server/config.ts, or a fixed period);
 * `expiry`: rows past their own expiry go. `purge` deletes them in the job's transaction and counts them.
 */
export interface RetentionRule {
  period: Period | 'expiry';
  purge: (tx: Database, cutoff: Date) => Promise<number>;
}

/**
 * Kept without a deletion rule, and why: `account` (goes with the account), `order` (goes with its order),
 * `record` (the club's records: paid orders, the ranking; decision 0028), `withdrawal` (until the person
 * withdraws it), `not_kept` (read and forgotten at once).
 */
export type Keeping = 'account' | 'order' | 'record' | 'withdrawal' | 'not_kept';

export interface PersonalDataKind {
  /** Names the file of the copy and the texts of `privacy:data.kinds.<id>` (what, why, how long). */
  id: string;
  owner: readonly Owner[];
  /** What the person's copy holds of this kind; absent when nothing is stored. */
  copy?: (db: Database, subject: DataSubject) => Promise<KindCopy>;
  retention: RetentionRule | { keep: Keeping };
}

/** `column = value`, or false when the subject has no such value: a null never matches a row. */
export function sameAs(column: AnyColumn, value: number | null): SQL {
  return value === null ? sql`false` : eq(column, value);
}

/** Case-insensitive match of an email column with the subject's proven address; false without one. */
export function sameAddress(column: AnyColumn | SQL, address: string | null): SQL {
  return address === null ? sql`false` : sql`lower(${column}) = ${address.toLowerCase()}`;
}

/** Deleted rows counted from a `delete … returning`. */
export async function counted(rows: Promise<unknown[]>): Promise<number> {
  return (await rows).length;
}
