import { describe, expect, it } from 'vitest';

import {
  addDays,
  addWorkingDays,
  ageOn,
  calendarDateOf,
  dayOfWeek,
  earliestPostalDate,
  formatDisplayDate,
  isInHeatPeriod,
  isValidCalendarDate,
  isWorkingDay,
  knownDate,
  today,
} from './dates.ts';

describe('isValidCalendarDate', () => {
  it('accepts existing days written YYYY-MM-DD', () => {
    expect(isValidCalendarDate('2024-02-29')).toBe(true);
    expect(isValidCalendarDate('2000-02-29')).toBe(true);
    expect(isValidCalendarDate('1999-12-31')).toBe(true);
    expect(isValidCalendarDate('0099-01-01')).toBe(true);
  });

  it('refuses days that do not exist and other shapes', () => {
    expect(isValidCalendarDate('2023-02-29')).toBe(false);
    expect(isValidCalendarDate('1900-02-29')).toBe(false);
    expect(isValidCalendarDate('2024-04-31')).toBe(false);
    expect(isValidCalendarDate('2024-13-01')).toBe(false);
    expect(isValidCalendarDate('2024-00-10')).toBe(false);
    expect(isValidCalendarDate('2024-01-00')).toBe(false);
    expect(isValidCalendarDate('0000-01-01')).toBe(false);
    expect(isValidCalendarDate('2024-1-5')).toBe(false);
    expect(isValidCalendarDate('05/01/2024')).toBe(false);
    expect(isValidCalendarDate('2024-01-05T00:00:00Z')).toBe(false);
    expect(isValidCalendarDate(' 2024-01-05')).toBe(false);
    expect(isValidCalendarDate('')).toBe(false);
    expect(isValidCalendarDate(null)).toBe(false);
    expect(isValidCalendarDate(20240105)).toBe(false);
  });
});

describe('calendarDateOf and today', () => {
  it('take the day in the club time zone', () => {
    // 23:30 UTC on 30 June is already 1 July in Paris (UTC+2 in summer).
    expect(calendarDateOf(new Date('2025-06-30T23:30:00Z'))).toBe('2025-07-01');
    expect(calendarDateOf(new Date('2025-06-30T23:30:00Z'), 'UTC')).toBe('2025-06-30');
    expect(today(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });
});

describe('addDays and dayOfWeek', () => {
  it('cross months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    // The switch to summer time in Paris changes nothing to calendar days.
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31');
  });

  it('knows the day of the week', () => {
    expect(dayOfWeek('2025-06-02')).toBe(1);
    expect(dayOfWeek('2025-06-08')).toBe(0);
    expect(isWorkingDay('2025-06-06')).toBe(true);
    expect(isWorkingDay('2025-06-07')).toBe(false);
  });

  it('throws on an invalid date', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError);
  });
});

describe('addWorkingDays', () => {
  it('counts Monday to Friday only', () => {
    expect(addWorkingDays('2025-06-02', 1)).toBe('2025-06-03'); // Monday -> Tuesday
    expect(addWorkingDays('2025-06-06', 1)).toBe('2025-06-09'); // Friday -> Monday
    expect(addWorkingDays('2025-06-07', 1)).toBe('2025-06-09'); // Saturday -> Monday
    expect(addWorkingDays('2025-06-08', 1)).toBe('2025-06-09'); // Sunday -> Monday
    expect(addWorkingDays('2025-06-02', 5)).toBe('2025-06-09');
    expect(addWorkingDays('2025-06-02', 10)).toBe('2025-06-16');
  });

  it('leaves the date alone for zero days and goes back for negative ones', () => {
    expect(addWorkingDays('2025-06-07', 0)).toBe('2025-06-07');
    expect(addWorkingDays('2025-06-09', -1)).toBe('2025-06-06');
  });

  it('crosses the end of the year', () => {
    expect(addWorkingDays('2025-12-26', 3)).toBe('2025-12-31');
    expect(addWorkingDays('2025-12-26', 4)).toBe('2026-01-01');
  });

  it('refuses fractions and invalid dates', () => {
    expect(() => addWorkingDays('2025-06-02', 1.5)).toThrow(RangeError);
    expect(() => addWorkingDays('not a date', 1)).toThrow(RangeError);
  });
});

