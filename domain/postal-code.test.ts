import { describe, expect, it } from 'vitest';

import { isValidPostalCode } from './postal-code.ts';

describe('isValidPostalCode', () => {
  it('checks the format of countries the library knows', () => {
    expect(isValidPostalCode('84410', 'fr')).toBe(true);
    expect(isValidPostalCode('8441', 'fr')).toBe(false);
    expect(isValidPostalCode('844100', 'fr')).toBe(false);
    expect(isValidPostalCode('ABCDE', 'fr')).toBe(false);
    expect(isValidPostalCode('1000', 'be')).toBe(true);
    expect(isValidPostalCode('10000', 'be')).toBe(false);
    expect(isValidPostalCode('10115', 'de')).toBe(true);
    expect(isValidPostalCode('00184', 'it')).toBe(true);
    expect(isValidPostalCode('28013', 'es')).toBe(true);
    expect(isValidPostalCode('99999', 'es')).toBe(false);
    expect(isValidPostalCode('1234 AB', 'nl')).toBe(true);
    expect(isValidPostalCode('1234', 'nl')).toBe(false);
    expect(isValidPostalCode('SW1A 1AA', 'gb')).toBe(true);
    expect(isValidPostalCode('12345', 'gb')).toBe(false);
    expect(isValidPostalCode('1201', 'ch')).toBe(true);
    expect(isValidPostalCode('L-1234', 'lu')).toBe(true);
    expect(isValidPostalCode('98000', 'mc')).toBe(true);
  });

  it('tolerates lower case and surrounding or repeated spaces', () => {
    expect(isValidPostalCode(' 1234 ab ', 'nl')).toBe(true);
    expect(isValidPostalCode('sw1a  1aa', 'gb')).toBe(true);
    expect(isValidPostalCode(' 84410 ', 'fr')).toBe(true);
  });

  it('accepts the country code in upper case too', () => {
    expect(isValidPostalCode('84410', 'FR')).toBe(true);
  });

  it('accepts 2 to 10 letters, digits, spaces or dashes where no format is known', () => {
    expect(isValidPostalCode('12345', 'hk')).toBe(true);
    expect(isValidPostalCode('AB-12', 'hk')).toBe(true);
    expect(isValidPostalCode('1', 'hk')).toBe(false);
    expect(isValidPostalCode('12345678901', 'hk')).toBe(false);
    expect(isValidPostalCode('12#45', 'hk')).toBe(false);
    expect(isValidPostalCode('--', 'hk')).toBe(false);
    expect(isValidPostalCode('84410', null)).toBe(true);
  });

  it('refuses empty and non-string values', () => {
    expect(isValidPostalCode('', 'fr')).toBe(false);
    expect(isValidPostalCode('   ', 'hk')).toBe(false);
    expect(isValidPostalCode(84410, 'fr')).toBe(false);
    expect(isValidPostalCode(null, 'fr')).toBe(false);
  });
});
