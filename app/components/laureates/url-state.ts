/**
 * The ranking's state lives in the address (`?q=…&epreuve=…&sort=-date_passage&page=2`), so a view can be
 * shared and reloaded. Reading is lenient: a parameter that makes no sense is dropped, not an error page.
 * Writing leaves defaults out, so the plain page has a plain address.
 */
import {
  DEFAULT_LAUREATE_PAGE_SIZE,
  DEFAULT_LAUREATE_SORT,
  type LaureateSort,
  type LaureatesQuery,
  formatLaureateSort,
  laureatesQuery,
} from '../../../domain/schemas/laureates.ts';

export function parseLaureatesSearch(params: URLSearchParams): LaureatesQuery {
  const values: Record<string, string> = {};
  for (const key of Object.keys(laureatesQuery.shape)) {
    const value = params.get(key);
    if (value !== null) values[key] = value;
  }
  for (;;) {
    const result = laureatesQuery.safeParse(values);
    if (result.success) return result.data;
    const wrong = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    for (const key of wrong) delete values[key];
    if (wrong.size === 0) return laureatesQuery.parse({});
  }
}

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
