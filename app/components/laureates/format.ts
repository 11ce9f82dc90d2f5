/** How the ranking shows its values in the page's language: countries, titles, challenges, dates, numbers. */
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../domain/countries.ts';
import { formatDisplayDate } from '../../../domain/dates.ts';
import { DEFAULT_LOCALE, LOCALE_TAGS, isLocale } from '../../../domain/locales.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';

export function useLaureateFormat() {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const numbers = new Intl.NumberFormat(LOCALE_TAGS[locale], { useGrouping: 'min2' });
  return {
    /** Grouped from five digits: 1234 but 12 345 (or 12,345). */
    number: (value: number) => numbers.format(value),
    country: (code: string | null) => (code ? (countryName(code, locale) ?? code.toUpperCase()) : '-'),
    civilite: (civilite: 'm' | 'mme' | null) => (civilite ? t(`laureates:civilite.${civilite}`) : '-'),
    challenge: (epreuve: ChallengeId) => t(`laureates:challenges.${epreuve}`),
    /** DD/MM/YYYY, or a dash for an unknown date (DESIGN: the legacy 1970-01-01 included). */
    date: (date: string | null) => formatDisplayDate(date),
  };
}
