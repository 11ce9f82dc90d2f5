/**
 * What the service worker keeps and what it answers without a network: one home for the rules that the worker,
 * its build (scripts/build-service-worker.ts) and the page that registers it share. Pure: no browser API.
 *
 * - Pages marked `offline` in the page registry are fetched by the worker itself, without credentials, so every
 *   copy kept is the anonymous one: no account, order, admin page or API answer can end up in its caches.
 * - A page the worker does not keep shows the offline page of its language when the network is gone.
 * - A signed-in page marked `keptByItsReader` (the route card) is kept by the page itself, with the rider's session,
 *   in its own cache that signing out deletes; the worker only answers it when the network is gone.
 * - A GPS file shared from another app waits in its own cache until "Check my ride" takes it.
 */
import { DEFAULT_LOCALE, type Locale, isLocale } from '../../domain/locales.ts';
import { PAGES, type Page } from '../../domain/pages.ts';
import { shareTargetPath } from '../../contracts/service-worker.ts';
import { DEFAULT_RULES_TAB, RULES_TABS, rulesTabPath } from '../components/public/rules-tabs.ts';

export const OFFLINE_PAGES: readonly Page[] = PAGES.filter((page) => page.offline);
export const PAGES_KEPT_BY_READER: readonly Page[] = PAGES.filter((page) => page.keptByItsReader);
/** Every page that opens without a network, whose scripts and catalogues the worker stores when it installs. */
export const PAGES_OPEN_OFFLINE: readonly Page[] = [...OFFLINE_PAGES, ...PAGES_KEPT_BY_READER];

/** The name of the cache holding one version's pages; a new version starts empty and warms again. */
export const PAGES_CACHE_PREFIX = 'pages-';

/** Kept pages are fetched again after this long, so the home page's news does not grow old on the phone. */
export const WARM_MAX_AGE_MS = 6 * 60 * 60 * 1000;

export function pagePath(locale: Locale, page: Page): string {
  return page.path ? `/${locale}/${page.path}` : `/${locale}`;
}

/**
 * The addresses kept for offline use in one language: the offline pages, and each section of the rules as its own
 * address (`?tab=`, rendered on the server), so a section opened offline is the one on screen from the first paint.
 */
export function offlinePaths(locale: Locale): string[] {
  return [
    ...OFFLINE_PAGES.map((page) => pagePath(locale, page)),
    ...RULES_TABS.filter((tab) => tab !== DEFAULT_RULES_TAB).map((tab) => rulesTabPath(locale, tab)),
  ];
}

/** What the offline page lists, in order, each by its label in the `offline` catalogue (`pages.<label>`). */
export function offlineLinks(locale: Locale) {
  return [
    { label: 'home', href: `/${locale}` },
    { label: 'roads', href: `/${locale}/roads` },
    { label: 'rules', href: `/${locale}/rules` },
    // The route card's instructions: where it is stamped.
    { label: 'routeCard', href: rulesTabPath(locale, 'checks') },
    { label: 'map', href: `/${locale}/map` },
    { label: 'trackCheck', href: `/${locale}/track-check` },
  ] as const;
}

/** The page shown for any other page when there is no network (the page registry's `offline` page). */
export function offlineFallbackPath(locale: Locale): string {
  return `/${locale}/offline`;
}

/** The offline page, saying which address could not be opened (its "Try again" goes back there). */
export function offlineFallbackFor(locale: Locale, pathname: string, search: string): string {
  return `${offlineFallbackPath(locale)}?${new URLSearchParams({ from: `${pathname}${search}` })}`;
}

/** The address "Try again" may return to: one of this site's own paths, never another site. */
export function safeReturnPath(value: string | null | undefined): string | null {
  return value && /^\/(?![/\\])/.test(value) ? value : null;
}

/** The language of a site address, or null (the root, files). */
export function localeOfPath(pathname: string): Locale | null {
  const segment = pathname.split('/')[1];
  return isLocale(segment) ? segment : null;
}

function trimmedPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The kept copy that answers an address, or null: the address itself when it is kept with its query (a rules
 * section), else its path (`/fr/track-check?shared=file` → `/fr/track-check`).
 */
export function keptPageKey(pathname: string, search = ''): string | null {
  const locale = localeOfPath(pathname);
  if (locale === null) return null;
  const kept = offlinePaths(locale);
  const path = trimmedPath(pathname);
  if (search && kept.includes(`${path}${search}`)) return `${path}${search}`;
  return kept.includes(path) ? path : null;
}

/** `account/route-card/:candidateId` as a pattern of whole paths in any language. */
function pathPattern(page: Page): RegExp {
  const segments = page.path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/[a-z]{2}/${segments.join('/')}$`);
}
const KEPT_BY_READER_PATTERNS = PAGES_KEPT_BY_READER.map(pathPattern);

/** The key a page kept by its reader is stored under (its path, without a query or a final slash), or null. */
export function keptByReaderKey(pathname: string): string | null {
  const path = trimmedPath(pathname);
  if (localeOfPath(path) === null) return null;
  return KEPT_BY_READER_PATTERNS.some((pattern) => pattern.test(path)) ? path : null;
}

/** The page of a React Router data request (`/fr/rules.data` → `/fr/rules`, `/fr/_.data` → `/fr/`). */
export function pageOfDataRequest(pathname: string): string | null {
  if (!pathname.endsWith('.data')) return null;
  const page = pathname.slice(0, -'.data'.length);
  return page.endsWith('/_') ? page.slice(0, -1) : page;
}

export function isShareTarget(pathname: string): boolean {
  const locale = localeOfPath(pathname);
  return locale !== null && pathname === shareTargetPath(locale);
}

/** The language to answer in: the address's own, else the last one the rider used, else the club's. */
export function answerLocale(pathname: string, lastUsed: string | null | undefined): Locale {
  return localeOfPath(pathname) ?? (isLocale(lastUsed) ? lastUsed : DEFAULT_LOCALE);
}

/** Every namespace a page that opens offline needs, `common` included, for the precache of the catalogues. */
export function offlineNamespaces(): string[] {
  return [...new Set(['common', ...PAGES_OPEN_OFFLINE.flatMap((page) => page.ns)])].sort();
}
