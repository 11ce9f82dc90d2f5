import { describe, expect, it } from 'vitest';
import { formatOpeningHours } from './opening-hours.ts';

describe('formatOpeningHours', () => {
  it('collapses consecutive days and lists the periods', () => {
    const hours = {
      days: [1, 2, 3, 4, 5, 6],
      periods: [
        ['09:00', '12:30'],
        ['14:00', '18:00'],
      ] as [string, string][],
    };
    expect(formatOpeningHours(hours, 'en-GB')).toBe('Mon–Sat 09:00–12:30, 14:00–18:00');
    expect(formatOpeningHours(hours, 'fr-FR')).toBe('lun.–sam. 09:00–12:30, 14:00–18:00');
  });

  it('keeps separate days apart', () => {
    expect(formatOpeningHours({ days: [3, 1, 7], periods: [['10:00', '12:00']] }, 'de-DE')).toBe(
      'Mo, Mi, So 10:00–12:00',
    );
  });
});
