/**
 * Writing laureates into the database: the club's earlier records from a CSV file (`laureates:import`, read by
 * server/laureate-import/parse.ts) and the synthetic demo set (demo-data.ts) go through the same writer.
 *
 * An import is all or nothing: every row is validated first and any error stops it before a single write; the
 * writes then happen in one transaction. It is idempotent: a homologation whose (epreuve, numero) is already
 * there is skipped. Rows of the same person become one laureate (server/laureate-import/people.ts), linked to a
 * laureate already there when one matches. The number sequences continue after the highest number imported.
 * What the command line prints about it is server/cli-import-report.ts.
 */
import { sql } from 'drizzle-orm';
import { laureateIdentityKey } from '../../../domain/search.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';
import type { Database } from '../../db/client.ts';
import { homologationSequences, homologations, laureates } from '../../db/schema/index.ts';
import { type LaureateRecord, parseLaureatesCsv, type RowError } from '../../laureate-import/parse.ts';
import {
  ageAtRide,
  groupPeople,
  hasBirthDate,
  laureateValues,
  type Person,
} from '../../laureate-import/people.ts';

export interface ImportReport {
  /** Homologations in the input. */
  rows: number;
  /** Homologations written (would be written, in a dry run). */
  inserted: number;
  /** Already in the database: (epreuve, numero) present. */
  skipped: number;
  laureatesCreated: number;
  /** Existing laureates that received homologations. */
  laureatesLinked: number;
  /** The highest number of each challenge after the import. */
  lastNumeros: Partial<Record<ChallengeId, number>>;
  dryRun: boolean;
}

export interface WriteOptions {
  source: 'import' | 'demo';
  dryRun?: boolean;
  /** Called as batches are written: rows (laureates and homologations) written so far, and in all. */
  onProgress?: (done: number, total: number) => void;
}

const BATCH_SIZE = 1000;

/** The records whose (epreuve, numero) is not in the database yet. */
async function freshRecords(tx: Database, records: LaureateRecord[]): Promise<LaureateRecord[]> {
  const rows = await tx
    .select({ epreuve: homologations.epreuve, numero: homologations.numero })
    .from(homologations);
  const present = new Set(rows.map((row) => `${row.epreuve}:${row.numero}`));
  return records.filter((record) => !present.has(`${record.epreuve}:${record.numero}`));
}

/**
 * Gives each person the laureate already in the database that is theirs, by email then by identity (with a date
 * of birth, and only when one laureate has it). Answers how many were linked.
 */
async function linkExistingLaureates(tx: Database, people: Person[]): Promise<number> {
  const existing = await tx
    .select({ id: laureates.id, email: laureates.email, identityKey: laureates.identityKey })
    .from(laureates);
  const byEmail = new Map<string, number>();
  // Identity -> the one laureate with it (null when several share it: then nobody is linked by it).
  const byIdentity = new Map<string, number | null>();
  const withoutEmailByIdentity = new Map<string, number | null>();
  const remember = (map: Map<string, number | null>, key: string, id: number) =>
    map.set(key, map.has(key) ? null : id);
  for (const row of existing) {
    if (row.email) byEmail.set(row.email.toLowerCase(), row.id);
    if (!hasBirthDate(row.identityKey)) continue;
    remember(byIdentity, row.identityKey, row.id);
    if (!row.email) remember(withoutEmailByIdentity, row.identityKey, row.id);
  }
  let linked = 0;
  for (const person of people) {
    const email = person.records.find((record) => record.email)?.email;
    const identity = laureateIdentityKey(laureateValues(person));
    const byIdentityMatch = hasBirthDate(identity)
      ? (email ? withoutEmailByIdentity : byIdentity).get(identity)
      : undefined;
    person.laureateId = (email ? byEmail.get(email) : undefined) ?? byIdentityMatch ?? undefined;
    if (person.laureateId !== undefined) linked += 1;
  }
  return linked;
}

/** The highest number of each challenge once `fresh` is written: sequences, numbers present, numbers imported. */
async function lastNumerosWith(tx: Database, fresh: LaureateRecord[]) {
  const lastNumeros: Partial<Record<ChallengeId, number>> = {};
  const [sequences, highest] = await Promise.all([
    tx.select().from(homologationSequences),
    tx
      .select({ epreuve: homologations.epreuve, numero: sql<number>`max(${homologations.numero})::int` })
      .from(homologations)
      .groupBy(homologations.epreuve),
  ]);
  for (const row of [
    ...sequences.map((entry) => ({ epreuve: entry.epreuve, numero: entry.lastNumero })),
    ...highest,
  ])
    lastNumeros[row.epreuve] = Math.max(lastNumeros[row.epreuve] ?? 0, row.numero);
  for (const record of fresh)
    lastNumeros[record.epreuve] = Math.max(lastNumeros[record.epreuve] ?? 0, record.numero);
  return lastNumeros;
}

