/**
 * The public ranking of laureates: one row per homologation with its rider, paged, sorted by any column,
 * searched by name or town, filtered by challenge, country and year; and one rider's palmarès. Riders whose
 * email has a confirmed display restriction never appear, not even in the totals; riders who chose a shortened
 * name are shown so (domain/public-name.ts) and are not found by a search.
 *
 * How the queries stay fast on 100,000 rows is explained in docs/decisions/0007-laureates-ranking-queries.md:
 * every sort has an index in both directions, a narrow search lists its riders first through the trigram
 * index, a page (its rows, each rider's counts and the total) is one statement, one round trip, and pages and
 * totals are kept a short while. This module assembles the service from its parts: the ranking's statement
 * (ranking.ts, ranking-sql.ts), what it keeps (ranking-cache.ts) and the palmarès (palmares.ts).
 */
import type { LaureatesPage, LaureatesQuery, Palmares } from '../../../domain/schemas/laureates.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { birthDates, findPalmares } from './palmares.ts';
import { rankingPage } from './ranking.ts';
import { rankingCountries } from './ranking-countries.ts';
import { clearRankingCache, createRankingCache, PAGE_TTL_MS } from './ranking-cache.ts';

export function createLaureatesService({
  db,
  pageTtlMs = PAGE_TTL_MS,
}: {
  db: Database;
  pageTtlMs?: number;
}) {
  // One cache for every read of this service, so that invalidate() drops what any of them kept.
  const cache = createRankingCache();
  const ranking = { db, cache, pageTtlMs };

  return {
    /** A page of the ranking; a page past the end is empty, not an error. */
    list(query: LaureatesQuery, now = Date.now()): Promise<LaureatesPage> {
      return rankingPage(ranking, query, now);
    },

    /** The countries of the shown laureates, for the ranking's country filter. */
    countries(now = Date.now()): Promise<readonly string[]> {
      return rankingCountries(ranking, now);
    },

    /** Forget the cached pages, totals and countries: what the public sees has changed. */
    invalidate(): void {
      clearRankingCache(cache);
    },

    /** Every homologation of one rider; null for an unknown rider or one who hid their results. */
    findPalmares: (laureateId: number): Promise<Palmares | null> => findPalmares(db, laureateId),

    /** For administrators only (decision 0020): the full birth date of the given laureates, null where unknown. */
    birthDates: (laureateIds: readonly number[]): Promise<Record<number, string | null>> =>
      birthDates(db, laureateIds),

    /** Every homologation of one rider; 404 for an unknown rider or one who hid their results. */
    async palmares(laureateId: number): Promise<Palmares> {
      const palmares = await findPalmares(db, laureateId);
      if (!palmares) throw notFound('No such laureate');
      return palmares;
    },
  };
}
