/**
 * The ranking's state lives in the address (`?q=…&epreuve=…&sort=-date_passage&page=2`), so a view can be
 * shared and reloaded. The page's loader reads it (`readLaureatesQuery`, leniently); here the page writes it,
 * leaving defaults out so the plain page has a plain address. No validation library comes to the browser for
 * this: what the filter form sends is taken as it is, and the loader drops what makes no sense.
 */
import {
  DEFAULT_LAUREATE_PAGE_SIZE,
  DEFAULT_LAUREATE_SORT,
  LAUREATE_PAGE_SIZES,
  type LaureateSort,
  formatLaureateSort,
  parseLaureateSort,
} from '../../../domain/laureate-view.ts';

export interface LaureatesView {
  page: number;
  pageSize: number;
  sort: LaureateSort;
  q?: string;
  epreuve?: string;
  pays?: string;
  year?: number;
}

/** The query string of a view (with its leading '?', or '' for the default view). */
export function laureatesSearch(view: LaureatesView): string {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.epreuve) params.set('epreuve', view.epreuve);
  if (view.pays) params.set('pays', view.pays);
  if (view.year) params.set('year', String(view.year));
  const sort = formatLaureateSort(view.sort);
  if (sort !== formatLaureateSort(DEFAULT_LAUREATE_SORT)) params.set('sort', sort);
  if (view.pageSize !== DEFAULT_LAUREATE_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  if (view.page > 1) params.set('page', String(view.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The view the filter form asks for, back on its first page: empty fields are no filter. */
export function filteredView(fields: URLSearchParams): LaureatesView {
  const field = (name: string) => fields.get(name)?.trim() || undefined;
  const pageSize = Number(field('pageSize'));
  const year = Number(field('year'));
  return {
    page: 1,
    pageSize: (LAUREATE_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_LAUREATE_PAGE_SIZE,
    sort: parseLaureateSort(field('sort') ?? '') ?? DEFAULT_LAUREATE_SORT,
    q: field('q'),
    epreuve: field('epreuve'),
    pays: field('pays'),
    year: Number.isInteger(year) && year > 0 ? year : undefined,
  };
}

/** Clicking a column: sort by it ascending, or flip the direction when it is already the sort; back to page 1. */
export function sortedBy(view: LaureatesView, key: LaureateSort['key']): LaureatesView {
  const direction = view.sort.key === key && view.sort.direction === 'asc' ? 'desc' : 'asc';
  return { ...view, sort: { key, direction }, page: 1 };
}

/** 'showing x to y of total': the first and last row numbers of a page (0 and 0 when it is empty). */
export function rowRange(page: number, pageSize: number, shown: number): { from: number; to: number } {
  if (shown === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + shown - 1 };
}
