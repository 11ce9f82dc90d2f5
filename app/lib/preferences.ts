/**
 * Small choices the visitor makes (cookie notice, dismissed banners), kept in one cookie so the server renders
 * the page without them and nothing jumps after hydration. The language has its own cookie, `i18n`. Names and
 * parsing are shared with the server (contracts/cookies.ts); writing them happens here, in the browser.
 */
import {
  DISMISSED_COOKIE,
  type Dismissable,
  LOCALE_COOKIE,
  PREFERENCE_COOKIE_MAX_AGE,
  parseDismissed,
  readCookie,
} from '../../contracts/cookies.ts';

/** Browser only: remembers one more dismissed item for a year. */
export function rememberDismissed(item: Dismissable) {
  const current = parseDismissed(readCookie(document.cookie, DISMISSED_COOKIE));
  const next = [...new Set([...current, item])].join('.');
  document.cookie = `${DISMISSED_COOKIE}=${next}; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}

/** Browser only: the language chosen with the switcher, for 365 days on the whole site. */
export function rememberLocale(locale: string) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}
