import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMonth, formatShortDate, formatShortTimestamp, isoOf } from './format.ts';

describe('admin formats', () => {
  it('writes calendar dates without shifting the day', () => {
    expect(formatShortDate('fr', '2026-07-14')).toBe('14/07/2026');
    expect(formatShortDate('de', '2026-07-14')).toBe('14.07.26');
    expect(formatShortDate('gb', 'not a date')).toBe('not a date');
  });

  it('shows timestamps as days and times in the club’s time zone', () => {
    expect(formatShortTimestamp('fr', '2026-03-31T22:30:00Z')).toBe('01/04/2026');
    expect(formatShortTimestamp('fr', new Date('2026-03-31T12:00:00Z'))).toBe('31/03/2026');
    expect(formatDateTime('gb', '2026-07-14T08:05:00Z')).toBe('14 Jul 2026, 10:05');
  });

  it('names months for the chart', () => {
    expect(formatMonth('gb', '2026-07')).toBe('Jul 2026');
    expect(formatMonth('fr', '2026-02')).toBe('févr. 2026');
  });

  it('gives the ISO form of a Date or a string', () => {
    expect(isoOf(new Date('2026-07-14T08:05:00Z'))).toBe('2026-07-14T08:05:00.000Z');
    expect(isoOf('2026-07-14T08:05:00Z')).toBe('2026-07-14T08:05:00.000Z');
  });
});
