import { describe, expect, it } from 'vitest';

import {
  COUNTRY_CODES,
  COUNTRY_SEPARATOR_VALUE,
  PRIORITY_COUNTRIES,
  countryName,
  countryOptions,
  isCountryCode,
} from './countries.ts';
import { LOCALES } from './locales.ts';

describe('country codes', () => {
  it('are lowercase ISO 3166 alpha-2 codes, about 250 of them', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[a-z]{2}$/);
    expect(COUNTRY_CODES).toContain('fr');
    expect(COUNTRY_CODES).toContain('gb');
  });

  it('isCountryCode accepts only known lowercase codes', () => {
    expect(isCountryCode('fr')).toBe(true);
    expect(isCountryCode('be')).toBe(true);
    expect(isCountryCode('FR')).toBe(false);
    expect(isCountryCode('uk')).toBe(false);
    expect(isCountryCode('zz')).toBe(false);
    expect(isCountryCode('')).toBe(false);
    expect(isCountryCode(null)).toBe(false);
    expect(isCountryCode(33)).toBe(false);
  });
});

describe('countryName', () => {
  it('names the country in the page language; gb is English', () => {
    expect(countryName('de', 'fr')).toBe('Allemagne');
    expect(countryName('de', 'gb')).toBe('Germany');
    expect(countryName('de', 'de')).toBe('Deutschland');
    expect(countryName('de', 'nl')).toBe('Duitsland');
    expect(countryName('de', 'es')).toBe('Alemania');
    expect(countryName('de', 'it')).toBe('Germania');
  });

  it('uses the common Dutch name rather than the formal state name', () => {
    expect(countryName('fr', 'nl')).toBe('Frankrijk');
    expect(countryName('nl', 'nl')).toBe('Nederland');
    expect(countryName('gb', 'nl')).toBe('Verenigd Koninkrijk');
  });

  it('takes the first name where the library lists several', () => {
    expect(countryName('gb', 'gb')).toBe('United Kingdom');
  });

  it('is undefined for an unknown code', () => {
    expect(countryName('zz', 'fr')).toBeUndefined();
    expect(countryName('FR', 'fr')).toBeUndefined();
  });

  it('has a name for every code in every locale', () => {
    for (const locale of LOCALES) {
      for (const code of COUNTRY_CODES) expect(countryName(code, locale), `${code} ${locale}`).toBeTruthy();
    }
  });
});

describe('countryOptions', () => {
  it('lists the priority countries first, then a disabled separator', () => {
    const options = countryOptions('fr');
    expect(options.slice(0, 6).map((option) => option.value)).toEqual([...PRIORITY_COUNTRIES]);
    expect(options[0]).toEqual({ value: 'fr', label: 'France' });
    expect(options[6]).toMatchObject({ value: COUNTRY_SEPARATOR_VALUE, disabled: true });
    expect(isCountryCode(COUNTRY_SEPARATOR_VALUE)).toBe(false);
  });

  it('then lists every other country once, sorted in the locale', () => {
    for (const locale of LOCALES) {
      const options = countryOptions(locale);
      const rest = options.slice(7);
      expect(options).toHaveLength(COUNTRY_CODES.length + 1);
      expect(new Set(options.map((option) => option.value)).size).toBe(options.length);
      for (const code of PRIORITY_COUNTRIES) expect(rest.map((option) => option.value)).not.toContain(code);
      const collator = new Intl.Collator(locale === 'gb' ? 'en-GB' : locale);
      const labels = rest.map((option) => option.label);
      expect(labels).toEqual([...labels].sort(collator.compare));
    }
  });

  it('sorts accented names where the language puts them, not after z', () => {
    const labels = countryOptions('fr').map((option) => option.label);
    expect(labels.indexOf('Égypte')).toBeLessThan(labels.indexOf('Espagne'));
    expect(labels.indexOf('Égypte')).toBeGreaterThan(labels.indexOf('Danemark'));
  });

  it('names the countries in the page language', () => {
    expect(countryOptions('de').find((option) => option.value === 'ch')?.label).toBe('Schweiz');
    expect(countryOptions('gb').find((option) => option.value === 'ch')?.label).toBe('Switzerland');
  });
});
