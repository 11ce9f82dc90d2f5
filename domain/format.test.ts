import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatCalendarDate,
  formatDateTime,
  formatMoney,
  formatMonth,
  formatNumber,
  formatShortDate,
  formatShortTimestamp,
  formatTimestampDate,
  isoOf,
  localeTag,
} from './format.ts';

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
    expect(formatCalendarDate('fr', '2026-01-15')).toBe('15 janvier 2026');
    expect(formatCalendarDate('nl', '2026-12-31')).toBe('31 december 2026');
  });

  it('writes the first of a month as French does, "1er", and only in French', () => {
    expect(formatCalendarDate('fr', '2026-01-01')).toBe('1er janvier 2026');
    expect(formatCalendarDate('fr', '2026-12-31')).toBe('31 décembre 2026');
    expect(formatCalendarDate('fr', '2026-08-11')).toBe('11 août 2026');
    expect(formatCalendarDate('gb', '2026-01-01')).toBe('1 January 2026');
    expect(formatCalendarDate('de', '2026-01-01')).toBe('1. Januar 2026');
    expect(formatTimestampDate('fr', '2026-07-31T22:30:00.000Z')).toBe('1er août 2026');
    expect(formatDateTime('fr', '2026-01-01T10:00:00Z')).toBe('1er janv. 2026, 11:00');
    expect(formatShortDate('fr', '2026-01-01')).toBe('01/01/2026');
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

describe('formatTimestampDate and formatMoney', () => {
  it('gives the day in the club time zone, whatever the time zone of the machine', () => {
    expect(formatTimestampDate('fr', '2024-06-30T22:30:00Z')).toBe('1er juillet 2024');
    expect(formatTimestampDate('gb', '2024-06-30T12:00:00Z')).toBe('30 June 2024');
  });

  it('writes whole euro prices without cents', () => {
    expect(formatMoney('fr', 2500, 'EUR')).toBe(`25${'\u00a0'}€`);
    expect(formatMoney('gb', 2550, 'EUR')).toBe('€25.50');
  });
});

describe('localeTag', () => {
  it('falls back to French for an unknown language', () => {
    expect(localeTag('gb')).toBe('en-GB');
    expect(localeTag('xx')).toBe('fr-FR');
  });
});

describe('formatter reuse', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds one Intl formatter per language and options, however many figures it writes', () => {
    // Options no other test uses, so that the formatters are new to this test.
    const options = { minimumIntegerDigits: 3 };
    const numberFormats = vi.spyOn(Intl, 'NumberFormat');
    for (let value = 0; value < 100; value += 1) formatNumber('it', value, options);
    formatNumber('nl', 7, options);
    expect(numberFormats).toHaveBeenCalledTimes(2);
    // A kept formatter writes what a new one would.
    expect(formatNumber('it', 7, options)).toBe('007');
  });
});
