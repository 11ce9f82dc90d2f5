/**
 * The public ranking of laureates: one row per homologation with its rider, paged, sorted by any column,
 * searched by name or town, filtered by challenge, country and year; and one rider's palmarès. Riders whose
 * email has a confirmed display restriction never appear, not even in the totals; riders who chose a shortened
 * name are shown so (domain/public-name.ts) and are not found by a search.
 *
 * How the queries stay fast on 100,000 rows is explained in docs/decisions/0007-laureates-ranking-queries.md:
 * every sort has an index in both directions, a narrow search lists its riders first through the trigram
 * index, a page (its rows, each rider's counts and the total) is one statement, one round trip, and pages and
 * totals are kept a short while.
 */
import { and, eq, gte, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
import type { LaureateSortKey } from '../../../domain/laureate-view.ts';
import type {
  LaureateRow,
  LaureatesPage,
  LaureatesQuery,
  Palmares,
} from '../../../domain/schemas/laureates.ts';
import { knownDate } from '../../../domain/dates.ts';
import { type NameDisplay, publicName } from '../../../domain/public-name.ts';
import { containsPattern, searchWords } from '../../../domain/search.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';
import type { Database } from '../../db/client.ts';
import { homologations, laureates } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import {
  isNamedInFull,
  isShownHomologation,
  isShownLaureate,
  nameDisplayOf,
} from './display-restrictions.ts';

const birthYear = sql`extract(year from ${laureates.date_naissance})`;

/** A row as the statement returns it: the rider's real name and how it is to be shown. */
type StoredRow = Omit<LaureateRow, 'rank'> & { name_display: NameDisplay };

/** Per person: homologations in all, and per challenge (a subquery grouped by laureate_id). */
const personCounts = sql`select ${homologations.laureateId} as laureate_id, count(*)::int as total,
  (count(*) filter (where ${homologations.epreuve} = 'cingle'))::int as cingle,
  (count(*) filter (where ${homologations.epreuve} = 'bicingle'))::int as bicingle,
  (count(*) filter (where ${homologations.epreuve} = 'galerien'))::int as galerien
  from ${homologations}`;

const COUNT_KEYS = ['total', 'cingle', 'bicingle', 'galerien'] as const satisfies readonly LaureateSortKey[];
const isCountKey = (key: LaureateSortKey): key is (typeof COUNT_KEYS)[number] =>
  (COUNT_KEYS as readonly string[]).includes(key);

/**
 * ORDER BY for a sort key, ascending then descending. Each list ends with unique keys, so paging is stable, and
 * matches an index of the laureate_indexes migration. Empty values sort last both ways; columns that cannot
 * be empty sort descending with plain DESC, which a backward scan of their ascending index serves.
 */
function orderBy(key: LaureateSortKey, counted: SQL | null): { asc: SQL[]; desc: SQL[] } {
  const l = laureates;
  const h = homologations;
  const nullable = (first: SQL | typeof h.date_passage, ...ties: (typeof l.id | typeof h.id)[]) => ({
    asc: [sql`${first} asc`, ...ties.map((tie) => sql`${tie} asc`)],
    desc: [sql`${first} desc nulls last`, ...ties.map((tie) => sql`${tie} desc nulls last`)],
  });
  const required = (...columns: unknown[]) => ({
    asc: columns.map((column) => sql`${column} asc`),
    desc: columns.map((column) => sql`${column} desc`),
  });
  switch (key) {
    case 'rank':
    case 'numero':
      return required(h.numero, h.epreuve);
    case 'epreuve':
      return required(h.epreuve, h.numero);
    case 'nom':
      return required(l.nom, l.prenom, l.id, h.id);
    case 'prenom':
      return required(l.prenom, l.nom, l.id, h.id);
    case 'civilite':
      return nullable(sql`${l.civilite}`, l.id, h.id);
    case 'birth_year':
      return nullable(birthYear, l.id, h.id);
    case 'pays':
      return nullable(sql`${l.pays}`, l.id, h.id);
    case 'nationalite':
      return nullable(sql`${l.nationalite}`, l.id, h.id);
    case 'date_passage':
      return nullable(sql`${h.date_passage}`, h.id);
    case 'age':
      return nullable(sql`${h.ageAtRide}`, h.id);
    case 'ville':
      return nullable(sql`${h.ville}`, h.id);
    case 'total':
    case 'cingle':
    case 'bicingle':
    case 'galerien':
      return required(counted!, l.id, h.id);
  }
}

/**
 * A search matching more riders than this is not selective: rather than listing them, the page query filters
 * while reading in sort order, which finds a page quickly precisely because so many rows match.
 */
const SEARCH_ID_LIMIT = 1000;

/** The rows a query selects: conditions on homologations, and on laureates (which need the join). */
interface Selection {
  homologation: SQL[];
  laureate: SQL[];
}

function selectionOf(query: LaureatesQuery, matchingLaureates: number[] | null): Selection {
  const homologation: SQL[] = [isShownHomologation];
  const laureate: SQL[] = [];
  if (matchingLaureates)
    homologation.push(sql`${homologations.laureateId} = any(${`{${matchingLaureates.join(',')}}`}::int[])`);
  else if (searchWords(query.q).length > 0) {
    laureate.push(isNamedInFull);
    for (const word of searchWords(query.q)) laureate.push(like(laureates.searchText, containsPattern(word)));
  }
  if (query.epreuve) homologation.push(eq(homologations.epreuve, query.epreuve));
  if (query.year) {
    homologation.push(gte(homologations.date_passage, `${query.year}-01-01`));
    homologation.push(lt(homologations.date_passage, `${query.year + 1}-01-01`));
  }
  if (query.pays) laureate.push(eq(laureates.pays, query.pays));
  return { homologation, laureate };
}

/** The columns of a row, aliased for the JSON the statement returns. */
const rowColumns = sql`${homologations.id} as "homologationId", ${laureates.id} as "laureateId",
  ${homologations.numero} as numero, ${homologations.epreuve} as epreuve, ${laureates.nom} as nom,
  ${laureates.prenom} as prenom, ${laureates.civilite} as civilite, ${birthYear}::int as birth_year,
  ${laureates.pays} as pays, ${laureates.nationalite} as nationalite, ${homologations.date_passage} as date_passage,
  ${homologations.ageAtRide} as age, ${homologations.ville} as ville, ${nameDisplayOf} as name_display`;

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

export function createLaureatesService({
  db,
  pageTtlMs = PAGE_TTL_MS,
}: {
  db: Database;
  pageTtlMs?: number;
}) {
  const pages = new Map<string, { at: number; page: Promise<LaureatesPage> }>();

  /**
   * Counting a broad selection reads every matching row, the one costly part of a page; the figure is reused
   * for a minute (a new homologation shows in the rows at once, in the total within a minute) and dropped at
   * once when this process changes what the public sees.
   */
  const totals = new Map<string, { total: number; at: number }>();

  function cachedTotal(key: string, now: number): number | undefined {
    const entry = totals.get(key);
    if (!entry || now - entry.at >= TOTALS_TTL_MS) return undefined;
    return entry.total;
  }

  function rememberTotal(key: string, total: number, now: number) {
    totals.delete(key);
    totals.set(key, { total, at: now });
    if (totals.size > TOTALS_MAX) totals.delete(totals.keys().next().value!);
  }

  async function rowsOf<T>(query: SQL): Promise<T[]> {
    const result = await db.execute(query);
    return (result as unknown as { rows: T[] }).rows;
  }

  /**
   * One statement for a page: the rows in sort order (the page is cut first, then each of its riders' counts
   * is read through the (laureate_id, epreuve) index), and the number of rows of the whole selection. Sorting
   * by a count joins the counts of every rider instead.
   */
  async function pageOf(query: LaureatesQuery, selection: Selection): Promise<LaureatesPage> {
    const now = Date.now();
    const totalKey = JSON.stringify([searchWords(query.q), query.epreuve, query.pays, query.year]);
    const knownTotal = cachedTotal(totalKey, now);
    const where = and(...selection.homologation, ...selection.laureate);
    const offset = (query.page - 1) * query.pageSize;
    const { key, direction } = query.sort;
    const sortedByCount = isCountKey(key);
    const order = orderBy(key, sortedByCount ? sql.raw(`all_counts.${key}`) : null)[direction];
    const countsJoin = sortedByCount
      ? sql`join (${personCounts} where ${isShownHomologation} group by ${homologations.laureateId}) all_counts on all_counts.laureate_id = ${homologations.laureateId}`
      : sql``;
    const page = sql`select ${rowColumns} from ${homologations} join ${laureates} on ${laureates.id} = ${homologations.laureateId}
      ${countsJoin} where ${where} order by ${sql.join(order, sql`, `)} limit ${query.pageSize} offset ${offset}`;
    const total =
      knownTotal !== undefined
        ? sql`select ${knownTotal}::int`
        : selection.laureate.length > 0
          ? sql`select count(*)::int from ${homologations} join ${laureates} on ${laureates.id} = ${homologations.laureateId} where ${where}`
          : sql`select count(*)::int from ${homologations} where ${and(...selection.homologation)}`;
    const [result] = await rowsOf<{ total: number; items: StoredRow[] | null }>(sql`
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
      ) as items`);
    const items = (result?.items ?? []).map(({ name_display: display, ...row }) => ({
      ...row,
      ...publicName(row, display),
      rank: row.numero,
    }));
    if (knownTotal === undefined) rememberTotal(totalKey, result?.total ?? 0, now);
    return { items, total: result?.total ?? 0, page: query.page, pageSize: query.pageSize };
  }

  /**
   * The riders a search matches, when few enough to list (see SEARCH_ID_LIMIT): the trigram index finds them,
   * and the page query then reads only their homologations instead of scanning in sort order.
   */
  async function searchLaureates(query: LaureatesQuery): Promise<number[] | null> {
    const words = searchWords(query.q);
    if (words.length === 0) return null;
    // OFFSET 0 plans the inner query on its own: with the LIMIT in view, the planner would rather scan the
    // whole table hoping to stop early than use the trigram index.
    const rows = await rowsOf<{ id: number }>(sql`
      select id from (
        select ${laureates.id} as id from ${laureates}
        where ${and(isNamedInFull, ...words.map((word) => like(laureates.searchText, containsPattern(word))))} offset 0
      ) matches limit ${SEARCH_ID_LIMIT + 1}`);
    return rows.length > SEARCH_ID_LIMIT ? null : rows.map((row) => row.id);
  }

  /** Every homologation of one rider; null for an unknown rider or one who hid their results. */
  async function findPalmares(laureateId: number): Promise<Palmares | null> {
    const [person] = await db
      .select({
        laureateId: laureates.id,
        nom: laureates.nom,
        prenom: laureates.prenom,
        civilite: laureates.civilite,
        birth_year: sql<number | null>`${birthYear}::int`,
        pays: laureates.pays,
        nationalite: laureates.nationalite,
        display: nameDisplayOf,
      })
      .from(laureates)
      .where(and(eq(laureates.id, laureateId), isShownLaureate));
    if (!person) return null;
    const { display: _display, ...shown } = { ...person, ...publicName(person, person.display) };
    const rides = await db
      .select({
        homologationId: homologations.id,
        epreuve: homologations.epreuve,
        numero: homologations.numero,
        date_passage: homologations.date_passage,
        age: homologations.ageAtRide,
        ville: homologations.ville,
      })
      .from(homologations)
      .where(eq(homologations.laureateId, laureateId))
      .orderBy(
        sql`${homologations.date_passage} asc nulls first`,
        homologations.epreuve,
        homologations.numero,
      );
    if (rides.length === 0) return null;
    const tally = (epreuve: ChallengeId) => rides.filter((ride) => ride.epreuve === epreuve).length;
    return {
      ...shown,
      total: rides.length,
      cingle: tally('cingle'),
      bicingle: tally('bicingle'),
      galerien: tally('galerien'),
      homologations: rides,
    };
  }

  async function readPage(query: LaureatesQuery): Promise<LaureatesPage> {
    const matching = await searchLaureates(query);
    if (matching?.length === 0) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
    return pageOf(query, selectionOf(query, matching));
  }

  return {
    /** A page of the ranking; a page past the end is empty, not an error. */
    list(query: LaureatesQuery, now = Date.now()): Promise<LaureatesPage> {
      if (pageTtlMs <= 0) return readPage(query);
      const key = JSON.stringify([
        searchWords(query.q),
        query.epreuve,
        query.pays,
        query.year,
        query.sort,
        query.page,
        query.pageSize,
      ]);
      const cached = pages.get(key);
      if (cached && now - cached.at < pageTtlMs) return cached.page;
      const page = readPage(query);
      pages.delete(key);
      pages.set(key, { at: now, page });
      if (pages.size > PAGES_MAX) pages.delete(pages.keys().next().value!);
      // A failed read is not kept: the next visitor asks again.
      page.catch(() => pages.delete(key));
      return page;
    },

    /** Forget the cached pages and totals: what the public sees has changed. */
    invalidate(): void {
      pages.clear();
      totals.clear();
    },

    findPalmares,

    /**
     * For administrators only (decision 0020): the full birth date of the given laureates, null where unknown.
     * The public ranking and palmarès never select it; the ranking page asks for it when an administrator views it.
     */
    async birthDates(laureateIds: readonly number[]): Promise<Record<number, string | null>> {
      if (laureateIds.length === 0) return {};
      const rows = await db
        .select({ id: laureates.id, date: laureates.date_naissance })
        .from(laureates)
        .where(inArray(laureates.id, [...new Set(laureateIds)]));
      return Object.fromEntries(rows.map((row) => [row.id, knownDate(row.date)]));
    },

    /** Every homologation of one rider; 404 for an unknown rider or one who hid their results. */
    async palmares(laureateId: number): Promise<Palmares> {
      const palmares = await findPalmares(laureateId);
      if (!palmares) throw notFound('No such laureate');
      return palmares;
    },
  };
}
