/**
 * The countries the public ranking holds: the ranking's country filter offers these, not the world's 250, since
 * any other would show an empty table (and the list is a quarter of the page's weight on a phone). Riders who hid
 * their results do not count. Read once a minute at most, like the totals (ranking-cache.ts), and forgotten with
 * them when what the public sees changes.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { homologations, laureates } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import { isShownHomologation } from './display-restrictions.ts';
import { type RankingCache, TOTALS_TTL_MS } from './ranking-cache.ts';

async function readCountries(db: Database): Promise<readonly string[]> {
  const rows = await db
    .selectDistinct({ pays: laureates.pays })
    .from(laureates)
    .innerJoin(homologations, eq(homologations.laureateId, laureates.id))
    .where(and(isShownHomologation, isNotNull(laureates.pays)));
  return rows.map((row) => row.pays!).sort();
}

/** The ISO codes of the countries of the shown laureates, sorted. */
export function rankingCountries(
  { db, cache }: { db: Database; cache: RankingCache },
  now: number,
): Promise<readonly string[]> {
  const kept = cache.countries;
  if (kept && now - kept.at < TOTALS_TTL_MS) return kept.list;
  const list = readCountries(db);
  cache.countries = { at: now, list };
  // A failed read is not kept: the next visitor asks again.
  list.catch(() => {
    if (cache.countries?.list === list) cache.countries = null;
  });
  return list;
}
