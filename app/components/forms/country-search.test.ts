import { describe, expect, it } from 'vitest';
import { countryOptions } from '../../../domain/countries.ts';
import { filterCountries, foldForSearch } from './country-search.ts';

const search = (locale: 'fr' | 'gb', text: string) =>
  filterCountries({ options: [...countryOptions(locale)], search: text }).map((option) =>
    'value' in option ? option.value : '?',
  );

describe('foldForSearch', () => {
  it('ignores accents, case and punctuation', () => {
    expect(foldForSearch('  États-Unis ')).toBe('etats unis');
    expect(foldForSearch("Côte d'Ivoire")).toBe('cote d ivoire');
  });
});

describe('filterCountries', () => {
  it('shows everything, separator included, while nothing is typed', () => {
    expect(search('fr', '')).toHaveLength(countryOptions('fr').length);
  });

  it('finds a country without its accents and hides the separator', () => {
    expect(search('fr', 'etats-unis')[0]).toBe('us');
    expect(search('fr', 'e')).not.toContain('--');
  });

  it('puts names that start with the text first', () => {
    const found = search('gb', 'fr');
    expect(found[0]).toBe('fr');
    expect(found).toContain('za');
    expect(found.indexOf('fr')).toBeLessThan(found.indexOf('za'));
  });

  it('ranks word starts before other matches', () => {
    const found = search('gb', 'guinea');
    expect(found.indexOf('gn')).toBeLessThan(found.indexOf('gq'));
    expect(found.indexOf('gq')).toBeLessThan(found.length);
  });
});