describe('earliestPostalDate', () => {
  it('is 10 working days after today by default', () => {
    expect(earliestPostalDate('2025-06-02')).toBe('2025-06-16');
    expect(earliestPostalDate('2025-06-07')).toBe('2025-06-20');
  });

  it('takes another delay', () => {
    expect(earliestPostalDate('2025-06-02', 3)).toBe('2025-06-05');
  });
});

describe('isInHeatPeriod', () => {
  it('covers 15 June to 15 August inclusive, in any year', () => {
    expect(isInHeatPeriod('2025-06-14')).toBe(false);
    expect(isInHeatPeriod('2025-06-15')).toBe(true);
    expect(isInHeatPeriod('2025-07-20')).toBe(true);
    expect(isInHeatPeriod('2031-08-15')).toBe(true);
    expect(isInHeatPeriod('2031-08-16')).toBe(false);
    expect(isInHeatPeriod('2025-12-25')).toBe(false);
  });

  it('follows the period the club set', () => {
    const period = { from: '07-01', to: '07-31' };
    expect(isInHeatPeriod('2025-06-20', period)).toBe(false);
    expect(isInHeatPeriod('2025-07-01', period)).toBe(true);
    expect(isInHeatPeriod('2025-07-31', period)).toBe(true);
    expect(isInHeatPeriod('2025-08-01', period)).toBe(false);
  });

  it('is false for an invalid date', () => {
    expect(isInHeatPeriod('2025-07-32')).toBe(false);
    expect(isInHeatPeriod('')).toBe(false);
  });
});

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2010-05-20', '2024-05-19')).toBe(13);
    expect(ageOn('2010-05-20', '2024-05-20')).toBe(14);
    expect(ageOn('2010-05-20', '2024-12-31')).toBe(14);
    expect(ageOn('2010-05-20', '2010-05-20')).toBe(0);
  });

  it('turns someone born on 29 February a year older on 1 March in common years', () => {
    expect(ageOn('2008-02-29', '2022-02-28')).toBe(13);
    expect(ageOn('2008-02-29', '2022-03-01')).toBe(14);
    expect(ageOn('2008-02-29', '2024-02-29')).toBe(16);
    expect(ageOn('2008-02-29', '2024-02-28')).toBe(15);
  });

  it('is negative before birth and throws on invalid dates', () => {
    expect(ageOn('2024-05-20', '2024-05-19')).toBe(-1);
    expect(() => ageOn('2024-02-30', '2024-05-19')).toThrow(RangeError);
  });
});

describe('knownDate', () => {
  it('keeps real days and drops unknown ones', () => {
    expect(knownDate('1985-03-14')).toBe('1985-03-14');
    for (const unknown of [null, undefined, '', '1970-01-01', '2023-02-29', '14/03/1985']) {
      expect(knownDate(unknown), String(unknown)).toBeNull();
    }
  });
});

describe('formatDisplayDate', () => {
  it('writes DD/MM/YYYY', () => {
    expect(formatDisplayDate('2025-07-04')).toBe('04/07/2025');
  });

  it('shows an ISO timestamp as its day in the club time zone', () => {
    expect(formatDisplayDate('2025-06-30T23:30:00.000Z')).toBe('01/07/2025');
  });

  it('shows a dash when there is no real date', () => {
    expect(formatDisplayDate('1970-01-01')).toBe('-');
    expect(formatDisplayDate('1970-01-01T00:00:00Z')).toBe('-');
    expect(formatDisplayDate('2025-02-30')).toBe('-');
    expect(formatDisplayDate('2025-99-99T00:00:00Z')).toBe('-');
    expect(formatDisplayDate('')).toBe('-');
    expect(formatDisplayDate('yesterday')).toBe('-');
    expect(formatDisplayDate(null)).toBe('-');
    expect(formatDisplayDate(undefined)).toBe('-');
  });
});
