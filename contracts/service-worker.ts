/**
 * What the server and the service worker (app/service-worker/) agree on: where the worker is served, and the
 * share target's address and form field, which the web app manifest announces and the worker receives.
 */
import type { Locale } from '../domain/locales.ts';

/** Where the built worker is served (scripts/build-service-worker.ts writes it at the root of the client build). */
export const SERVICE_WORKER_URL = '/sw.js';

/** The form field of the share target (the manifest's `share_target.params.files[0].name`). */
export const SHARED_FILE_FIELD = 'track';

/**
 * Where a shared file waits for "Check my ride" (never sent anywhere before the rider's page takes it); signing
 * out deletes it, from the client or from a page without it (app/lib/page-starter.ts).
 */
export const SHARED_FILE_CACHE = 'shared-ride';
export const SHARED_FILE_KEY = '/shared-ride/file';

/**
 * The signed-in pages a rider's phone keeps for the mountain (the route card, issue 43), each under its path, put
 * there by the page itself with the rider's session and answered by the worker without a signal.
 */
export const KEPT_PAGES_CACHE = 'kept-by-reader';

/** What the device holds for the person signed in on it: deleted at sign-out, with or without the page's client. */
export const PERSONAL_CACHES = [SHARED_FILE_CACHE, KEPT_PAGES_CACHE] as const;

/** The share target's address in each language (`/fr/track-check/share`). */
export function shareTargetPath(locale: Locale): string {
  return `/${locale}/track-check/share`;
}
