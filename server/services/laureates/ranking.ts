/**
 * Reading a page of the public ranking: a narrow search lists its riders first (trigram index), then one
 * statement reads the page's rows, each rider's counts and the total (docs/decisions/0007-laureates-ranking-queries.md).
 * Pages and totals are kept in the service's one RankingCache (ranking-cache.ts).
 */
import { and, like, type SQL, sql } from 'drizzle-orm';
import type { LaureatesPage, LaureatesQuery } from '../../../domain/schemas/laureates.ts';
import { publicName } from '../../../domain/public-name.ts';
import { containsPattern, searchWords } from '../../../domain/search.ts';
import type { Database } from '../../db/client.ts';
import { homologations, laureates } from '../../db/schema/index.ts';
import { isNamedInFull, isShownHomologation } from './display-restrictions.ts';
import { cachedTotal, keptPage, type RankingCache, rememberTotal } from './ranking-cache.ts';
import {
  isCountKey,
  orderBy,
  personCounts,
  rowColumns,
  type Selection,
  selectionOf,
  type StoredRow,
} from './ranking-sql.ts';

export interface RankingDeps {
  db: Database;
  cache: RankingCache;
  /** How long a whole page is reused; 0 or less reads every page afresh (totals are still kept). */
  pageTtlMs: number;
}

/**
 * A search matching more riders than this is not selective: rather than listing them, the page query filters
 * while reading in sort order, which finds a page quickly precisely because so many rows match.
 */
const SEARCH_ID_LIMIT = 1000;

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The statement's inner query: one page of rows in sort order, before each rider's counts are read. */
function pageRows(query: LaureatesQuery, where: SQL | undefined): SQL {
  const offset = (query.page - 1) * query.pageSize;
  const { key, direction } = query.sort;
  const sortedByCount = isCountKey(key);
  const order = orderBy(key, sortedByCount ? sql.raw(`all_counts.${key}`) : null)[direction];
  const countsJoin = sortedByCount
    ? sql`join (${personCounts} where ${isShownHomologation} group by ${homologations.laureateId}) all_counts on all_counts.laureate_id = ${homologations.laureateId}`
    : sql``;
  return sql`select ${rowColumns} from ${homologations} join ${laureates} on ${laureates.id} = ${homologations.laureateId}
      ${countsJoin} where ${where} order by ${sql.join(order, sql`, `)} limit ${query.pageSize} offset ${offset}`;
}

/**
 * One statement for a page: the rows in sort order (the page is cut first, then each of its riders' counts
 * is read through the (laureate_id, epreuve) index), and the number of rows of the whole selection. Sorting
 * by a count joins the counts of every rider instead.
 */
async function pageOf(
  deps: RankingDeps,
  query: LaureatesQuery,
  selection: Selection,
): Promise<LaureatesPage> {
  const now = Date.now();
  const totalKey = JSON.stringify([searchWords(query.q), query.epreuve, query.pays, query.year]);
  const knownTotal = cachedTotal(deps.cache, totalKey, now);
  const where = and(...selection.homologation, ...selection.laureate);
  const page = pageRows(query, where);
  const total =
    knownTotal !== undefined
      ? sql`select ${knownTotal}::int`
      : selection.laureate.length > 0
        ? sql`select count(*)::int from ${homologations} join ${laureates} on ${laureates.id} = ${homologations.laureateId} where ${where}`
        : sql`select count(*)::int from ${homologations} where ${and(...selection.homologation)}`;
  const [result] = await rowsOf<{ total: number; items: StoredRow[] | null }>(
    deps.db,
    sql`
      select (${total}) as total, (
        select json_agg(json_build_object(
            'homologationId', p."homologationId", 'laureateId', p."laureateId", 'numero', p.numero,
            'epreuve', p.epreuve, 'nom', p.nom, 'prenom', p.prenom, 'civilite', p.civilite,
            'birth_year', p.birth_year, 'pays', p.pays, 'nationalite', p.nationalite,
            'date_passage', p.date_passage, 'age', p.age, 'ville', p.ville, 'total', c.total,
            'cingle', c.cingle, 'bicingle', c.bicingle, 'galerien', c.galerien,
            'name_display', p.name_display) order by p.position)
        from (select page.*, row_number() over () as position from (${page}) page) p
        cross join lateral (${personCounts} where ${homologations.laureateId} = p."laureateId" group by ${homologations.laureateId}) c
      ) as items`,
  );
  const items = (result?.items ?? []).map(({ name_display: display, ...row }) => ({
    ...row,
    ...publicName(row, display),
    rank: row.numero,
  }));
  if (knownTotal === undefined) rememberTotal(deps.cache, totalKey, result?.total ?? 0, now);
  return { items, total: result?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/**
 * The riders a search matches, when few enough to list (see SEARCH_ID_LIMIT): the trigram index finds them,
 * and the page query then reads only their homologations instead of scanning in sort order.
 */
async function searchLaureates(db: Database, query: LaureatesQuery): Promise<number[] | null> {
  const words = searchWords(query.q);
  if (words.length === 0) return null;
  // OFFSET 0 plans the inner query on its own: with the LIMIT in view, the planner would rather scan the
  // whole table hoping to stop early than use the trigram index.
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`
      select id from (
        select ${laureates.id} as id from ${laureates}
        where ${and(isNamedInFull, ...words.map((word) => like(laureates.searchText, containsPattern(word))))} offset 0
      ) matches limit ${SEARCH_ID_LIMIT + 1}`,
  );
  return rows.length > SEARCH_ID_LIMIT ? null : rows.map((row) => row.id);
}

async function readPage(deps: RankingDeps, query: LaureatesQuery): Promise<LaureatesPage> {
  const matching = await searchLaureates(deps.db, query);
  if (matching?.length === 0) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  return pageOf(deps, query, selectionOf(query, matching));
}

/** A page of the ranking, kept a short while; a page past the end is empty, not an error. */
export function rankingPage(deps: RankingDeps, query: LaureatesQuery, now: number): Promise<LaureatesPage> {
  if (deps.pageTtlMs <= 0) return readPage(deps, query);
  const key = JSON.stringify([
    searchWords(query.q),
    query.epreuve,
    query.pays,
    query.year,
    query.sort,
    query.page,
    query.pageSize,
  ]);
  return keptPage(deps.cache, key, { ttlMs: deps.pageTtlMs, now }, () => readPage(deps, query));
}
