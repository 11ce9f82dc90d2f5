/**
 * Reading the club's earlier records of laureates from a CSV file (`laureates:import`): the header (documented
 * columns, a few other spellings), the delimiter, the dates as the club wrote them, country names in the site's
 * languages. Pure: text in, validated records, the reasons rows are wrong (a ride before its challenge existed is
 * one) and what was kept as unknown (warnings) out; the writing is services/laureates/laureate-import.ts.
 */
import { parse } from 'csv-parse/sync';
import { z } from '../../domain/schemas/zod.ts';
import { COUNTRY_CODES, countryName, isCountryCode } from '../../domain/countries.ts';
import { isValidCalendarDate } from '../../domain/dates.ts';
import { LOCALES } from '../../domain/locales.ts';
import { normalizeSearchText } from '../../domain/search.ts';
import { CHALLENGE_IDS, type ChallengeId, challengeById, challengeExistedOn } from '../../domain/ventoux.ts';

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

/** The day a date's text names, as 'YYYY-MM-DD', whether or not it exists; undefined when it names none. */
function legacyDateText(value: string): string | undefined {
  const text = value.trim();
  const dmy = DMY.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  const ymd = YMD.exec(text);
  return ymd ? `${ymd[1]}-${ymd[2]}-${ymd[3]}` : undefined;
}

/** The club's files write an unknown date as 1970-01-01: on purpose, so no warning. */
const UNKNOWN_DATE_PLACEHOLDER = '1970-01-01';

/**
 * DD/MM/YYYY (also with '.' or '-', and one-digit day or month) or YYYY-MM-DD (a time after it is ignored) ->
 * 'YYYY-MM-DD'. Empty, impossible days and the legacy placeholder 1970-01-01 give null: an unknown date.
 */
export function parseLegacyDate(value: string): string | null {
  const date = legacyDateText(value);
  if (!date || !isValidCalendarDate(date) || date === UNKNOWN_DATE_PLACEHOLDER) return null;
  return date;
}

/**
 * Why a date written in the file is kept as unknown, when it is not left empty or the placeholder: an impossible
 * day (31/02/1995) or a text that is no date. The row is imported; the report lists it for a person to look at.
 */
function unreadDate(
  column: 'date_naissance' | 'date_passage',
  value: string | undefined,
): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const date = legacyDateText(text);
  if (date && isValidCalendarDate(date)) return undefined;
  return `${column}: "${text}" is not a ${date ? 'real day' : 'date'}; kept as unknown`;
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

/** A ride dated before its challenge existed (domain/ventoux.ts): a mistake in the record, refused. */
function rideBeforeChallenge(row: Partial<Record<CsvColumn, string>>): string | undefined {
  const challenge = CHALLENGE_NAMES[normalizeSearchText(row.epreuve ?? '').replaceAll(' ', '')];
  const date = parseLegacyDate(row.date_passage ?? '');
  if (!challenge || !date || challengeExistedOn(challenge, date)) return undefined;
  const since = challengeById(challenge).since;
  return `date_passage: ${challenge} ridden on ${date}, before the challenge existed (${since})`;
}

/**
 * Validates one row of the file (`line` is its line number, for the messages). A record may come with warnings:
 * what was kept as unknown rather than refused.
 */
export function parseCsvRow(
  row: Partial<Record<CsvColumn, string>>,
  line: number,
): { record: LaureateRecord; warnings: RowError[] } | { errors: RowError[] } {
  const result = csvRowSchema.safeParse(row);
  const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
  const tooEarly = rideBeforeChallenge(row);
  if (tooEarly) messages.push(tooEarly);
  if (!result.success || messages.length > 0)
    return { errors: messages.map((message) => ({ line, message })) };
  const warnings = (['date_naissance', 'date_passage'] as const).flatMap((column) => {
    const message = unreadDate(column, row[column]);
    return message ? [{ line, message }] : [];
  });
  return { record: { line, ...result.data }, warnings };
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
  /** Rows imported with a date kept as unknown (an impossible day, a text that is no date). */
  warnings: RowError[];
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
      warnings: [],
      ignoredColumns: [],
    };
  }
  const [header, ...body] = rows;
  if (!header)
    return {
      records: [],
      errors: [{ line: 1, message: 'the file is empty' }],
      warnings: [],
      ignoredColumns: [],
    };
  const columns = header.record.map(columnOf);
  const ignoredColumns = header.record.filter((_name, index) => columns[index] === undefined);
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return {
      records: [],
      errors: [{ line: 1, message: `the header lacks the column(s) ${missing.join(', ')}` }],
      warnings: [],
      ignoredColumns,
    };
  }

  const records: LaureateRecord[] = [];
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
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
    warnings.push(...result.warnings);
  }
  return { records, errors, warnings, ignoredColumns };
}
