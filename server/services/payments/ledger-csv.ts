/**
 * The ledger's CSV files (decision 0047). Without a language, the machine-readable file API clients have read:
 * commas, decimal points, English headers and codes, the movements then a blank line and the monthly totals. With
 * the admin's language, the file that language's spreadsheet opens as it is (as the candidates' file, decision
 * 0042): its separator, decimal comma where it writes one, headers, kinds and providers in words, dates as it
 * writes them, and one table per file, since a spreadsheet reads one table from a CSV file.
 */
import { CLUB_TIME_ZONE } from '../../../domain/dates.ts';
import { formatMonth, formatShortDateTime } from '../../../domain/format.ts';
import type { Locale } from '../../../domain/locales.ts';
import type { LedgerTable } from '../../../domain/schemas/refunds.ts';
import { translator } from '../../i18n.ts';
import { CSV_SEPARATORS } from '../admin/candidates-csv.ts';
import { type CsvCell, csvFile } from '../admin/csv-file.ts';

export interface LedgerLine {
  at: Date;
  order: string;
  candidates: string;
  provider: string;
  providerReference: string;
  signedCents: number;
  kind: 'payment' | 'refund';
}

/** One month's money in and out, in cents; `month` is `YYYY-MM`. */
export interface LedgerMonth {
  month: string;
  inCents: number;
  outCents: number;
}

const MOVEMENT_COLUMNS = [
  'date',
  'order',
  'candidates',
  'provider',
  'provider_reference',
  'amount',
  'kind',
] as const;
const MONTH_COLUMNS = ['month', 'money_in', 'money_out', 'net'] as const;

/** The English headers API clients know, and the file's one format of a date. */
const RAW_MOVEMENT_HEADER = [
  'date',
  'order',
  'candidates',
  'provider',
  'provider_reference',
  'amount_eur',
  'kind',
];
const RAW_MONTH_HEADER = ['month', 'money_in_eur', 'money_out_eur', 'net_eur'];

/** Languages whose spreadsheets split on semicolons write decimals with a comma. */
const decimalCommaOf = (lang: Locale) => CSV_SEPARATORS[lang] === ';';

const monthRow = (month: LedgerMonth, label: string): CsvCell[] => [
  label,
  month.inCents / 100,
  -month.outCents / 100,
  (month.inCents - month.outCents) / 100,
];

const rawDateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: CLUB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The machine-readable file: both tables with a blank line between, or the one `table` names. */
export function rawLedgerCsv(
  lines: readonly LedgerLine[],
  months: readonly LedgerMonth[],
  table?: LedgerTable,
): string {
  const movements: CsvCell[][] = [
    RAW_MOVEMENT_HEADER,
    ...lines.map((line) => [
      rawDateTime.format(line.at),
      line.order,
      line.candidates,
      line.provider,
      line.providerReference,
      line.signedCents / 100,
      line.kind,
    ]),
  ];
  const totals: CsvCell[][] = [RAW_MONTH_HEADER, ...months.map((month) => monthRow(month, month.month))];
  const rows =
    table === 'movements' ? movements : table === 'months' ? totals : [...movements, [], ...totals];
  return csvFile(rows, { decimals: 2 });
}

/** One table of the ledger in the admin's language. */
export function localizedLedgerCsv(
  lang: Locale,
  table: LedgerTable,
  lines: readonly LedgerLine[],
  months: readonly LedgerMonth[],
): string {
  const t = translator(lang, 'admin');
  const options = { decimals: 2, delimiter: CSV_SEPARATORS[lang], decimalComma: decimalCommaOf(lang) };
  if (table === 'months')
    return csvFile(
      [
        MONTH_COLUMNS.map((column) => t(`ledger.columns.${column}`)),
        ...months.map((month) => monthRow(month, formatMonth(lang, month.month))),
      ],
      options,
    );
  return csvFile(
    [
      MOVEMENT_COLUMNS.map((column) => t(`ledger.columns.${column}`)),
      ...lines.map((line) => [
        formatShortDateTime(lang, line.at),
        line.order,
        line.candidates,
        t(`refunds.providers.${line.provider}`),
        line.providerReference,
        line.signedCents / 100,
        t(`ledger.kinds.${line.kind}`),
      ]),
    ],
    options,
  );
}
