/**
 * Every page lives under `/{locale}/...`. A page path without a locale answers 302 to the same path with the
 * locale from the `i18n` cookie, else the best Accept-Language match, else French; the query string is kept.
 * A page opened in a locale other than the cookie's sets the cookie to it, so the next bare address (a link in
 * an email, the site's root) opens in the language the person last read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, PREFERENCE_COOKIE_MAX_AGE } from '../../contracts/cookies.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale, localeOr } from '../../domain/locales.ts';

/** Paths that are not pages: the API, files, probes, and React Router's own endpoints. */
const NOT_LOCALIZED =
  /^\/(api|flags|documents|assets|health|ready|metrics|sitemap\.xml|robots\.txt|__manifest)(\/|$|\?)/;
const HAS_FILE_EXTENSION = /\/[^/]+\.[a-z0-9]{2,5}$/i;

/** Accept-Language tags map to our codes by their primary language; English is our `gb`. */
const LANGUAGE_TO_LOCALE: Record<string, Locale> = {
  fr: 'fr',
  en: 'gb',
  de: 'de',
  nl: 'nl',
  es: 'es',
  it: 'it',
};

export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const candidates = header
    .split(',')
    .map((part, position) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.find((param) => param.trim().startsWith('q='));
      const quality = qParam ? Number(qParam.trim().slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality, position };
    })
    .filter((candidate) => candidate.quality > 0 && !Number.isNaN(candidate.quality))
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  for (const candidate of candidates) {
    const locale = LANGUAGE_TO_LOCALE[candidate.language];
    if (locale) return locale;
  }
  return null;
}

export function chooseLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  return localeOr(cookie, localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE);
}

/** The localized URL for a request, or null when the path is already localized or is not a page. */
export function localizedRedirect(
  url: string,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
) {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  if (NOT_LOCALIZED.test(pathname) || HAS_FILE_EXTENSION.test(pathname)) return null;
  const firstSegment = pathname.split('/')[1] ?? '';
  if ((LOCALES as readonly string[]).includes(firstSegment)) return null;
  const locale = chooseLocale(cookie, acceptLanguage);
  const rest = pathname === '/' ? '' : pathname.replace(/^\/+/, '/');
  return `/${locale}${rest}${query}`;
}

/** The locale of a page address, to remember when the cookie says another; null for anything else. */
export function localeToRemember(url: string, cookie: string | undefined): Locale | null {
  const pathname = url.split('?')[0] ?? '';
  if (NOT_LOCALIZED.test(pathname) || HAS_FILE_EXTENSION.test(pathname)) return null;
  const firstSegment = pathname.split('/')[1];
  return isLocale(firstSegment) && firstSegment !== cookie ? firstSegment : null;
}

/** As long as the language switcher's cookie (app/lib/preferences.ts), which the browser must be able to write. */
const LOCALE_COOKIE_OPTIONS = {
  path: '/',
  maxAge: PREFERENCE_COOKIE_MAX_AGE,
  sameSite: 'lax',
  httpOnly: false,
} as const;

/** onRequest for pages: the locale redirect, then remembering the locale of the page opened. */
export async function handlePageLocale(request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  const cookie = request.cookies[LOCALE_COOKIE];
  const target = localizedRedirect(request.url, cookie, request.headers['accept-language']);
  if (target) return reply.redirect(target, 302);
  const remembered = localeToRemember(request.url, cookie);
  if (remembered) reply.setCookie(LOCALE_COOKIE, remembered, LOCALE_COOKIE_OPTIONS);
}
