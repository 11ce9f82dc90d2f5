/**
 * The route card page kept on the phone for the mountain (issue 43, decision 0049): the one signed-in page the
 * service worker answers without a signal. The page keeps its own copy, fetched with the rider's session, each time
 * it opens online and after each send (so a reopened copy never shows fewer stamps than the server has); the
 * worker refreshes the copies when a new version takes over (their scripts change) and after Background Sync;
 * signing out deletes them (PERSONAL_CACHES). Runs in the page and in the worker: the Cache API is in both.
 */
import { KEPT_PAGES_CACHE } from '../../../contracts/service-worker.ts';
import { keptByReaderKey } from '../../service-worker/offline-scope.ts';

/** A weak signal must not hold a copy's refresh for ever; the old copy stays until the next one arrives. */
const KEEP_TIMEOUT_MS = 15_000;

function cacheAvailable(): boolean {
  return typeof caches !== 'undefined';
}

/**
 * Fetches the page at `path` as the person signed in sees it and keeps it; forgets it when the server no longer
 * shows it to them (signed out: a redirect to the sign-in page; not theirs: 404). Offline, the old copy stays.
 */
export async function keepPage(path: string): Promise<void> {
  const key = keptByReaderKey(path);
  if (key === null || !cacheAvailable()) return;
  try {
    const response = await fetch(key, {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'text/html' },
      signal: AbortSignal.timeout(KEEP_TIMEOUT_MS),
    });
    const cache = await caches.open(KEPT_PAGES_CACHE);
    if (response.ok && !response.redirected) await cache.put(key, response);
    else if (response.redirected || response.status === 404 || response.status === 403)
      await cache.delete(key);
  } catch {
    // No network, or storage refused: what was kept stays as it was.
  }
}

/** Refreshes the kept pages, or only those of one registration's route card. */
export async function refreshKeptPages(candidateId?: number): Promise<void> {
  if (!cacheAvailable()) return;
  try {
    const cache = await caches.open(KEPT_PAGES_CACHE);
    const paths = (await cache.keys()).map((request) => new URL(request.url).pathname);
    const wanted =
      candidateId === undefined ? paths : paths.filter((path) => path.endsWith(`/${candidateId}`));
    await Promise.all(wanted.map(keepPage));
  } catch {
    // Storage refused: there is nothing kept to refresh.
  }
}
