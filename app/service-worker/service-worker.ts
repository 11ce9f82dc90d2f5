/**
 * The service worker: the site on the mountain without a signal (decision 0036).
 *
 * - **Precache** (Workbox): the scripts, styles and catalogues of the offline pages, listed at build time
 *   (precache.ts); a new version installs its own list and Workbox removes the files the old one no longer needs.
 * - **Pages**: every navigation goes to the network first. When it fails (or hangs on a weak signal), a kept page
 *   answers if it is one of the offline pages, else the offline page of the address's language. Kept pages are
 *   fetched by the worker itself, without credentials (`warm`), so only anonymous copies are ever stored; the
 *   rider's own navigations are never written to a cache. Each version keeps its pages in its own cache, emptied
 *   when it activates, so an old page never asks for scripts the new version no longer has.
 * - **Client navigations** (React Router's `.data` requests) that fail offline turn into a document navigation,
 *   which the rule above answers.
 * - **The route card** (issue 43), the one signed-in page answered offline: the page keeps its own copy with the
 *   rider's session (app/components/route-card/kept-card.ts); the worker answers it when the network fails,
 *   refreshes it when a new version takes over, and signing out deletes it.
 * - **Share target**: a GPX, TCX or FIT file shared from another app is kept in its own cache and "Check my
 *   ride" opens with it; the page takes it out at once. Signing out empties that cache.
 * - **Background Sync** of the route card's stamps kept on the phone (app/components/route-card/): sent when the
 *   connection returns, even with the page closed, where the browser has the API.
 * - Everything else (the API, the account, orders, payments, admin pages, documents) is not touched.
 */
import { clientsClaim } from 'workbox-core';
import { type PrecacheEntry, cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  PAGES_CACHE_PREFIX,
  WARM_MAX_AGE_MS,
  answerLocale,
  isShareTarget,
  keptByReaderKey,
  keptPageKey,
  offlineFallbackFor,
  offlineFallbackPath,
  offlinePaths,
  pageOfDataRequest,
} from './offline-scope.ts';
import { isLocale, type Locale } from '../../domain/locales.ts';
import {
  KEPT_PAGES_CACHE,
  SHARED_FILE_CACHE,
  SHARED_FILE_FIELD,
  SHARED_FILE_KEY,
} from '../../contracts/service-worker.ts';
import { FLAGS_PATH } from '../../contracts/flags.ts';
import { type WorkerMessage } from './messages.ts';
import { plainOfflinePage } from './plain-offline-page.ts';
import { STAMPS_SYNC_TAG, sendEveryPendingStamp } from '../components/route-card/send-stamps.ts';
import { refreshKeptPages } from '../components/route-card/kept-card.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };
/** Set by the build: changes whenever the precached files do. */
declare const __SW_VERSION__: string;

const PAGES_CACHE = `${PAGES_CACHE_PREFIX}${__SW_VERSION__}`;
/** When each language was last warmed, and which language the rider last used. */
const META_CACHE = `meta-${__SW_VERSION__}`;
const LAST_LOCALE_KEY = '/sw-meta/last-locale';
const warmedKey = (locale: Locale) => `/sw-meta/warmed-${locale}`;
/** On a signal too weak to answer, the kept copy is better than a spinner. */
const NETWORK_TIMEOUT_SECONDS = 6;
/** React Router's lazy route discovery (`routeDiscovery.manifestPath`, its default). */
const ROUTE_DISCOVERY_PATH = '/__manifest';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => /^(pages|meta)-/.test(name) && name !== PAGES_CACHE && name !== META_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      // A kept route card names the old version's scripts, which the precache has just removed.
      .then(() => refreshKeptPages()),
  );
});

async function readMeta(key: string): Promise<string | null> {
  const response = await (await caches.open(META_CACHE)).match(key);
  return response ? response.text() : null;
}

async function writeMeta(key: string, value: string): Promise<void> {
  await (await caches.open(META_CACHE)).put(key, new Response(value));
}

