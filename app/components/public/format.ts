/**
 * Numbers and dates in the page's language. Grouping starts at five digits ('min2'), so altitudes read
 * "1910 m" in every language while totals read "12 799" or "12,799".
 */
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_TAGS, isLocale } from '../../../domain/locales.ts';

/** The club's dates are Provence dates: the same day on the server and in any visitor's browser. */
const CLUB_TIME_ZONE = 'Europe/Paris';

export function localeTag(lang: string): string {
  return LOCALE_TAGS[isLocale(lang) ? lang : DEFAULT_LOCALE];
}

export function formatNumber(lang: string, value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(localeTag(lang), { useGrouping: 'min2', ...options }).format(value);
}

export function formatDate(lang: string, isoDate: string): string {
  return new Intl.DateTimeFormat(localeTag(lang), { dateStyle: 'long', timeZone: CLUB_TIME_ZONE }).format(
    new Date(isoDate),
  );
}

export function formatPrice(lang: string, amountCents: number, currency: string): string {
  return new Intl.NumberFormat(localeTag(lang), {
    style: 'currency',
    currency,
    minimumFractionDigits: amountCents % 100 === 0 ? 0 : 2,
  }).format(amountCents / 100);
}

/** The formatters bound to the current page language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(lang, value, options),
    date: (isoDate: string) => formatDate(lang, isoDate),
    price: (amountCents: number, currency: string) => formatPrice(lang, amountCents, currency),
  };
}
