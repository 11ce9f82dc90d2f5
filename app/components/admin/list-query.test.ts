import { describe, expect, it } from 'vitest';
import {
  apiListQuery,
  ariaSort,
  csvExportUrl,
  defaultQuery,
  listSearchParams,
  nextSort,
  pageCount,
  parseListQuery,
} from './list-query.ts';

describe('parseListQuery', () => {
  it('reads every field of a valid query string', () => {
    const query = parseListQuery(
      'traitements',
      new URLSearchParams(
        'page=3&pageSize=50&sort=nom&order=desc&q=%20durand%20&epreuve=galerien&from=2026-01-01&to=2026-06-30&evidence=flagged',
      ),
    );
    expect(query).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'nom',
      order: 'desc',
      q: 'durand',
      epreuve: 'galerien',
      from: '2026-01-01',
      to: '2026-06-30',
      evidence: 'flagged',
    });
  });

  it('falls back to the defaults for anything unknown', () => {
    const query = parseListQuery(
      'email',
      new URLSearchParams(
        'page=-2&pageSize=1000&sort=password&order=up&epreuve=tour&from=2026-02-30&to=x&evidence=shiny',
      ),
    );
    expect(query).toEqual(defaultQuery('email'));
  });

  it('works through the kits to send oldest first and shows the history newest first', () => {
    expect(defaultQuery('traitements').order).toBe('asc');
    expect(defaultQuery('in_progress').order).toBe('asc');
    expect(defaultQuery('traites').order).toBe('desc');
    expect(defaultQuery('history').order).toBe('desc');
  });
});

describe('listSearchParams', () => {
  it('leaves the defaults out and round-trips through parseListQuery', () => {
    const query = { ...defaultQuery('retrait'), q: 'Léa', page: 2, sort: 'nom' as const };
    const params = listSearchParams('retrait', query);
    expect(params.toString()).toBe('q=L%C3%A9a&sort=nom&page=2');
    expect(parseListQuery('retrait', params)).toEqual(query);
  });

  it('is empty for the default state', () => {
    expect(listSearchParams('history', defaultQuery('history')).toString()).toBe('');
  });
});

describe('apiListQuery and csvExportUrl', () => {
  it('give the list and leave empty filters out', () => {
    const query = { ...defaultQuery('traitements'), epreuve: 'cingle' as const };
    expect(apiListQuery('traitements', query)).toEqual({
      list: 'traitements',
      page: 1,
      pageSize: 25,
      sort: 'created_at',
      order: 'asc',
      epreuve: 'cingle',
    });
  });

  it('export the current filter and sort, without paging', () => {
    const query = { ...defaultQuery('traites'), q: 'a&b', from: '2026-05-01', page: 4 };
    expect(csvExportUrl('traites', query)).toBe(
      '/api/admin/candidates.csv?list=traites&sort=created_at&order=desc&q=a%26b&from=2026-05-01',
    );
  });

  it("ask for the file in the admin's language", () => {
    expect(csvExportUrl('history', defaultQuery('history'), 'fr')).toBe(
      '/api/admin/candidates.csv?list=history&sort=created_at&order=desc&lang=fr',
    );
  });
});

describe('sorting', () => {
  it('flips the order on the same column and starts ascending on another, back on page 1', () => {
    const query = { ...defaultQuery('traitements'), page: 5 };
    const flipped = nextSort(query, 'created_at');
    expect(flipped).toMatchObject({ sort: 'created_at', order: 'desc', page: 1 });
    expect(nextSort(flipped, 'created_at')).toMatchObject({ order: 'asc' });
    expect(nextSort(flipped, 'nom')).toMatchObject({ sort: 'nom', order: 'asc' });
  });

  it('names the sorted column for assistive technologies', () => {
    const query = { ...defaultQuery('traites') };
    expect(ariaSort(query, 'created_at')).toBe('descending');
    expect(ariaSort(nextSort(query, 'nom'), 'nom')).toBe('ascending');
    expect(ariaSort(query, 'nom')).toBe('none');
  });
});

describe('pageCount', () => {
  it('has at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
