/**
 * The cookies the pages and the server both read: their names and how their values parse. The server picks the
 * locale and keeps anonymous pages per dismissed set from them (server/plugins/locale.ts, page-cache.ts); the
 * app renders the notices from them and writes them in the browser (app/lib/preferences.ts).
 */

/** The language the person last read, written by the language switcher and by the server. */
export const LOCALE_COOKIE = 'i18n';
/** The notices and banners the visitor closed, as `cookies.medals`. */
export const DISMISSED_COOKIE = 'dismissed';
/** Both cookies last a year. */
export const PREFERENCE_COOKIE_MAX_AGE = 365 * 24 * 3600;

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
