/**
 * The state of an admin candidate list as it lives in the URL (page, page size, sort, search, filters): read from
 * the query string by the loaders, written back by the table's controls, and turned into the API query of the
 * list (also the CSV export's). Anything unknown in the URL falls back to the default rather than failing.
 */
import { isValidCalendarDate } from '../../../domain/dates.ts';
import { ADMIN_SORTS, SEARCH_MAX, SORT_ORDERS } from '../../../domain/schemas/admin.ts';
import type { PAGE_SIZES } from '../../../domain/schemas/common.ts';
import { CHALLENGE_IDS, type ChallengeId } from '../../../domain/ventoux.ts';
import { EVIDENCE_FILTERS, type EvidenceFilter } from '../../../domain/evidence.ts';
import type { CandidateListId } from './types.ts';

/** The page sizes the lists offer: those of the API (adminCandidatesQuery) but the smallest. */
export const LIST_PAGE_SIZES = [25, 50, 100] as const satisfies readonly (typeof PAGE_SIZES)[number][];
type ListPageSize = (typeof LIST_PAGE_SIZES)[number];

export type SortKey = (typeof ADMIN_SORTS)[number];
type SortOrder = (typeof SORT_ORDERS)[number];

export interface ListQuery {
  page: number;
  pageSize: ListPageSize;
  sort: SortKey;
  order: SortOrder;
  q: string;
  epreuve: ChallengeId | '';
  from: string;
  to: string;
  /** How the evidence of a returned card stands (the in-progress list). */
  evidence: EvidenceFilter | '';
}

/**
 * Kits waiting to be sent and cards waiting to be judged are worked through oldest first; the lists of what is
 * done show the newest first.
 */
export function defaultQuery(list: CandidateListId): ListQuery {
  const newestFirst = list === 'traites' || list === 'history';
  return {
    page: 1,
    pageSize: 25,
    sort: 'created_at',
    order: newestFirst ? 'desc' : 'asc',
    q: '',
    epreuve: '',
    from: '',
    to: '',
    evidence: '',
  };
}

const includes = <T extends string | number>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

export function parseListQuery(list: CandidateListId, params: URLSearchParams): ListQuery {
  const defaults = defaultQuery(list);
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sort = params.get('sort');
  const order = params.get('order');
  const epreuve = params.get('epreuve');
  const evidence = params.get('evidence');
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return isValidCalendarDate(value) ? value : '';
  };
  return {
    page: Number.isInteger(page) && page >= 1 ? page : defaults.page,
    pageSize: includes(LIST_PAGE_SIZES, pageSize) ? pageSize : defaults.pageSize,
    sort: includes(ADMIN_SORTS, sort) ? sort : defaults.sort,
    order: includes(SORT_ORDERS, order) ? order : defaults.order,
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    epreuve: includes(CHALLENGE_IDS, epreuve) ? epreuve : '',
    from: date('from'),
    to: date('to'),
    evidence: includes(EVIDENCE_FILTERS, evidence) ? evidence : '',
  };
}

/** The query string of a list state, leaving out what equals the default (so URLs stay short). */
export function listSearchParams(list: CandidateListId, query: ListQuery): URLSearchParams {
  const defaults = defaultQuery(list);
  const params = new URLSearchParams();
  for (const key of [
    'q',
    'epreuve',
    'from',
    'to',
    'evidence',
    'sort',
    'order',
    'pageSize',
    'page',
  ] as const) {
    if (query[key] !== defaults[key] && query[key] !== '') params.set(key, String(query[key]));
  }
  return params;
}

/** The query the admin API (and the service) takes for a list: every field given, empty filters left out. */
export function apiListQuery(list: CandidateListId, query: ListQuery) {
  return {
    list,
    page: query.page,
    pageSize: query.pageSize,
    sort: query.sort,
    order: query.order,
    ...(query.q ? { q: query.q } : {}),
    ...(query.epreuve ? { epreuve: query.epreuve } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    ...(query.evidence ? { evidence: query.evidence } : {}),
  };
}

/**
 * The CSV export of the list with the current filters and sort (every row, not only this page), in the admin's
 * language: its separator, headers and words (decision 0042).
 */
export function csvExportUrl(list: CandidateListId, query: ListQuery, lang?: string): string {
  const params = new URLSearchParams({ list, sort: query.sort, order: query.order });
  if (query.q) params.set('q', query.q);
  if (query.epreuve) params.set('epreuve', query.epreuve);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.evidence) params.set('evidence', query.evidence);
  if (lang) params.set('lang', lang);
  return `/api/admin/candidates.csv?${params.toString()}`;
}

/** Clicking a column header: the same column flips the order, another column starts ascending on page 1. */
export function nextSort(query: ListQuery, key: SortKey): ListQuery {
  const order: SortOrder = query.sort === key && query.order === 'asc' ? 'desc' : 'asc';
  return { ...query, sort: key, order, page: 1 };
}

/** The value of `aria-sort` for a column header. */
export function ariaSort(query: ListQuery, key: SortKey): 'ascending' | 'descending' | 'none' {
  if (query.sort !== key) return 'none';
  return query.order === 'asc' ? 'ascending' : 'descending';
}

/** The last page there is for `total` rows (at least 1, so an empty list still has a page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
