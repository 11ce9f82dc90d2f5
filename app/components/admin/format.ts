/**
 * Dates, money and numbers of the admin pages in the admin's language. Timestamps are shown in the club's time
 * zone, so every volunteer sees the same day whatever their device's zone.
 */
import { useTranslation } from 'react-i18next';
import { CLUB_TIME_ZONE } from '../../../domain/dates.ts';
import { formatCalendarDate, formatInteger, formatMoney, localeTag } from '../order/format.ts';
import type { Timestamp } from './types.ts';

function instant(value: Timestamp): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-07-14' -> "14/07/2026" (fr), "14/07/2026" (gb), "14.07.2026" (de): compact, for table cells. */
export function formatShortDate(lang: string, date: string): string {
  const value = instant(`${date}T00:00:00Z`);
  if (!value) return date;
  return new Intl.DateTimeFormat(localeTag(lang), { dateStyle: 'short', timeZone: 'UTC' }).format(value);
}

export function formatShortTimestamp(lang: string, timestamp: Timestamp): string {
  const value = instant(timestamp);
  if (!value) return String(timestamp);
  return new Intl.DateTimeFormat(localeTag(lang), { dateStyle: 'short', timeZone: CLUB_TIME_ZONE }).format(
    value,
  );
}

export function formatDateTime(lang: string, timestamp: Timestamp): string {
  const value = instant(timestamp);
  if (!value) return String(timestamp);
  return new Intl.DateTimeFormat(localeTag(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: CLUB_TIME_ZONE,
  }).format(value);
}

/** '2026-07' -> "juil. 2026" (fr), "Jul 2026" (gb). */
export function formatMonth(lang: string, month: string): string {
  const value = instant(`${month}-01T00:00:00Z`);
  if (!value) return month;
  return new Intl.DateTimeFormat(localeTag(lang), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(value);
}

/** The machine-readable form of a timestamp, for `<time dateTime>`. */
export function isoOf(timestamp: Timestamp): string {
  const value = instant(timestamp);
  return value ? value.toISOString() : String(timestamp);
}

export function useAdminFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    lang,
    date: (date: string) => formatCalendarDate(lang, date),
    shortDate: (date: string) => formatShortDate(lang, date),
    shortTimestamp: (timestamp: Timestamp) => formatShortTimestamp(lang, timestamp),
    dateTime: (timestamp: Timestamp) => formatDateTime(lang, timestamp),
    month: (month: string) => formatMonth(lang, month),
    money: (amountCents: number, currency: string) => formatMoney(lang, amountCents, currency),
    integer: (value: number) => formatInteger(lang, value),
  };
}
