/**
 * The club's ways of writing numbers, money, dates and times in a site language (Intl with the locale's BCP 47
 * tag), one function per format, for the pages and the server's mail alike. An unknown language reads as the
 * club's French.
 *
 * Calendar dates ('YYYY-MM-DD') are formatted at UTC midnight in UTC, so that no time zone moves them to the day
 * before; instants (ISO timestamps, Dates) are shown in the club's time zone, so every reader sees the same day.
 * What cannot be read as a date is given back as it is.
 */
import { CLUB_TIME_ZONE } from './dates.ts';
import { LOCALE_TAGS, localeOr } from './locales.ts';

/** An instant as the API carries it (ISO string) or as a loader has it (Date). */
export type Instant = string | Date;

export function localeTag(lang: string): string {
  return LOCALE_TAGS[localeOr(lang)];
}

/**
 * Building an Intl formatter costs far more than using one (the statistics page writes hundreds of figures), so
 * each language and set of options gets one, kept. The options come from this file's callers, a handful of
 * combinations; the bound only guards against a caller passing data as options.
 */
const MAX_KEPT_FORMATTERS = 200;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function kept<Formatter>(
  formats: Map<string, Formatter>,
  lang: string,
  options: object,
  create: (tag: string) => Formatter,
): Formatter {
  const tag = localeTag(lang);
  const key = `${tag}|${JSON.stringify(options)}`;
  let formatter = formats.get(key);
  if (!formatter) {
    if (formats.size >= MAX_KEPT_FORMATTERS) formats.clear();
    formatter = create(tag);
    formats.set(key, formatter);
  }
  return formatter;
}

function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numberFormats, lang, options, (tag) => new Intl.NumberFormat(tag, options));
}

function dateTimeFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateTimeFormats, lang, options, (tag) => new Intl.DateTimeFormat(tag, options));
}

function instant(value: Instant): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function calendarInstant(date: string): Date | null {
  return instant(`${date}T00:00:00Z`);
}

/**
 * A date written out, as the language writes it: French gives the first day of a month as an ordinal, "1er
 * janvier 2026" ("Du 1er janvier au 31 décembre"), which Intl does not. Compact forms ("01/01/2026") are left alone.
 */
function writtenDate(lang: string, options: Intl.DateTimeFormatOptions, value: Date): string {
  const formatter = dateTimeFormat(lang, options);
  if (localeOr(lang) !== 'fr') return formatter.format(value);
  return formatter
    .formatToParts(value)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');
}

/**
 * Grouping starts at five digits ('min2'), so altitudes read "1910 m" in every language while totals read
 * "12 799" or "12,799".
 */
export function formatNumber(lang: string, value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(lang, { useGrouping: 'min2', ...options }).format(value);
}

/** A percentage (93.5) as the language writes it: "93,5 %" (fr), "93.5%" (gb); at most one decimal. */
export function formatPercent(lang: string, share: number): string {
  return formatNumber(lang, share / 100, { style: 'percent', maximumFractionDigits: 1 });
}

/** 2500 EUR -> "25 €" (fr), "€25" (gb); cents are shown only when there are some. */
export function formatMoney(lang: string, amountCents: number, currency: string): string {
  return numberFormat(lang, {
    style: 'currency',
    currency,
    minimumFractionDigits: amountCents % 100 === 0 ? 0 : 2,
  }).format(amountCents / 100);
}

/** 2500 EUR -> "25,00 €" (fr), "€25.00" (gb): every cent written, as an order total in a confirmation mail. */
export function formatExactMoney(lang: string, amountCents: number, currency: string): string {
  return numberFormat(lang, { style: 'currency', currency }).format(amountCents / 100);
}

/** '2026-07-14' -> "14 juillet 2026" (fr), "14 July 2026" (gb); '2026-01-01' -> "1er janvier 2026" (fr). */
export function formatCalendarDate(lang: string, date: string): string {
  const value = calendarInstant(date);
  if (!value) return date;
  return writtenDate(lang, { dateStyle: 'long', timeZone: 'UTC' }, value);
}

/** '2026-07-14' -> "14/07/2026" (fr), "14.07.26" (de): compact, for table cells. */
export function formatShortDate(lang: string, date: string): string {
  const value = calendarInstant(date);
  if (!value) return date;
  return dateTimeFormat(lang, { dateStyle: 'short', timeZone: 'UTC' }).format(value);
}

/** '2026-07' -> "juil. 2026" (fr), "Jul 2026" (gb). */
export function formatMonth(lang: string, month: string): string {
  const value = instant(`${month}-01T00:00:00Z`);
  if (!value) return month;
  return dateTimeFormat(lang, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(value);
}

/** An instant as its day in the club's time zone, written out: "14 juillet 2026", "1er août 2026". */
export function formatTimestampDate(lang: string, timestamp: Instant): string {
  const value = instant(timestamp);
  if (!value) return String(timestamp);
  return writtenDate(lang, { dateStyle: 'long', timeZone: CLUB_TIME_ZONE }, value);
}

/** An instant as its day in the club's time zone, compact: "01/04/2026". */
export function formatShortTimestamp(lang: string, timestamp: Instant): string {
  const value = instant(timestamp);
  if (!value) return String(timestamp);
  return dateTimeFormat(lang, { dateStyle: 'short', timeZone: CLUB_TIME_ZONE }).format(value);
}

/** An instant as compact day and time in the club's time zone, for a spreadsheet cell: "01/04/2026 10:05". */
export function formatShortDateTime(lang: string, timestamp: Instant): string {
  const value = instant(timestamp);
  if (!value) return String(timestamp);
  return dateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short', timeZone: CLUB_TIME_ZONE }).format(
    value,
  );
}

/** An instant as day and time in the club's time zone: "14 Jul 2026, 10:05", "1er janv. 2026, 11:00". */
export function formatDateTime(lang: string, timestamp: Instant): string {
  const value = instant(timestamp);
  if (!value) return String(timestamp);
  return writtenDate(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: CLUB_TIME_ZONE }, value);
}

/** An instant as its time of day in the club's time zone: "10:05". */
export function formatTime(lang: string, timestamp: Instant): string {
  const value = instant(timestamp);
  if (!value) return String(timestamp);
  return dateTimeFormat(lang, { timeStyle: 'short', timeZone: CLUB_TIME_ZONE }).format(value);
}

/** The machine-readable form of an instant, for `<time dateTime>`. */
export function isoOf(timestamp: Instant): string {
  const value = instant(timestamp);
  return value ? value.toISOString() : String(timestamp);
}
