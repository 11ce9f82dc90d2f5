import { describe, expect, it } from 'vitest';

import { isValidPhone, normalizePhone } from './phone.ts';

describe('isValidPhone', () => {
  it('accepts national numbers of the given country, with usual separators', () => {
    expect(isValidPhone('0612345678', 'fr')).toBe(true);
    expect(isValidPhone('06 12 34 56 78', 'fr')).toBe(true);
    expect(isValidPhone('06.12.34.56.78', 'fr')).toBe(true);
    expect(isValidPhone('04 90 65 21 21', 'fr')).toBe(true);
    expect(isValidPhone('0470 12 34 56', 'be')).toBe(true);
    expect(isValidPhone('030 123456', 'de')).toBe(true);
    expect(isValidPhone('06 12345678', 'nl')).toBe(true);
    expect(isValidPhone('07911 123456', 'gb')).toBe(true);
    expect(isValidPhone('312 345 6789', 'it')).toBe(true);
  });

  it('accepts the country code in upper case too', () => {
    expect(isValidPhone('0612345678', 'FR')).toBe(true);
  });

  it('refuses numbers that do not exist in the country (not only a length check)', () => {
    expect(isValidPhone('123456', 'de')).toBe(false);
    expect(isValidPhone('0012345678', 'fr')).toBe(false);
    expect(isValidPhone('0170123456', 'be')).toBe(false);
    expect(isValidPhone('061234567', 'fr')).toBe(false);
    expect(isValidPhone('06123456789', 'fr')).toBe(false);
  });

  it('judges a national number by the country given', () => {
    expect(isValidPhone('07911 123456', 'gb')).toBe(true);
    expect(isValidPhone('07911 123456', 'fr')).toBe(false);
  });

  it('accepts international numbers whatever the country', () => {
    expect(isValidPhone('+33 6 12 34 56 78', 'de')).toBe(true);
    expect(isValidPhone('+32 470 12 34 56', null)).toBe(true);
    expect(isValidPhone('+44 7911 123456', undefined)).toBe(true);
    expect(isValidPhone('+33 0 12 34 56 78', 'fr')).toBe(false);
  });

  it('accepts the 00 international prefix of the country', () => {
    expect(isValidPhone('0033 6 12 34 56 78', 'fr')).toBe(true);
  });

  it('refuses national numbers without a usable country', () => {
    expect(isValidPhone('0612345678', null)).toBe(false);
    expect(isValidPhone('0612345678', '')).toBe(false);
    expect(isValidPhone('0612345678', 'zz')).toBe(false);
  });

  it('refuses garbage, text around the number and extensions', () => {
    expect(isValidPhone('', 'fr')).toBe(false);
    expect(isValidPhone('   ', 'fr')).toBe(false);
    expect(isValidPhone('abc', 'fr')).toBe(false);
    expect(isValidPhone('tel: 0612345678', 'fr')).toBe(false);
    expect(isValidPhone('06 12 34 56 78 abc', 'fr')).toBe(false);
    expect(isValidPhone('0612345678 ext. 12', 'fr')).toBe(false);
    expect(isValidPhone(612345678, 'fr')).toBe(false);
    expect(isValidPhone(null, 'fr')).toBe(false);
  });
});

describe('normalizePhone', () => {
  it('writes valid numbers in E.164', () => {
    expect(normalizePhone('06 12 34 56 78', 'fr')).toBe('+33612345678');
    expect(normalizePhone('0033 6 12 34 56 78', 'fr')).toBe('+33612345678');
    expect(normalizePhone('+32 470 12 34 56', 'fr')).toBe('+32470123456');
    expect(normalizePhone('07911 123456', 'gb')).toBe('+447911123456');
  });

  it('is null for invalid numbers', () => {
    expect(normalizePhone('123', 'fr')).toBeNull();
    expect(normalizePhone('0612345678', null)).toBeNull();
    expect(normalizePhone(undefined, 'fr')).toBeNull();
  });
});
