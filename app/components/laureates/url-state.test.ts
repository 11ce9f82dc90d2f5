import { describe, expect, it } from 'vitest';
import { readLaureatesQuery } from '../../../domain/schemas/laureates.ts';
import { filteredView, laureatesSearch, rowRange, sortedBy } from './url-state.ts';

const parse = (search: string) => readLaureatesQuery(new URLSearchParams(search));

describe('the ranking in the address', () => {
  it('reads a shared view', () => {
    expect(parse('q=Beno%C3%AEt&epreuve=galerien&pays=BE&year=2012&sort=-age&pageSize=50&page=3')).toEqual({
      q: 'Benoît',
      epreuve: 'galerien',
      pays: 'be',
      year: 2012,
      sort: { key: 'age', direction: 'desc' },
      pageSize: 50,
      page: 3,
    });
  });

  it('drops what makes no sense and keeps the rest', () => {
    expect(parse('pageSize=7&sort=password&page=-1&year=1700&epreuve=tour&pays=zz&q=ventoux')).toEqual({
      q: 'ventoux',
      sort: { key: 'date_passage', direction: 'desc' },
      pageSize: 25,
      page: 1,
    });
  });

  it('writes defaults as a plain address, and the rest in a stable order', () => {
    expect(laureatesSearch(parse(''))).toBe('');
    const view = parse('page=2&q=mont&sort=nom&pageSize=100&year=2001');
    expect(laureatesSearch(view)).toBe('?q=mont&year=2001&sort=nom&pageSize=100&page=2');
    expect(parse(laureatesSearch(view).slice(1))).toEqual(view);
  });

  it('takes the filter form as sent, back on page 1, with empty fields as no filter', () => {
    const form = new URLSearchParams('sort=-age&q=+mont+&epreuve=cingle&pays=&year=&pageSize=50');
    expect(filteredView(form)).toEqual({
      page: 1,
      pageSize: 50,
      sort: { key: 'age', direction: 'desc' },
      q: 'mont',
      epreuve: 'cingle',
      pays: undefined,
      year: undefined,
    });
    expect(laureatesSearch(filteredView(form))).toBe('?q=mont&epreuve=cingle&sort=-age&pageSize=50');
    // Without the hidden sort field, and with sizes or years the form never offers: the defaults.
    const odd = filteredView(new URLSearchParams('pageSize=7&year=abc'));
    expect(laureatesSearch(odd)).toBe('');
    // What the address reader then makes of it is the same view.
    expect(parse(laureatesSearch(filteredView(form)).slice(1))).toEqual({
      page: 1,
      pageSize: 50,
      sort: { key: 'age', direction: 'desc' },
      q: 'mont',
      epreuve: 'cingle',
    });
  });

  it('sorts by a column ascending first, then flips, and goes back to page 1', () => {
    const view = parse('page=4&sort=-date_passage');
    const byName = sortedBy(view, 'nom');
    expect(byName.sort).toEqual({ key: 'nom', direction: 'asc' });
    expect(byName.page).toBe(1);
    expect(sortedBy(byName, 'nom').sort).toEqual({ key: 'nom', direction: 'desc' });
    expect(sortedBy(sortedBy(byName, 'nom'), 'nom').sort.direction).toBe('asc');
  });

  it('says which rows a page shows', () => {
    expect(rowRange(1, 25, 25)).toEqual({ from: 1, to: 25 });
    expect(rowRange(3, 25, 13)).toEqual({ from: 51, to: 63 });
    expect(rowRange(9, 25, 0)).toEqual({ from: 0, to: 0 });
  });
});
