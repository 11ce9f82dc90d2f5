/**
 * What the public ranking keeps a while: whole pages (ten seconds) and the number of rows of a selection (a
 * minute). One RankingCache is made by createLaureatesService and shared by every read, so that its invalidate()
 * drops what every read kept.
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

export interface RankingCache {
  readonly pages: Map<string, { at: number; page: Promise<LaureatesPage> }>;
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
  return { pages: new Map(), totals: new Map(), countries: null };
}

/** Forget the kept pages, totals and countries: what the public sees has changed. */
export function clearRankingCache(cache: RankingCache): void {
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

/** The page kept under `key` if younger than `ttlMs`, else `read()`'s, kept from `now`. */
export function keptPage(
  cache: RankingCache,
  key: string,
  { ttlMs, now }: { ttlMs: number; now: number },
  read: () => Promise<LaureatesPage>,
): Promise<LaureatesPage> {
  const { pages } = cache;
  const cached = pages.get(key);
  if (cached && now - cached.at < ttlMs) return cached.page;
  const page = read();
  pages.delete(key);
  pages.set(key, { at: now, page });
  if (pages.size > PAGES_MAX) pages.delete(pages.keys().next().value!);
  // A failed read is not kept: the next visitor asks again.
  page.catch(() => pages.delete(key));
  return page;
}
