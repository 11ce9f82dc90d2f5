import { describe, expect, it } from 'vitest';
import { cingleRide } from '../../tests/support/rides.ts';
import { FINGERPRINT_RULES, sameRide, trackFingerprint } from './fingerprint.ts';

const ride = cingleRide('2026-07-14T04:00:00Z', { sampleS: 2.5 }).points;
const fingerprint = trackFingerprint(ride);
const round = (value: number, step: number) => Math.round(value / step) * step;

describe('trackFingerprint', () => {
  it('is compact: about one position in sixteen, sorted, distinct', () => {
    expect(fingerprint.length).toBeGreaterThan(ride.length / FINGERPRINT_RULES.keepOneIn / 2);
    expect(fingerprint.length).toBeLessThan((ride.length / FINGERPRINT_RULES.keepOneIn) * 1.5);
    expect(fingerprint).toEqual([...new Set(fingerprint)].sort((a, b) => a - b));
    expect(fingerprint.every((hash) => Number.isInteger(hash) && Math.abs(hash) < 2 ** 31)).toBe(true);
  });

  it.each([
    ['with its times shifted by a day', ride.map((p) => ({ ...p, time: p.time! + 86_400_000 }))],
    ['without its times (a route made of it)', ride.map((p) => ({ ...p, time: null }))],
    ['cut at both ends', ride.slice(1000, -1000)],
    ['thinned to one point in three', ride.filter((_p, index) => index % 3 === 0)],
    [
      'as TCX writes it (6 decimals)',
      ride.map((p) => ({ ...p, lat: round(p.lat, 1e-6), lon: round(p.lon, 1e-6) })),
    ],
    [
      'as FIT writes it (semicircles)',
      ride.map((p) => ({ ...p, lat: round(p.lat, 180 / 2 ** 31), lon: round(p.lon, 180 / 2 ** 31) })),
    ],
  ])('finds the same ride %s', (_name, copy) => {
    expect(sameRide(fingerprint, trackFingerprint(copy))).toBe(true);
    expect(sameRide(trackFingerprint(copy), fingerprint)).toBe(true);
  });

  it('does not take a companion on the same roads, nor another day of the same rider, for a copy', () => {
    for (const seed of [2, 3, 4]) {
      const companion = cingleRide('2026-07-14T04:00:00Z', { sampleS: 2.5, seed }).points;
      expect(sameRide(fingerprint, trackFingerprint(companion))).toBe(false);
    }
    const oneSecond = cingleRide('2026-07-14T04:00:00Z', { sampleS: 1, seed: 5 }).points;
    expect(sameRide(fingerprint, trackFingerprint(oneSecond))).toBe(false);
  });

  it('proves nothing from a few positions', () => {
    const few = ride.slice(0, 100);
    expect(trackFingerprint(few).length).toBeLessThan(FINGERPRINT_RULES.minShared);
    expect(sameRide(trackFingerprint(few), trackFingerprint(few))).toBe(false);
  });
});
