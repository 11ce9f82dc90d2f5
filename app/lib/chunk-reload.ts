/**
 * A failed lazy chunk (usually a new deployment) triggers one full reload, never a loop: the time of the last
 * reload is remembered for a minute in sessionStorage.
 */
const KEY = 'chunk-reload-at';
const WINDOW_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch dynamically|Unable to preload/i.test(
    message,
  );
}

export function reloadOnceAfterChunkError(
  storage: Storage = sessionStorage,
  reload = () => window.location.reload(),
) {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (Date.now() - last < WINDOW_MS) return false;
  storage.setItem(KEY, String(Date.now()));
  reload();
  return true;
}
