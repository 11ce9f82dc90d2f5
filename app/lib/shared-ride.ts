/**
 * A ride shared from another app: the service worker receives the share target's POST and keeps the file in its
 * own cache (app/service-worker/); "Check my ride" takes it out at once, so it is never kept longer than that.
 */
import { SHARED_FILE_CACHE, SHARED_FILE_KEY } from '../../contracts/service-worker.ts';

export async function takeSharedRide(): Promise<File | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const cache = await caches.open(SHARED_FILE_CACHE);
    const response = await cache.match(SHARED_FILE_KEY);
    if (!response) return null;
    const name = decodeURIComponent(response.headers.get('x-file-name') ?? '') || 'ride';
    const file = new File([await response.blob()], name, {
      type: response.headers.get('content-type') ?? 'application/octet-stream',
    });
    await caches.delete(SHARED_FILE_CACHE);
    return file;
  } catch {
    return null;
  }
}
