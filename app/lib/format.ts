/**
 * The club's formats (domain/format.ts) bound to the page's language, for components: `format.money(2500, 'EUR')`
 * rather than passing the language down to every call.
 */
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../domain/dates.ts';
import {
  type Instant,
  formatCalendarDate,
  formatDateTime,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatShortDate,
  formatShortTimestamp,
  formatTime,
  formatTimestampDate,
} from '../../domain/format.ts';

export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    lang,
    /** Grouped from five digits: 1910 but 12 799 (or 12,799). */
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(lang, value, options),
    /** A percentage (93.5): "93,5 %" or "93.5%". */
    percent: (share: number) => formatPercent(lang, share),
    money: (amountCents: number, currency: string) => formatMoney(lang, amountCents, currency),
    /** A calendar day written out: "14 juillet 2026". */
    date: (date: string) => formatCalendarDate(lang, date),
    /** A calendar day, compact: "14/07/2026". */
    shortDate: (date: string) => formatShortDate(lang, date),
    /** DD/MM/YYYY, or a dash for an unknown date (the legacy 1970-01-01 included). */
    displayDate: (date: string | null) => formatDisplayDate(date),
    month: (month: string) => formatMonth(lang, month),
    /** An instant's day in the club's time zone, written out. */
    timestamp: (timestamp: Instant) => formatTimestampDate(lang, timestamp),
    shortTimestamp: (timestamp: Instant) => formatShortTimestamp(lang, timestamp),
    dateTime: (timestamp: Instant) => formatDateTime(lang, timestamp),
    time: (timestamp: Instant) => formatTime(lang, timestamp),
  };
}
