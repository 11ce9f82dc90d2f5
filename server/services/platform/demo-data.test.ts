import { describe, expect, it } from 'vitest';
import { certifiedOn, demoPeople, demoRecords } from './demo-data.ts';

describe('certifiedOn', () => {
  it('falls two to seven weeks after the ride, and never after the last day', () => {
    for (let spread = 0; spread < 50; spread++) {
      const days =
        (certifiedOn('2020-07-01', spread, '2026-11-23').getTime() - Date.parse('2020-07-01')) / 864e5;
      expect(days).toBeGreaterThanOrEqual(14);
      expect(days).toBeLessThan(50);
    }
    expect(certifiedOn('2026-11-20', 3, '2026-11-23').toISOString()).toBe('2026-11-23T12:00:00.000Z');
  });
});

describe('demoRecords', () => {
  it('gives every ride a certification date after it, not all the same day', () => {
    const records = demoRecords({ count: 40, now: new Date('2026-11-23T10:00:00Z') });
    for (const record of records.filter((entry) => entry.date_passage)) {
      expect(record.homologated_at!.toISOString().slice(0, 10) >= record.date_passage!).toBe(true);
    }
    const days = new Set(records.map((record) => record.homologated_at!.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(records.length / 2);
  });
});

describe('demoPeople', () => {
  it('names no one with a control character or mojibake (faker\'s Dutch "Ã\\u0096mer" for "Ömer")', () => {
    // The first such name came at n° 177 of the demo set, then at 5,855 and 13,663.
    const garbled: string[] = [];
    let made = 0;
    for (const person of demoPeople()) {
      const names = [person.prenom, person.nom, person.ville, ...person.rides.map((ride) => ride.ville)];
      garbled.push(...names.filter((name) => /\p{Cc}|Ã/u.test(name)));
      if (++made === 15_000) break;
    }
    expect(garbled).toEqual([]);
  });
});
