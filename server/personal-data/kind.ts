/**
 * What the site says about one kind of personal data: whose it is, what goes into the person's copy and how long
 * it is kept. Every kind is declared once, in registry.ts; the copy (services/accounts/data-export.ts), the retention job
 * (services/accounts/retention.ts) and the privacy page read the declarations. Decision 0043.
 */
import { type AnyColumn, type SQL, type Table, eq, getTableColumns, sql } from 'drizzle-orm';
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

/** A copy that is the records one query reads for the subject, as they are. */
export function recordsOf(
  read: (db: Database, subject: DataSubject) => Promise<unknown[]>,
): NonNullable<PersonalDataKind['copy']> {
  return async (db, subject) => ({ records: await read(db, subject) });
}

/** `emailVerifiedAt` → `email_verified_at`: the copy names its fields as the database does. */
type SnakeCase<Name extends string> = Name extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${SnakeCase<Rest>}`
  : Name;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The fields a copy holds of a table: the named columns, in this order, each under its snake_case name. A kind
 * lists what it gives rather than taking every column, so a secret added to a table stays out of the copy.
 */
export function columns<T extends Table, const Name extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly Name[],
): { [N in Name as SnakeCase<N>]: T['_']['columns'][N] } {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [snakeCase(name), all[name]])) as {
    [N in Name as SnakeCase<N>]: T['_']['columns'][N];
  };
}
