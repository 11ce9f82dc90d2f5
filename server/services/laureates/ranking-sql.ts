/**
 * The SQL pieces of the public ranking (docs/decisions/0007-laureates-ranking-queries.md): the columns of a row,
 * each rider's counts, the order of every sort key and the conditions of a query. ranking.ts puts them together.
 */
import { eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { LaureateSortKey } from '../../../domain/laureate-view.ts';
import type { LaureateRow, LaureatesQuery } from '../../../domain/schemas/laureates.ts';
import type { NameDisplay } from '../../../domain/public-name.ts';
import { containsPattern, searchWords } from '../../../domain/search.ts';
import { homologations, laureates } from '../../db/schema/index.ts';
import { isNamedInFull, isShownHomologation, nameDisplayOf } from './display-restrictions.ts';

export const birthYear = sql`extract(year from ${laureates.date_naissance})`;

/** A row as the statement returns it: the rider's real name and how it is to be shown. */
export type StoredRow = Omit<LaureateRow, 'rank'> & { name_display: NameDisplay };

/** Per person: homologations in all, and per challenge (a subquery grouped by laureate_id). */
export const personCounts = sql`select ${homologations.laureateId} as laureate_id, count(*)::int as total,
  (count(*) filter (where ${homologations.epreuve} = 'cingle'))::int as cingle,
  (count(*) filter (where ${homologations.epreuve} = 'bicingle'))::int as bicingle,
  (count(*) filter (where ${homologations.epreuve} = 'galerien'))::int as galerien
  from ${homologations}`;

const COUNT_KEYS = ['total', 'cingle', 'bicingle', 'galerien'] as const satisfies readonly LaureateSortKey[];
export const isCountKey = (key: LaureateSortKey): key is (typeof COUNT_KEYS)[number] =>
  (COUNT_KEYS as readonly string[]).includes(key);

/**
 * ORDER BY for a sort key, ascending then descending. Each list ends with unique keys, so paging is stable, and
 * matches an index of the laureate_indexes migration. Empty values sort last both ways; columns that cannot
 * be empty sort descending with plain DESC, which a backward scan of their ascending index serves.
 */
export function orderBy(key: LaureateSortKey, counted: SQL | null): { asc: SQL[]; desc: SQL[] } {
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

/** The rows a query selects: conditions on homologations, and on laureates (which need the join). */
export interface Selection {
  homologation: SQL[];
  laureate: SQL[];
}

export function selectionOf(query: LaureatesQuery, matchingLaureates: number[] | null): Selection {
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
export const rowColumns = sql`${homologations.id} as "homologationId", ${laureates.id} as "laureateId",
  ${homologations.numero} as numero, ${homologations.epreuve} as epreuve, ${laureates.nom} as nom,
  ${laureates.prenom} as prenom, ${laureates.civilite} as civilite, ${birthYear}::int as birth_year,
  ${laureates.pays} as pays, ${laureates.nationalite} as nationalite, ${homologations.date_passage} as date_passage,
  ${homologations.ageAtRide} as age, ${homologations.ville} as ville, ${nameDisplayOf} as name_display`;
