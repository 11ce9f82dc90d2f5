/**
 * Money and dates of the ordering pages in the page's language (Intl with the locale's BCP 47 tag). Calendar
 * dates ('YYYY-MM-DD') are formatted at UTC midnight so that no time zone moves them to the day before.
 */
import { useTranslation } from 'react-i18next';
import { CLUB_TIME_ZONE } from '../../../domain/dates.ts';
import { DEFAULT_LOCALE, LOCALE_TAGS, isLocale } from '../../../domain/locales.ts';

export function localeTag(lang: string): string {
  return LOCALE_TAGS[isLocale(lang) ? lang : DEFAULT_LOCALE];
}

/** 2500 EUR -> "25 €" (fr), "€25" (gb); cents are shown only when there are some. */
export function formatMoney(lang: string, amountCents: number, currency: string): string {
  return new Intl.NumberFormat(localeTag(lang), {
    style: 'currency',
    currency,
    minimumFractionDigits: amountCents % 100 === 0 ? 0 : 2,
  }).format(amountCents / 100);
}

/** '2026-07-14' -> "14 juillet 2026" (fr), "14 July 2026" (gb). */
export function formatCalendarDate(lang: string, date: string): string {
  const instant = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(instant.getTime())) return date;
  return new Intl.DateTimeFormat(localeTag(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(instant);
}

/** An ISO timestamp as its day in the club's time zone, written out. */
export function formatTimestampDate(lang: string, timestamp: string): string {
  const instant = new Date(timestamp);
  if (Number.isNaN(instant.getTime())) return timestamp;
  return new Intl.DateTimeFormat(localeTag(lang), { dateStyle: 'long', timeZone: CLUB_TIME_ZONE }).format(
    instant,
  );
}

export function formatInteger(lang: string, value: number): string {
  return new Intl.NumberFormat(localeTag(lang), { useGrouping: 'min2' }).format(value);
}

/** The formatters bound to the page's language. */
export function useOrderFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    lang,
    money: (amountCents: number, currency: string) => formatMoney(lang, amountCents, currency),
    date: (date: string) => formatCalendarDate(lang, date),
    timestamp: (timestamp: string) => formatTimestampDate(lang, timestamp),
    integer: (value: number) => formatInteger(lang, value),
  };
}
