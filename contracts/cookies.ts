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
/** The signed-in session's opaque token (server/plugins/auth.ts; decision 0003). */
export const SESSION_COOKIE = 'session';
/** How long a session lasts. */
export const SESSION_DAYS = 30;
/** A browser where its owner signed in before, for the sign-in limits (decision 0011). */
export const DEVICE_COOKIE = 'device';
/** How long a browser is remembered. */
export const DEVICE_DAYS = 365;

/** What a cookie of the site is for: its text is `common:cookies.purposes.{purpose}`. */
type CookiePurpose = 'session' | 'device' | 'locale' | 'dismissed';

/**
 * Every cookie the site sets, with what it is for and how long it lasts: the one list the cookie notice and the
 * privacy page show (app/components/cookie-list.tsx). contracts/cookies.test.ts checks that it names every cookie
 * defined here and that the server sets no other.
 */
export const SITE_COOKIES: readonly { name: string; purpose: CookiePurpose; days: number }[] = [
  { name: SESSION_COOKIE, purpose: 'session', days: SESSION_DAYS },
  { name: DEVICE_COOKIE, purpose: 'device', days: DEVICE_DAYS },
  { name: LOCALE_COOKIE, purpose: 'locale', days: PREFERENCE_COOKIE_MAX_AGE / 86_400 },
  { name: DISMISSED_COOKIE, purpose: 'dismissed', days: PREFERENCE_COOKIE_MAX_AGE / 86_400 },
];

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
