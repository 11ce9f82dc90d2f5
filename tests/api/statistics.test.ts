import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '../../domain/schemas/statistics.ts';
import { addLaureates, hideEmail, laureateRecord } from '../support/laureates.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

let t: TestApp;

async function statistics(): Promise<Statistics> {
  const response = await t.app.inject({ method: 'GET', url: '/api/statistics/count' });
  expect(response.statusCode).toBe(200);
  return response.json<Statistics>();
}

beforeAll(async () => {
  t = await createTestApp();
  await addLaureates(t, [
    // One French rider, three rides, 30 then 31 then 40 years old.
    ...[
      { epreuve: 'cingle', numero: 1, date_passage: '2000-07-01' },
      { epreuve: 'galerien', numero: 1, date_passage: '2001-07-01' },
      { epreuve: 'bicingle', numero: 1, date_passage: '2010-07-01' },
    ].map((ride) =>
      laureateRecord({
        ...(ride as { epreuve: 'cingle'; numero: number; date_passage: string }),
        email: 'three@example.org',
        date_naissance: '1970-01-15',
        pays: 'fr',
        nationalite: 'fr',
      }),
    ),
    // A Belgian woman of Dutch nationality, 14 at her ride.
    laureateRecord({
      numero: 2,
      date_passage: '2000-08-01',
      civilite: 'mme',
      date_naissance: '1986-05-01',
      pays: 'be',
      nationalite: 'nl',
    }),
    // A rider with nothing but the ride: no title, country, age nor date.
    laureateRecord({
      numero: 3,
      date_passage: null,
      civilite: null,
      date_naissance: null,
      pays: null,
      nationalite: null,
    }),
    // 79 years old.
    laureateRecord({ numero: 4, date_passage: '2012-06-01', date_naissance: '1933-01-01', pays: 'de' }),
    // Hidden: never counted.
    laureateRecord({ numero: 5, email: 'hidden@example.org', pays: 'it', date_naissance: '1900-01-01' }),
    laureateRecord({ epreuve: 'galerien', numero: 2, email: 'hidden@example.org', pays: 'it' }),
  ]);
  await hideEmail(t, 'HIDDEN@example.org');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/statistics/count', () => {
  it('counts homologations and laureates shown in public', async () => {
    const stats = await statistics();
    expect(stats.totals).toEqual({ homologations: 6, laureates: 4 });
  });

  it('counts by challenge with the share in percent', async () => {
    expect((await statistics()).byChallenge).toEqual([
      { epreuve: 'cingle', count: 4, share: 66.7 },
      { epreuve: 'galerien', count: 1, share: 16.7 },
      { epreuve: 'bicingle', count: 1, share: 16.7 },
    ]);
  });

  it('counts by year, every year between the first and the last, and the rides without a date', async () => {
    const stats = await statistics();
    expect(stats.byYear[0]).toEqual({ year: 2000, total: 2, cingle: 2, galerien: 0, bicingle: 0 });
    expect(stats.byYear.find((entry) => entry.year === 2001)).toMatchObject({ total: 1, galerien: 1 });
    expect(stats.byYear.find((entry) => entry.year === 2005)).toMatchObject({ total: 0 });
    expect(stats.byYear.at(-1)).toMatchObject({ year: 2012, total: 1 });
    expect(stats.byYear).toHaveLength(13);
    expect(stats.unknownYear).toBe(1);
  });

  it('counts by country and nationality, the unknown apart', async () => {
    const stats = await statistics();
    expect(stats.byCountry.top).toEqual([
      { code: 'fr', count: 3, share: 50 },
      expect.objectContaining({ count: 1 }),
      expect.objectContaining({ count: 1 }),
    ]);
    expect(stats.byCountry.top.map((entry) => entry.code).sort()).toEqual(['be', 'de', 'fr']);
    expect(stats.byCountry).toMatchObject({ others: 0, unknown: 1 });
    expect(stats.byNationality.top.map((entry) => entry.code).sort()).toEqual(['fr', 'nl']);
    expect(stats.byNationality.top.find((entry) => entry.code === 'fr')?.count).toBe(4);
  });

  it('keeps the top 20 countries and sums the rest', async () => {
    const local = await createTestApp();
    try {
      const codes = [
        'fr',
        'be',
        'nl',
        'de',
        'gb',
        'ch',
        'it',
        'es',
        'lu',
        'at',
        'us',
        'dk',
        'se',
        'pl',
        'ie',
        'ca',
      ];
      const more = ['pt', 'no', 'fi', 'cz', 'hu', 'gr'];
      await addLaureates(
        local,
        [...codes, ...more].map((pays, index) => laureateRecord({ numero: index + 1, pays })),
      );
      const response = await local.app.inject({ method: 'GET', url: '/api/statistics/count' });
      const stats = response.json<Statistics>();
      expect(stats.byCountry.top).toHaveLength(20);
      expect(stats.byCountry.others).toBe(2);
    } finally {
      await local.close();
    }
  });

  it('gives the age distribution at the ride, the youngest and the oldest', async () => {
    const { byAge } = await statistics();
    expect(byAge.youngest).toBe(14);
    expect(byAge.oldest).toBe(79);
    expect(byAge.unknown).toBe(1);
    expect(byAge.bands.find((band) => band.from === 14)?.count).toBe(1);
    expect(byAge.bands.find((band) => band.from === 30)?.count).toBe(2);
    expect(byAge.bands.find((band) => band.from === 40)?.count).toBe(1);
    expect(byAge.bands.find((band) => band.from === 70)).toEqual({ from: 70, to: null, count: 1 });
    expect(byAge.average).toBe(Math.round(((30 + 31 + 40 + 14 + 79) / 5) * 10) / 10);
  });

  it('counts by title', async () => {
    expect((await statistics()).byCivilite).toEqual([
      { civilite: 'm', count: 4, share: 66.7 },
      { civilite: 'mme', count: 1, share: 16.7 },
      { civilite: null, count: 1, share: 16.7 },
    ]);
  });

  it('counts repeat riders', async () => {
    expect((await statistics()).repeatRiders).toEqual({
      distribution: [
        { rides: 1, laureates: 3 },
        { rides: 3, laureates: 1 },
      ],
      repeaters: 1,
      share: 25,
      maxRides: 3,
    });
  });

  it('follows a confirmed restriction at once', async () => {
    await statistics();
    await hideEmail(t, 'three@example.org');
    const stats = await statistics();
    expect(stats.totals).toEqual({ homologations: 3, laureates: 3 });
    expect(stats.repeatRiders.repeaters).toBe(0);
  });
});