/** Fetches the offline pages of one language as an anonymous visitor and keeps them. */
async function warm(locale: Locale, force = false): Promise<void> {
  await writeMeta(LAST_LOCALE_KEY, locale);
  const warmedAt = Number((await readMeta(warmedKey(locale))) ?? 0);
  if (!force && Date.now() - warmedAt < WARM_MAX_AGE_MS) return;
  const cache = await caches.open(PAGES_CACHE);
  const results = await Promise.allSettled(
    offlinePaths(locale).map(async (path) => {
      const response = await fetch(path, { credentials: 'omit', cache: 'no-store', redirect: 'error' });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await cache.put(path, response);
    }),
  );
  if (results.every((result) => result.status === 'fulfilled'))
    await writeMeta(warmedKey(locale), String(Date.now()));
}

/** The route card: never written here (the page keeps its own copy); answered from that copy offline. */
const pagesKeptByReader = new NetworkFirst({
  cacheName: KEPT_PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    {
      cacheWillUpdate: async () => null,
      cacheKeyWillBeUsed: async ({ request }) =>
        keptByReaderKey(new URL(request.url).pathname) ?? request.url,
    },
  ],
});

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    {
      // The rider's own answer may be personal (a signed-in header): never written; warm() keeps anonymous copies.
      cacheWillUpdate: async () => null,
      cacheKeyWillBeUsed: async ({ request }) => {
        const url = new URL(request.url);
        return keptPageKey(url.pathname, url.search) ?? url.pathname;
      },
    },
  ],
});

/**
 * No network and no kept copy: the bare address goes to the kept home of the last language, anything else to the
 * kept offline page, by a redirect so that the page's own address matches the page the browser hydrates.
 */
async function offlineAnswer(url: URL): Promise<Response> {
  const locale = answerLocale(url.pathname, await readMeta(LAST_LOCALE_KEY));
  const cache = await caches.open(PAGES_CACHE);
  if (url.pathname === '/' && (await cache.match(`/${locale}`))) return Response.redirect(`/${locale}`, 302);
  const fallback = offlineFallbackPath(locale);
  if (url.pathname !== fallback && (await cache.match(fallback)))
    return Response.redirect(offlineFallbackFor(locale, url.pathname, url.search), 302);
  return plainOfflinePage(locale);
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  async (options) => {
    const { url } = options;
    try {
      if (keptPageKey(url.pathname, url.search) !== null) return await pages.handle(options);
      if (keptByReaderKey(url.pathname) !== null) return await pagesKeptByReader.handle(options);
      return await fetch(options.request);
    } catch {
      return offlineAnswer(url);
    }
  },
);

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    pageOfDataRequest(url.pathname) !== null,
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      // React Router reads this as "load the page as a document", which the navigation rule answers offline.
      const page = pageOfDataRequest(url.pathname)!;
      return new Response(null, {
        status: 204,
        headers: { 'X-Remix-Redirect': page, 'X-Remix-Reload-Document': 'true', 'X-Remix-Status': '302' },
      });
    }
  },
);

// React Router asks the server which routes the page's links lead to. Offline, "load it as a document" is the
// answer it understands (its reply to a new deployment), and the navigation rule above answers the document.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === ROUTE_DISCOVERY_PATH,
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return new Response(null, { status: 204, headers: { 'X-Remix-Reload-Document': 'true' } });
    }
  },
);

// The language switcher's flags come from the server's own folder, outside the build: kept as they are used.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(FLAGS_PATH),
  new CacheFirst({ cacheName: 'flags' }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && isShareTarget(url.pathname),
  async ({ request, url }) => {
    const locale = answerLocale(url.pathname, null);
    let shared = false;
    try {
      const file = (await request.formData())
        .getAll(SHARED_FILE_FIELD)
        .find((value) => value instanceof File);
      if (file) {
        const cache = await caches.open(SHARED_FILE_CACHE);
        await cache.put(
          SHARED_FILE_KEY,
          new Response(file, {
            headers: {
              'content-type': file.type || 'application/octet-stream',
              'x-file-name': encodeURIComponent(file.name),
            },
          }),
        );
        shared = true;
      }
    } catch {
      // An unreadable share lands on the page with the upload, which says the file did not arrive.
    }
    return Response.redirect(`/${locale}/track-check?shared=${shared ? 'file' : 'none'}`, 303);
  },
  'POST',
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as WorkerMessage | undefined;
  if (!message || typeof message !== 'object') return;
  if (message.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (message.type === 'warm' && isLocale(message.locale)) event.waitUntil(warm(message.locale));
});

// The route card's stamps (issue 43): the page asks for a sync when it keeps one.
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag === STAMPS_SYNC_TAG) sync.waitUntil(sendEveryPendingStamp());
});
