/**
 * Bringing laureates into the database: the club's earlier records from a CSV file (`laureates:import`) and the
 * synthetic demo set (demo-data.ts) go through the same writer.
 *
 * An import is all or nothing: every row is validated first and any error stops it before a single write; the
 * writes then happen in one transaction. It is idempotent: a homologation whose (epreuve, numero) is already
 * there is skipped. Rows of the same person become one laureate: same email, else same normalized
 * nom + prenom + date_naissance. The number sequences continue after the highest number imported.
 */
import { Presets, SingleBar } from 'cli-progress';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import { COUNTRY_CODES, countryName, isCountryCode } from '../../domain/countries.ts';
import { ageOn, isValidCalendarDate } from '../../domain/dates.ts';
import { LOCALES } from '../../domain/locales.ts';
import { laureateIdentityKey, laureateSearchText, normalizeSearchText } from '../../domain/search.ts';
import { CHALLENGE_IDS, type ChallengeId } from '../../domain/ventoux.ts';
import type { Database } from '../db/client.ts';
import { homologationSequences, homologations, laureates } from '../db/schema.ts';

/** One homologation with its rider, validated. `line` is where it came from (the CSV line, or a demo index). */
export interface LaureateRecord {
  line: number;
  epreuve: ChallengeId;
  numero: number;
  date_passage: string | null;
  civilite: 'mme' | 'm' | null;
  nom: string;
  prenom: string;
  date_naissance: string | null;
  email: string | null;
  ville: string | null;
  pays: string | null;
  nationalite: string | null;
  /** When the ride was certified; the club's files do not say, and the import then records the day it runs. */
  homologated_at?: Date;
}

