/**
 * The home page's glimpse of the ranking: how many laureates the public tables show, and the latest
 * homologations. Riders who confirmed a display restriction are left out of both, as in every public table.
 *
 * The answer is kept for a minute: the home page is the most visited page, the count scans every homologation,
 * and a new laureate appearing a minute later on the home page harms no one.
 */
import { countDistinct, desc, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import type { LaureateTeaser } from '../../../contracts/laureates.ts';
import { publicName } from '../../../domain/public-name.ts';
import type { Database } from '../../db/client.ts';
import { displayRestrictions, homologations, laureates } from '../../db/schema/index.ts';
import { nameDisplayOf } from './display-restrictions.ts';

/** Emails compare case-insensitively: the restriction and the laureate row may have been typed differently. */
const isPubliclyShown = notExists(
  sql`(select 1 from ${displayRestrictions} where lower(${displayRestrictions.email}) = lower(${laureates.email}) and ${isNotNull(displayRestrictions.confirmedAt)})`,
);

const CACHE_MS = 60_000;

export function createLaureateTeaserService({
  db,
  cacheMs = CACHE_MS,
  now = Date.now,
}: {
  db: Database;
  cacheMs?: number;
  now?: () => number;
}) {
  const cache = new Map<number, { at: number; answer: Promise<LaureateTeaser> }>();

  async function query(limit: number): Promise<LaureateTeaser> {
    const [latest, [counted]] = await Promise.all([
      db
        .select({
          homologationId: homologations.id,
          laureateId: laureates.id,
          prenom: laureates.prenom,
          nom: laureates.nom,
          pays: laureates.pays,
          epreuve: homologations.epreuve,
          numero: homologations.numero,
          homologatedAt: homologations.homologatedAt,
          display: nameDisplayOf,
        })
        .from(homologations)
        .innerJoin(laureates, eq(laureates.id, homologations.laureateId))
        .where(isPubliclyShown)
        .orderBy(desc(homologations.homologatedAt), desc(homologations.id))
        .limit(limit),
      db
        .select({ total: countDistinct(homologations.laureateId) })
        .from(homologations)
        .innerJoin(laureates, eq(laureates.id, homologations.laureateId))
        .where(isPubliclyShown),
    ]);
    return {
      total: counted?.total ?? 0,
      latest: latest.map(({ display, ...row }) => ({
        ...row,
        ...publicName(row, display),
        homologatedAt: row.homologatedAt.toISOString(),
      })),
    };
  }

  return {
    /** The total and the `limit` latest homologations, at most a minute old. */
    teaser(limit: number): Promise<LaureateTeaser> {
      const cached = cache.get(limit);
      if (cached && now() - cached.at < cacheMs) return cached.answer;
      const answer = query(limit);
      cache.set(limit, { at: now(), answer });
      // A failed query is not kept: the next visitor asks again.
      answer.catch(() => cache.delete(limit));
      return answer;
    },

    /** Forgets the kept answers: the next visitor sees a change made by this process at once. */
    invalidate(): void {
      cache.clear();
    },
  };
}
