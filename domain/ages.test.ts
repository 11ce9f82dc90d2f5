import { describe, expect, it } from 'vitest';

import { ADULT_AGE, MIN_AGE, ageCategory, requiresParentalDocuments } from './ages.ts';

describe('ages', () => {
  it('uses the club limits', () => {
    expect(MIN_AGE).toBe(14);
    expect(ADULT_AGE).toBe(18);
  });

  it('classifies by age on the day of the order', () => {
    expect(ageCategory('2011-06-02', '2025-06-01')).toBe('too_young');
    expect(ageCategory('2011-06-01', '2025-06-01')).toBe('minor');
    expect(ageCategory('2007-06-02', '2025-06-01')).toBe('minor');
    expect(ageCategory('2007-06-01', '2025-06-01')).toBe('adult');
    expect(ageCategory('1950-01-01', '2025-06-01')).toBe('adult');
  });

  it('counts a 29 February birthday from 1 March in common years', () => {
    expect(ageCategory('2012-02-29', '2026-02-28')).toBe('too_young');
    expect(ageCategory('2012-02-29', '2026-03-01')).toBe('minor');
  });

  it('requires the parental documents from 14 to 17 only', () => {
    expect(requiresParentalDocuments('2011-06-02', '2025-06-01')).toBe(false);
    expect(requiresParentalDocuments('2010-01-01', '2025-06-01')).toBe(true);
    expect(requiresParentalDocuments('2007-06-01', '2025-06-01')).toBe(false);
  });
});
