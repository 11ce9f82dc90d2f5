/**
 * The CSV file of an admin list (decision 0042). Without a language it is the machine-readable file API clients
 * have always read: commas, the API's codes and ISO dates. With the admin's language it is the file that
 * language's spreadsheet opens as it is: its separator, its headers, challenges, delivery modes, statuses and
 * countries in words, dates as the language writes them. Both are written by csv-file.ts (byte order mark,
 * formula-safe cells).
 */
import { countryName } from '../../../domain/countries.ts';
import { formatShortDate, formatShortDateTime } from '../../../domain/format.ts';
import type { Locale } from '../../../domain/locales.ts';
import type { CandidateRow } from '../../../contracts/admin.ts';
import { translator } from '../../i18n.ts';
import { csvFile } from './csv-file.ts';

const COLUMNS = [
  'reference',
  'nom',
  'prenom',
  'email',
  'epreuve',
  'created_at',
  'date_livraison',
  'mode_livraison',
  'statut',
  'ville',
  'pays',
  'numero',
  'date_passage',
  'homologateur',
  'rejection_reason',
] as const;
type Column = (typeof COLUMNS)[number];

/**
 * Spreadsheets in languages that write decimals with a comma (French, German, Dutch, Spanish, Italian) split a
 * CSV file on semicolons; English ones on commas.
 */
export const CSV_SEPARATORS: Readonly<Record<Locale, ',' | ';'>> = {
  fr: ';',
  gb: ',',
  de: ';',
  nl: ';',
  es: ';',
  it: ';',
};

/** Who decided, as the history's screen shows: who certified a homologated ride, who rejected a refused one. */
const decidedBy = (row: CandidateRow) => row.homologation?.homologateur?.name ?? row.rejectedBy?.name ?? '';

const rawCell = (row: CandidateRow, column: Column): string | number => {
  switch (column) {
    case 'homologateur':
      return decidedBy(row);
    case 'rejection_reason':
      return row.statut === 'rejected' ? (row.rejectionReason ?? '') : '';
    case 'numero':
      return row.homologation?.numero ?? '';
    case 'date_passage':
      return row.homologation?.date_passage ?? '';
    default:
      return row[column] ?? '';
  }
};

function localizedCell(row: CandidateRow, column: Column, lang: Locale): string | number {
  const t = translator(lang, 'admin');
  switch (column) {
    case 'epreuve':
      return t(`challenges.${row.epreuve}`);
    case 'created_at':
      return formatShortDateTime(lang, row.created_at);
    case 'date_livraison':
      return row.date_livraison ? formatShortDate(lang, row.date_livraison) : '';
    case 'mode_livraison':
      return row.mode_livraison ? t(`delivery.${row.mode_livraison}`) : '';
    case 'statut':
      return t(`statuses.${row.statut}`);
    case 'pays':
      return countryName(row.pays, lang) ?? row.pays;
    case 'date_passage':
      return row.homologation?.date_passage ? formatShortDate(lang, row.homologation.date_passage) : '';
    case 'homologateur':
      return !row.homologation && row.rejectedBy
        ? t('rejectedBy', { name: row.rejectedBy.name })
        : decidedBy(row);
    default:
      return rawCell(row, column);
  }
}

export function candidatesCsv(rows: readonly CandidateRow[], lang?: Locale): string {
  const t = lang ? translator(lang, 'admin') : null;
  const header = COLUMNS.map((column) => (t ? t(`csv.${column}`) : column));
  const records = rows.map((row) =>
    COLUMNS.map((column) => (lang ? localizedCell(row, column, lang) : rawCell(row, column))),
  );
  return csvFile([header, ...records], { delimiter: lang ? CSV_SEPARATORS[lang] : ',' });
}