export interface RowError {
  line: number;
  message: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading one CSV row

/** The documented header, in this order (README "Importing the club's laureates"). */
export const CSV_COLUMNS = [
  'epreuve',
  'numero',
  'nom',
  'prenom',
  'civilite',
  'date_naissance',
  'email',
  'date_passage',
  'ville',
  'pays',
  'nationalite',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly CsvColumn[] = ['epreuve', 'numero', 'nom', 'prenom'];

/** Other names a header may use (compared normalized: case, accents and punctuation do not matter). */
const COLUMN_ALIASES: Record<string, CsvColumn> = {
  challenge: 'epreuve',
  numero_homologation: 'numero',
  number: 'numero',
  n: 'numero',
  no: 'numero',
  surname: 'nom',
  last_name: 'nom',
  first_name: 'prenom',
  title: 'civilite',
  birth_date: 'date_naissance',
  ride_date: 'date_passage',
  town: 'ville',
  city: 'ville',
  country: 'pays',
  nationality: 'nationalite',
  mail: 'email',
  e_mail: 'email',
};

export function columnOf(header: string): CsvColumn | undefined {
  const key = normalizeSearchText(header).replaceAll(' ', '_');
  return (CSV_COLUMNS as readonly string[]).includes(key) ? (key as CsvColumn) : COLUMN_ALIASES[key];
}

const CHALLENGE_NAMES: Record<string, ChallengeId> = {
  cingle: 'cingle',
  galerien: 'galerien',
  bicingle: 'bicingle',
};

const CIVILITE_NAMES: Record<string, 'mme' | 'm'> = {
  m: 'm',
  mr: 'm',
  monsieur: 'm',
  h: 'm',
  homme: 'm',
  male: 'm',
  mme: 'mme',
  mlle: 'mme',
  madame: 'mme',
  mademoiselle: 'mme',
  mrs: 'mme',
  ms: 'mme',
  miss: 'mme',
  f: 'mme',
  femme: 'mme',
  female: 'mme',
};

/** Country names in the site's six languages (normalized) -> code, for files that spell countries out. */
let countriesByName: Map<string, string> | undefined;
function countryCodeByName(name: string): string | undefined {
  if (!countriesByName) {
    countriesByName = new Map();
    for (const code of COUNTRY_CODES)
      for (const locale of LOCALES) {
        const label = countryName(code, locale);
        if (label) countriesByName.set(normalizeSearchText(label), code);
      }
  }
  return countriesByName.get(normalizeSearchText(name));
}

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/;

/**
 * DD/MM/YYYY (also with '.' or '-', and one-digit day or month) or YYYY-MM-DD (a time after it is ignored) ->
 * 'YYYY-MM-DD'. Empty, impossible days and the legacy placeholder 1970-01-01 give null: an unknown date.
 */
export function parseLegacyDate(value: string): string | null {
  const text = value.trim();
  let date: string | undefined;
  const dmy = DMY.exec(text);
  if (dmy) date = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  const ymd = YMD.exec(text);
  if (ymd) date = `${ymd[1]}-${ymd[2]}-${ymd[3]}`;
  if (!date || !isValidCalendarDate(date) || date === '1970-01-01') return null;
  return date;
}

const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

const country = (what: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = optional(value);
      if (!text) return null;
      const code = isCountryCode(text.toLowerCase()) ? text.toLowerCase() : countryCodeByName(text);
      if (!code) ctx.addIssue({ code: 'custom', message: `${what}: unknown country "${text}"` });
      return code ?? null;
    });

const requiredName = (what: string) =>
  z
    .string({ error: `${what} is missing` })
    .trim()
    .min(1, `${what} is missing`)
    .max(100, `${what} is longer than 100 characters`);

/** One CSV row (column -> text) -> a record, or the reasons it is wrong. */
const csvRowSchema = z.object({
  epreuve: z.string({ error: 'epreuve is missing' }).transform((value, ctx) => {
    const challenge = CHALLENGE_NAMES[normalizeSearchText(value).replaceAll(' ', '')];
    if (!challenge)
      ctx.addIssue({
        code: 'custom',
        message: `epreuve: "${value}" is not one of ${CHALLENGE_IDS.join(', ')}`,
      });
    return challenge ?? 'cingle';
  }),
  numero: z
    .string({ error: 'numero is missing' })
    .trim()
    .regex(/^\d{1,9}$/, 'numero: expected a positive whole number')
    .transform(Number)
    .refine((value) => value > 0, 'numero: expected a positive whole number'),
  nom: requiredName('nom'),
  prenom: requiredName('prenom'),
  civilite: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = optional(value);
      if (!text) return null;
      const civilite = CIVILITE_NAMES[normalizeSearchText(text).replaceAll(' ', '')];
      if (!civilite) ctx.addIssue({ code: 'custom', message: `civilite: "${text}" is not m or mme` });
      return civilite ?? null;
    }),
  date_naissance: z
    .string()
    .optional()
    .transform((value) => parseLegacyDate(value ?? '')),
  date_passage: z
    .string()
    .optional()
    .transform((value) => parseLegacyDate(value ?? '')),
  email: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = optional(value)?.toLowerCase();
      if (!text) return null;
      if (!z.email().safeParse(text).success)
        ctx.addIssue({ code: 'custom', message: `email: "${text}" is not an email address` });
      return text;
    }),
  ville: z
    .string()
    .optional()
    .transform((value) => optional(value)?.slice(0, 100) ?? null),
  pays: country('pays'),
  nationalite: country('nationalite'),
});

/** Validates one row of the file (`line` is its line number, for the messages). */
export function parseCsvRow(
  row: Partial<Record<CsvColumn, string>>,
  line: number,
): { record: LaureateRecord } | { errors: RowError[] } {
  const result = csvRowSchema.safeParse(row);
  if (!result.success)
    return { errors: result.error.issues.map((issue) => ({ line, message: issue.message })) };
  return { record: { line, ...result.data } };
}

