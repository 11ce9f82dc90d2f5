/**
 * What the public ranking keeps a while: whole pages (ten seconds, then a minute more while they are read again in
 * the background) and the number of rows of a selection (a minute). One RankingCache is made by
 * createLaureatesService and shared by every read, so that its invalidate() drops what every read kept.
 */
import type { LaureatesPage } from '../../../domain/schemas/laureates.ts';

/** How long the number of rows of a selection is reused, and for how many selections at most. */
export const TOTALS_TTL_MS = 60_000;
const TOTALS_MAX = 500;

/**
 * How long a whole page is reused. The ranking changes a few times a day and its first page is what most
 * visitors open; ten seconds spare the database the same statement for every visitor of a busy moment, and
 * identical requests arriving together share one database round trip.
 */
export const PAGE_TTL_MS = 10_000;
const PAGES_MAX = 200;
/**
 * How long past its ten seconds a page is still answered while it is read again in the background: a search
 * over 100,000 rows takes a few hundred milliseconds, and the visitors of a busy page should not all wait for it
 * every ten seconds (issue 45). A page older than this is read again before answering.
 */
export const PAGE_STALE_MS = 60_000;

interface KeptPage {
  at: number;
  page: Promise<LaureatesPage>;
  /** The page once read: only a page that was read may be answered while a newer one is read. */
  read: boolean;
  refreshing: boolean;
}

export interface RankingCache {
  readonly pages: Map<string, KeptPage>;
  /** Counted up by every invalidation: a page read before it is not kept after it. */
  generation: number;
  /**
   * Counting a broad selection reads every matching row, the one costly part of a page; the figure is reused
   * for a minute (a new homologation shows in the rows at once, in the total within a minute) and dropped at
   * once when this process changes what the public sees.
   */
  readonly totals: Map<string, { total: number; at: number }>;
  /** The countries of the shown laureates (ranking-countries.ts), kept as long as a total. */
  countries: { at: number; list: Promise<readonly string[]> } | null;
}

export function createRankingCache(): RankingCache {
  return { pages: new Map(), totals: new Map(), countries: null, generation: 0 };
}

/** Forget the kept pages, totals and countries: what the public sees has changed. */
export function clearRankingCache(cache: RankingCache): void {
  cache.generation += 1;
  cache.pages.clear();
  cache.totals.clear();
  cache.countries = null;
}

export function cachedTotal(cache: RankingCache, key: string, now: number): number | undefined {
  const entry = cache.totals.get(key);
  if (!entry || now - entry.at >= TOTALS_TTL_MS) return undefined;
  return entry.total;
}

export function rememberTotal(cache: RankingCache, key: string, total: number, now: number): void {
  const { totals } = cache;
  totals.delete(key);
  totals.set(key, { total, at: now });
  if (totals.size > TOTALS_MAX) totals.delete(totals.keys().next().value!);
}

/**
 * The page kept under `key`: as it is while younger than `ttlMs`; up to PAGE_STALE_MS older, as it is while
 * `read()` gets a newer one in the background (one read at a time, kept unless the cache was invalidated
 * meanwhile); otherwise `read()`'s, kept from `now`. Requests arriving together share one read.
 */
export function keptPage(
  cache: RankingCache,
  key: string,
  { ttlMs, now }: { ttlMs: number; now: number },
  read: () => Promise<LaureatesPage>,
): Promise<LaureatesPage> {
  const { pages } = cache;
  const kept = pages.get(key);
  if (kept && now - kept.at < ttlMs) return kept.page;
  if (kept?.read && now - kept.at < ttlMs + PAGE_STALE_MS) {
    if (!kept.refreshing) refreshInBackground(cache, key, kept, now, read);
    return kept.page;
  }
  return keep(cache, key, now, read());
}

function keep(cache: RankingCache, key: string, now: number, page: Promise<LaureatesPage>) {
  const { pages } = cache;
  const entry: KeptPage = { at: now, page, read: false, refreshing: false };
  pages.delete(key);
  pages.set(key, entry);
  if (pages.size > PAGES_MAX) pages.delete(pages.keys().next().value!);
  page.then(
    () => (entry.read = true),
    // A failed read is not kept: the next visitor asks again.
    () => pages.get(key) === entry && pages.delete(key),
  );
  return page;
}

function refreshInBackground(
  cache: RankingCache,
  key: string,
  kept: KeptPage,
  now: number,
  read: () => Promise<LaureatesPage>,
) {
  kept.refreshing = true;
  const generation = cache.generation;
  read().then(
    (page) => {
      // An invalidation meanwhile means the page read may already be out of date: it is not kept.
      if (cache.generation === generation && cache.pages.get(key) === kept)
        keep(cache, key, now, Promise.resolve(page));
    },
    // The old page stays until it is too old; the next visitor after a failure tries again.
    () => (kept.refreshing = false),
  );
}
