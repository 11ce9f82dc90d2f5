/**
 * A view of the public ranking: its page sizes, sortable columns and default order, and how a sort is written in
 * an address. Plain values with no validation library, so the ranking page's scripts can build addresses without
 * it; `domain/schemas/laureates.ts` reads an address or an API query into a view.
 */
export const LAUREATE_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_LAUREATE_PAGE_SIZE = 25;

/** Every column of the table can be sorted. */
export const LAUREATE_SORT_KEYS = [
  'rank',
  'nom',
  'prenom',
  'civilite',
  'birth_year',
  'total',
  'cingle',
  'bicingle',
  'galerien',
  'pays',
  'nationalite',
  'numero',
  'epreuve',
  'date_passage',
  'age',
  'ville',
] as const;
export type LaureateSortKey = (typeof LAUREATE_SORT_KEYS)[number];

export type SortDirection = 'asc' | 'desc';

export interface LaureateSort {
  key: LaureateSortKey;
  direction: SortDirection;
}

/** The latest rides first. */
export const DEFAULT_LAUREATE_SORT: LaureateSort = { key: 'date_passage', direction: 'desc' };

/** `sort=nom` is ascending, `sort=-nom` descending (the JSON:API convention), so one parameter says both. */
export function formatLaureateSort(sort: LaureateSort): string {
  return sort.direction === 'desc' ? `-${sort.key}` : sort.key;
}

export function parseLaureateSort(value: string): LaureateSort | undefined {
  const direction: SortDirection = value.startsWith('-') ? 'desc' : 'asc';
  const key = value.replace(/^[-+]/, '');
  return (LAUREATE_SORT_KEYS as readonly string[]).includes(key)
    ? { key: key as LaureateSortKey, direction }
    : undefined;
}

/** The first year a challenge could be ridden is the club's founding year. */
export const FIRST_RIDE_YEAR = 1988;
