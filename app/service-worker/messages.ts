/** What a page tells the service worker. */
export type WorkerMessage =
  /** The rider accepted the new version (workbox-window's `messageSkipWaiting`). */
  | { type: 'SKIP_WAITING' }
  /** Keep (or refresh) the offline pages in the language the rider is reading. */
  | { type: 'warm'; locale: string };
