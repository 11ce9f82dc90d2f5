/**
 * The site's cookies, each with what it is for and how long it lasts (contracts/cookies.ts): the one list the
 * cookie notice and the privacy page show. A plain list: the notice is on every page, whose styles are only those
 * of the components it uses (decision 0027).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SITE_COOKIES } from '../../contracts/cookies.ts';
import { LOCALE_TAGS, localeOr } from '../../domain/locales.ts';

/** "30 days", "1 year", in the reader's language. */
function lifetime(days: number, locale: string): string {
  const [value, unit] = days % 365 === 0 ? [days / 365, 'year'] : [days, 'day'];
  return new Intl.NumberFormat(LOCALE_TAGS[localeOr(locale)], {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
}

export function CookieList({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Text component="ul" size={size} my={4} pl="lg" data-testid="cookie-list">
      {SITE_COOKIES.map((cookie) => (
        <li key={cookie.name}>
          <Text span inherit fw={700} ff="monospace">
            {cookie.name}
          </Text>{' '}
          — {t(`cookies.purposes.${cookie.purpose}`)}{' '}
          {t('cookies.lifetime', { duration: lifetime(cookie.days, i18n.language) })}
        </li>
      ))}
    </Text>
  );
}
