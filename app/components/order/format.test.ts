import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatMoney, formatTimestampDate } from './format.ts';

describe('formatMoney', () => {
  it('writes whole euros without cents, in each language', () => {
    expect(formatMoney('gb', 2500, 'EUR')).toBe('€25');
    expect(formatMoney('fr', 5000, 'EUR')).toBe('50\u00a0€');
    expect(formatMoney('de', 2500, 'EUR')).toBe('25\u00a0€');
  });

  it('shows cents when there are some', () => {
    expect(formatMoney('gb', 2550, 'EUR')).toBe('€25.50');
    expect(formatMoney('it', 2550, 'EUR')).toBe('25,50\u00a0€');
  });
});

describe('formatCalendarDate', () => {
  it('writes the day itself whatever the time zone', () => {
    expect(formatCalendarDate('gb', '2026-07-14')).toBe('14 July 2026');
    expect(formatCalendarDate('fr', '2026-01-01')).toBe('1 janvier 2026');
    expect(formatCalendarDate('nl', '2026-12-31')).toBe('31 december 2026');
  });

  it('leaves what is not a date as it is', () => {
    expect(formatCalendarDate('gb', 'soon')).toBe('soon');
  });
});

describe('formatTimestampDate', () => {
  it('writes an instant as its day in Provence', () => {
    expect(formatTimestampDate('gb', '2026-07-13T22:30:00.000Z')).toBe('14 July 2026');
  });
});
