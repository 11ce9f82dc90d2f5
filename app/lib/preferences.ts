/**
 * Small choices the visitor makes (cookie notice, dismissed banners), kept in one cookie so the server renders
 * the page without them and nothing jumps after hydration. The language has its own cookie, `i18n`.
 */
export const DISMISSED_COOKIE = 'dismissed';
export const LOCALE_COOKIE = 'i18n';
const YEAR_SECONDS = 365 * 24 * 3600;

export type Dismissable = 'cookies' | 'medals' | 'new-account';

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export function parseDismissed(value: string | undefined): Dismissable[] {
  const known: Dismissable[] = ['cookies', 'medals', 'new-account'];
  // In a fixed order and without repeats: the server keeps pages per dismissed set (server/plugins/page-cache.ts).
  const items = (value ?? '').split('.');
  return known.filter((item) => items.includes(item));
}

/** Browser only: remembers one more dismissed item for a year. */
export function rememberDismissed(item: Dismissable) {
  const current = parseDismissed(readCookie(document.cookie, DISMISSED_COOKIE));
  const next = [...new Set([...current, item])].join('.');
  document.cookie = `${DISMISSED_COOKIE}=${next}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`;
}

/** Browser only: the language chosen with the switcher, for 365 days on the whole site. */
export function rememberLocale(locale: string) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`;
}
