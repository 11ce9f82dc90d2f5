import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatPrice, localeTag } from './format.ts';

// Intl separates French thousands with a narrow no-break space.
const NNBSP = '\u202f';

describe('formatNumber', () => {
  it('writes four-digit altitudes without a separator in every language', () => {
    for (const lang of ['fr', 'gb', 'de', 'nl', 'es', 'it']) expect(formatNumber(lang, 1910)).toBe('1910');
  });

  it('groups totals from five digits the way each language does', () => {
    expect(formatNumber('fr', 12799)).toBe(`12${NNBSP}799`);
    expect(formatNumber('gb', 12799)).toBe('12,799');
    expect(formatNumber('de', 12799)).toBe('12.799');
  });

  it('uses the decimal comma where the language does', () => {
    expect(formatNumber('fr', 21.5)).toBe('21,5');
    expect(formatNumber('gb', 21.5)).toBe('21.5');
  });
});

describe('formatDate and formatPrice', () => {
  it('gives the day in the club time zone, whatever the time zone of the machine', () => {
    expect(formatDate('fr', '2024-06-30T22:30:00Z')).toBe('1 juillet 2024');
    expect(formatDate('gb', '2024-06-30T12:00:00Z')).toBe('30 June 2024');
  });

  it('writes whole euro prices without cents', () => {
    expect(formatPrice('fr', 2500, 'EUR')).toBe(`25${'\u00a0'}€`);
    expect(formatPrice('gb', 2550, 'EUR')).toBe('€25.50');
  });
});

describe('localeTag', () => {
  it('falls back to French for an unknown language', () => {
    expect(localeTag('gb')).toBe('en-GB');
    expect(localeTag('xx')).toBe('fr-FR');
  });
});