/** Inserts the new laureates and every homologation in batches, then moves the number sequences on. */
async function insertAll(
  tx: Database,
  people: Person[],
  newPeople: Person[],
  lastNumeros: Partial<Record<ChallengeId, number>>,
  options: WriteOptions,
) {
  // Ids are taken from the sequence first, so each person knows theirs without relying on RETURNING order.
  const ids = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('laureates', 'id'))::int as id from generate_series(1, ${newPeople.length})`,
  );
  const idRows = (ids as unknown as { rows: { id: number }[] }).rows;
  newPeople.forEach((person, index) => (person.laureateId = idRows[index]!.id));
  const rows = people.flatMap((person) =>
    person.records.map((record) => ({
      laureateId: person.laureateId!,
      epreuve: record.epreuve,
      numero: record.numero,
      date_passage: record.date_passage,
      ageAtRide: ageAtRide(record),
      ville: record.ville,
      source: options.source,
      homologatedAt: record.homologated_at,
    })),
  );
  // Progress counts rows written in both tables.
  const totalRows = newPeople.length + rows.length;
  for (let start = 0; start < newPeople.length; start += BATCH_SIZE) {
    await tx
      .insert(laureates)
      .values(
        newPeople
          .slice(start, start + BATCH_SIZE)
          .map((person) => ({ id: person.laureateId!, ...laureateValues(person) })),
      );
    options.onProgress?.(Math.min(start + BATCH_SIZE, newPeople.length), totalRows);
  }
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await tx.insert(homologations).values(rows.slice(start, start + BATCH_SIZE));
    options.onProgress?.(newPeople.length + Math.min(start + BATCH_SIZE, rows.length), totalRows);
  }

  for (const [epreuve, lastNumero] of Object.entries(lastNumeros) as [ChallengeId, number][]) {
    await tx
      .insert(homologationSequences)
      .values({ epreuve, lastNumero })
      .onConflictDoUpdate({
        target: homologationSequences.epreuve,
        set: { lastNumero: sql`greatest(${homologationSequences.lastNumero}, ${lastNumero})` },
      });
  }
}

export function createLaureateImportService(deps: { db: Database; onChange?: () => void }) {
  const { db } = deps;

  /** Writes validated records (see the module comment); the report says what was, or would be, done. */
  async function writeRecords(records: LaureateRecord[], options: WriteOptions): Promise<ImportReport> {
    const report = await db.transaction(async (tx): Promise<ImportReport> => {
      const fresh = await freshRecords(tx, records);
      const people = groupPeople(fresh);
      const laureatesLinked = await linkExistingLaureates(tx, people);
      const newPeople = people.filter((person) => person.laureateId === undefined);
      const lastNumeros = await lastNumerosWith(tx, fresh);
      const report: ImportReport = {
        rows: records.length,
        inserted: fresh.length,
        skipped: records.length - fresh.length,
        laureatesCreated: newPeople.length,
        laureatesLinked,
        lastNumeros,
        dryRun: Boolean(options.dryRun),
      };
      if (!options.dryRun && fresh.length > 0) await insertAll(tx, people, newPeople, lastNumeros, options);
      return report;
    });
    if (!report.dryRun && report.inserted > 0) deps.onChange?.();
    return report;
  }

  return {
    writeRecords,

    /**
     * Validates the whole file, then imports it, or reports every bad row and imports nothing; either way with the
     * rows whose dates are kept as unknown (warnings).
     */
    async importCsv(
      text: string,
      options: Omit<WriteOptions, 'source'> = {},
    ): Promise<{
      errors: RowError[];
      warnings: RowError[];
      ignoredColumns: string[];
      report: ImportReport | null;
    }> {
      const { records, errors, warnings, ignoredColumns } = parseLaureatesCsv(text);
      if (errors.length > 0) return { errors, warnings, ignoredColumns, report: null };
      const report = await writeRecords(records, { ...options, source: 'import' });
      return { errors: [], warnings, ignoredColumns, report };
    },

    /** True when no laureate exists yet (start-up seeds demo data only then). */
    async isEmpty(): Promise<boolean> {
      const [row] = await db.select({ id: laureates.id }).from(laureates).limit(1);
      return !row;
    },

    /** The last number of each challenge's sequence. */
    async lastNumeros(): Promise<Partial<Record<ChallengeId, number>>> {
      const rows = await db.select().from(homologationSequences);
      return Object.fromEntries(rows.map((row) => [row.epreuve, row.lastNumero]));
    },

    async laureateCount(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(laureates);
      return row?.count ?? 0;
    },
  };
}
