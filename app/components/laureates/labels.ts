/** How the ranking names its values in the page's language: countries, titles, challenges. */
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../domain/countries.ts';
import { localeOr } from '../../../domain/locales.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';

export function useLaureateLabels() {
  const { t, i18n } = useTranslation();
  const locale = localeOr(i18n.language);
  return {
    country: (code: string | null) => (code ? (countryName(code, locale) ?? code.toUpperCase()) : '-'),
    civilite: (civilite: 'm' | 'mme' | null) => (civilite ? t(`laureates:civilite.${civilite}`) : '-'),
    challenge: (epreuve: ChallengeId) => t(`laureates:challenges.${epreuve}`),
  };
}
