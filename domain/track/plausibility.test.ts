import { describe, expect, it } from 'vitest';
import { cingleRide, type Pacing, Ride, type RideOptions, withoutTimes } from '../../tests/support/rides.ts';
import { analyseTrack, type TrackPoint } from './analyse.ts';
import { PLAUSIBILITY_RULES, gradientEvidence, plausibilityFlags, stepEvidence } from './plausibility.ts';

const flagsOf = (points: readonly TrackPoint[]) => analyseTrack('gpx', points).flags;
const steepToGentle = (points: readonly TrackPoint[]) => {
  const evidence = gradientEvidence(points)!;
  return evidence.steepKmh / evidence.gentleKmh;
};

/** The recorders the tests use: every sampling from 1 s to 30 s, GPS or barometric altitude, more or less noise. */
const RECORDERS: [string, RideOptions][] = [
  ['every 5 s', {}],
  ['every second, barometric altitude', { sampleS: 1, altitude: 'barometric' }],
  ['every 2.5 s', { sampleS: 2.5 }],
  ['every 10 s, noisy', { sampleS: 10, noiseM: 15 }],
  ['every 30 s', { sampleS: 30 }],
];

const rides = (pacing: Pacing, options: RideOptions) => [
  cingleRide('2026-07-14T04:00:00Z', { ...options, pacing }).points,
  new Ride('2026-07-14T06:00:00Z', { ...options, pacing }).climb('bedoin').points,
  new Ride('2026-07-14T06:00:00Z', { ...options, pacing }).climb('malaucene').points,
  new Ride('2026-07-14T06:00:00Z', { ...options, pacing }).climb('sault').points,
];

describe('synthetic_timing on generated rides', () => {
  it.each(RECORDERS)('flags every ride timed at one speed, recorded %s', (_name, options) => {
    for (const points of rides('constant', options)) {
      expect(flagsOf(points)).toEqual([
        expect.objectContaining({ code: 'synthetic_timing', basis: 'speed_ignores_gradient' }),
      ]);
    }
  });

  it.each(RECORDERS)('flags none ridden at a steady effort, recorded %s', (_name, options) => {
    for (const points of rides('realistic', options)) {
      expect(flagsOf(points)).toEqual([]);
      // With room to spare: a ridden climb slows by a quarter or more on its steepest third.
      expect(steepToGentle(points)).toBeLessThan(PLAUSIBILITY_RULES.maxSteepToGentleSpeed - 0.08);
    }
  });

  it('says where to look and why: the steepest stretch, its road and time, the speeds on steep and gentle parts', () => {
    const points = new Ride('2026-07-14T06:00:00Z', { pacing: 'constant' }).climb('bedoin').points;
    const [flag] = flagsOf(points);
    expect(flag).toMatchObject({
      code: 'synthetic_timing',
      road: 'bedoin',
      at: expect.stringMatching(/^2026-07-14T0[6-8]:/),
    });
    expect(flag!.km).toBeGreaterThan(5);
    expect(flag!.steep_percent).toBeGreaterThan(flag!.gentle_percent! + 4);
    expect(Math.abs(flag!.steep_kmh! - flag!.gentle_kmh!)).toBeLessThan(1);
  });

  it('flags positions computed at one speed without any receiver noise by their uniform steps', () => {
    const points = cingleRide('2026-07-14T04:00:00Z', { noiseM: 0, pacing: 'constant' }).points;
    const steps = stepEvidence(points);
    expect(steps.uniform / steps.steps).toBeGreaterThan(0.95);
    // Flat, so no gradient to judge by: the steps alone give it away.
    const flat = points.map((point) => ({ ...point, ele: 500 }));
    expect(flagsOf(flat)).toEqual([
      {
        code: 'synthetic_timing',
        basis: 'uniform_steps',
        uniform_percent: 99,
      },
    ]);
  });

  it('judges nothing without times, too little climbing, or no altitude', () => {
    expect(flagsOf(withoutTimes(cingleRide(undefined, { pacing: 'constant' }).points))).toEqual([]);
    const short = new Ride('2026-07-14T06:00:00Z', { pacing: 'constant' }).climb('bedoin', {
      toKm: 5,
    }).points;
    expect(gradientEvidence(short)).toBeNull();
    expect(flagsOf(short)).toEqual([]);
    expect(flagsOf(cingleRide(undefined, { pacing: 'constant', altitude: 'none' }).points)).toEqual([]);
    expect(plausibilityFlags([], true, [])).toEqual([]);
  });

  it('never changes a verdict', () => {
    const constant = analyseTrack('gpx', cingleRide(undefined, { pacing: 'constant' }).points);
    expect(constant.flags).toHaveLength(1);
    expect(constant.verdict).toEqual({ cingle: 'complete', galerien: 'incomplete', bicingle: 'incomplete' });
    expect(constant.problems).toEqual([]);
  });
});