/** The delimiter of the header line: semicolons (spreadsheets set to French), tabs or commas. */
function detectDelimiter(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', '\t', ','].map((char) => [char, header.split(char).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

export interface ParsedFile {
  records: LaureateRecord[];
  errors: RowError[];
  /** Header names not used (derived columns such as total are recomputed, not read). */
  ignoredColumns: string[];
}

/** Reads a whole CSV file; a homologation listed twice with different data is an error. */
export function parseLaureatesCsv(text: string): ParsedFile {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes as { record, info } (csv-parse's types do not follow the option).
    rows = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return {
      records: [],
      errors: [{ line, message: `not readable as CSV: ${(error as Error).message}` }],
      ignoredColumns: [],
    };
  }
  const [header, ...body] = rows;
  if (!header)
    return { records: [], errors: [{ line: 1, message: 'the file is empty' }], ignoredColumns: [] };
  const columns = header.record.map(columnOf);
  const ignoredColumns = header.record.filter((_name, index) => columns[index] === undefined);
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return {
      records: [],
      errors: [{ line: 1, message: `the header lacks the column(s) ${missing.join(', ')}` }],
      ignoredColumns,
    };
  }

  const records: LaureateRecord[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, LaureateRecord>();
  for (const { record: cells, info } of body) {
    const row: Partial<Record<CsvColumn, string>> = {};
    columns.forEach((column, index) => {
      if (column) row[column] = cells[index] ?? '';
    });
    const result = parseCsvRow(row, info.lines);
    if ('errors' in result) {
      errors.push(...result.errors);
      continue;
    }
    const key = `${result.record.epreuve}:${result.record.numero}`;
    const earlier = seen.get(key);
    if (earlier) {
      const { line: _a, ...first } = earlier;
      const { line: _b, ...again } = result.record;
      if (JSON.stringify(first) !== JSON.stringify(again))
        errors.push({
          line: info.lines,
          message: `${result.record.epreuve} n° ${result.record.numero} is already on line ${earlier.line} with other data`,
        });
      continue;
    }
    seen.set(key, result.record);
    records.push(result.record);
  }
  return { records, errors, ignoredColumns };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing records

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

/** The person a record belongs to, before laureate ids exist. */
interface Person {
  key: string;
  records: LaureateRecord[];
  laureateId?: number;
}

const personKeyOfEmail = (email: string) => `email:${email}`;
const personKeyOfIdentity = (identity: string) => `identity:${identity}`;
const hasBirthDate = (identity: string) => !identity.endsWith('|');

/**
 * Groups records into people: by email; rows without an email join the one person with an email and the same
 * identity, or else group by identity when the date of birth is known; anything else is a person of its own.
 */
function groupPeople(records: LaureateRecord[]): Person[] {
  const people = new Map<string, Person>();
  const emailPeopleByIdentity = new Map<string, Set<string>>();
  const add = (key: string, record: LaureateRecord) => {
    const person = people.get(key) ?? { key, records: [] };
    person.records.push(record);
    people.set(key, person);
  };
  for (const record of records) {
    if (!record.email) continue;
    const key = personKeyOfEmail(record.email);
    add(key, record);
    const identity = laureateIdentityKey(record);
    const keys = emailPeopleByIdentity.get(identity) ?? new Set();
    keys.add(key);
    emailPeopleByIdentity.set(identity, keys);
  }
  for (const record of records) {
    if (record.email) continue;
    const identity = laureateIdentityKey(record);
    const withEmail = emailPeopleByIdentity.get(identity);
    if (hasBirthDate(identity) && withEmail?.size === 1) add([...withEmail][0]!, record);
    else if (hasBirthDate(identity)) add(personKeyOfIdentity(identity), record);
    else add(`line:${record.line}`, record);
  }
  return [...people.values()];
}

/** The laureate row of a person: the details of their latest ride, the first known date of birth. */
function laureateValues(person: Person) {
  const byDate = [...person.records].sort((a, b) =>
    (a.date_passage ?? '').localeCompare(b.date_passage ?? ''),
  );
  const latest = byDate.at(-1)!;
  const pick = <K extends keyof LaureateRecord>(key: K) =>
    [...byDate].reverse().find((record) => record[key] !== null)?.[key] ?? null;
  const values = {
    email: pick('email') as string | null,
    civilite: pick('civilite') as 'mme' | 'm' | null,
    nom: latest.nom,
    prenom: latest.prenom,
    date_naissance: pick('date_naissance') as string | null,
    pays: pick('pays') as string | null,
    nationalite: pick('nationalite') as string | null,
    ville: pick('ville') as string | null,
  };
  return {
    ...values,
    searchText: laureateSearchText(values),
    identityKey: laureateIdentityKey(values),
  };
}

function ageAtRide(record: LaureateRecord): number | null {
  if (!record.date_naissance || !record.date_passage) return null;
  const age = ageOn(record.date_naissance, record.date_passage);
  return age >= 0 && age < 120 ? age : null;
}

export function createLaureateImportService(deps: { db: Database; onChange?: () => void }) {
  const { db } = deps;

  /** Writes validated records (see the module comment); the report says what was, or would be, done. */
  async function writeRecords(records: LaureateRecord[], options: WriteOptions): Promise<ImportReport> {
    const run = async (tx: Database): Promise<ImportReport> => {
      const present = new Set(
        (
          await tx
            .select({ epreuve: homologations.epreuve, numero: homologations.numero })
            .from(homologations)
        ).map((row) => `${row.epreuve}:${row.numero}`),
      );
      const fresh = records.filter((record) => !present.has(`${record.epreuve}:${record.numero}`));
      const people = groupPeople(fresh);

      // Link to laureates already in the database, by email then by identity (with a date of birth).
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
      let laureatesLinked = 0;
      for (const person of people) {
        const email = person.records.find((record) => record.email)?.email;
        const identity = laureateIdentityKey(laureateValues(person));
        const byIdentityMatch = hasBirthDate(identity)
          ? (email ? withoutEmailByIdentity : byIdentity).get(identity)
          : undefined;
        person.laureateId = (email ? byEmail.get(email) : undefined) ?? byIdentityMatch ?? undefined;
        if (person.laureateId !== undefined) laureatesLinked += 1;
      }
      const newPeople = people.filter((person) => person.laureateId === undefined);

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

      const report: ImportReport = {
        rows: records.length,
        inserted: fresh.length,
        skipped: records.length - fresh.length,
        laureatesCreated: newPeople.length,
        laureatesLinked,
        lastNumeros,
        dryRun: Boolean(options.dryRun),
      };
      if (options.dryRun || fresh.length === 0) return report;

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
      return report;
    };
    const report = await db.transaction((tx) => run(tx));
    if (!report.dryRun && report.inserted > 0) deps.onChange?.();
    return report;
  }

  return {
    writeRecords,

    /** Validates the whole file, then imports it, or reports every bad row and imports nothing. */
    async importCsv(
      text: string,
      options: Omit<WriteOptions, 'source'> = {},
    ): Promise<{ errors: RowError[]; ignoredColumns: string[]; report: ImportReport | null }> {
      const parsed = parseLaureatesCsv(text);
      if (parsed.errors.length > 0)
        return { errors: parsed.errors, ignoredColumns: parsed.ignoredColumns, report: null };
      const report = await writeRecords(parsed.records, { ...options, source: 'import' });
      return { errors: [], ignoredColumns: parsed.ignoredColumns, report };
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

// ---------------------------------------------------------------------------------------------------------------
// Command line (laureates:import, demo:seed)

const SHOWN_ERRORS = 100;

export function formatRowErrors(errors: RowError[]): string {
  const lines = errors.slice(0, SHOWN_ERRORS).map((error) => `  line ${error.line}: ${error.message}`);
  if (errors.length > SHOWN_ERRORS) lines.push(`  ... and ${errors.length - SHOWN_ERRORS} more`);
  const rows = new Set(errors.map((error) => error.line)).size;
  return [`Nothing was imported: ${rows} row(s) have errors.`, ...lines].join('\n');
}

export function formatImportReport(report: ImportReport, ignoredColumns: string[]): string {
  const numbers = Object.entries(report.lastNumeros)
    .map(([epreuve, numero]) => `${epreuve} ${numero}`)
    .join(', ');
  return [
    report.dryRun ? 'Dry run: nothing was written.' : 'Done.',
    `${report.rows} homologation(s) read, ${report.inserted} ${report.dryRun ? 'to import' : 'imported'}, ${report.skipped} already present (skipped).`,
    `${report.laureatesCreated} new laureate(s), ${report.laureatesLinked} existing laureate(s) with new homologations.`,
    numbers && `Last numbers: ${numbers}.`,
    ignoredColumns.length > 0 && `Ignored column(s): ${ignoredColumns.join(', ')}.`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** A progress bar on stderr for long writes, only when a person watches (a TTY). */
export function progressBar():
  { update: (done: number, total: number) => void; stop: () => void } | undefined {
  if (!process.stderr.isTTY) return undefined;
  const bar = new SingleBar(
    {
      stream: process.stderr,
      format: 'writing {bar} {percentage}% | {value}/{total} rows | {eta}s',
    },
    Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}
