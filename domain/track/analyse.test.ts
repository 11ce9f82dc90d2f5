import { describe, expect, it } from 'vitest';
import { cingleRide, Ride, VIA_FLASSAN, withoutTimes } from '../../tests/support/rides.ts';
import { analyseTrack } from './analyse.ts';

const analyse = (ride: Ride | Ride['points']) =>
  analyseTrack('gpx', ride instanceof Ride ? ride.points : ride);
const roads = (ride: Ride) => analyse(ride).ascents.map((ascent) => ascent.road);
const codes = (ride: Ride | Ride['points']) => analyse(ride).problems.map((problem) => problem.code);

describe('analyseTrack: the challenges', () => {
  it('sees a cingle: three roads to the summit in one day, with times, distances and climbs', () => {
    const analysis = analyse(cingleRide());
    expect(analysis.ascents.map((a) => a.road)).toEqual(['bedoin', 'malaucene', 'sault']);
    expect(analysis.verdict).toEqual({ cingle: 'complete', galerien: 'incomplete', bicingle: 'incomplete' });
    expect(analysis.problems).toEqual([]);
    expect(analysis.day).toBe('2026-07-14');
    const [bedoin] = analysis.ascents;
    // Leaving the foot's 300 m circle, about 1.5 minutes after the start at 12 km/h.
    expect(bedoin!.start_time).toMatch(/^2026-07-14T04:01:/);
    expect(bedoin!.duration_s).toBeGreaterThan(5400);
    expect(bedoin!.distance_km).toBeGreaterThan(15);
    expect(bedoin!.climb_m).toBeGreaterThan(1400);
    expect(bedoin!.profile!.at(-1)!.altitude_m).toBeGreaterThan(1750);
  });

  it('sees a galérien: the forest road besides the three roads', () => {
    const ride = new Ride('2026-06-20T03:30:00Z', { sampleS: 10 })
      .climb('bedoin')
      .descend('malaucene')
      .climb('malaucene')
      .descend('sault')
      .climb('sault')
      .descend('bedoin')
      .climb('forest')
      .descend('bedoin');
    expect(roads(ride)).toEqual(['bedoin', 'malaucene', 'sault', 'forest']);
    expect(analyse(ride).verdict).toEqual({
      cingle: 'complete',
      galerien: 'complete',
      bicingle: 'incomplete',
    });
  });

  it('sees a bicingle: each road twice, a descent and a new climb making two ascents', () => {
    const ride = new Ride('2026-06-21T00:30:00Z', { sampleS: 30, noiseM: 15 });
    for (const road of ['bedoin', 'malaucene', 'sault'] as const) {
      ride.climb(road).descend(road).climb(road).descend(road);
      if (road === 'bedoin') ride.transfer('bedoin', 'malaucene');
      if (road === 'malaucene') ride.transfer('malaucene', 'sault', [{ lat: 44.12, lon: 5.1 }, VIA_FLASSAN]);
    }
    expect(roads(ride)).toEqual(['bedoin', 'bedoin', 'malaucene', 'malaucene', 'sault', 'sault']);
    expect(analyse(ride).verdict).toEqual({
      cingle: 'complete',
      galerien: 'incomplete',
      bicingle: 'complete',
    });
  });

  it('copes with 1 s sampling, barometric altitude and none at all', () => {
    expect(analyse(cingleRide(undefined, { sampleS: 1, altitude: 'barometric' })).verdict.cingle).toBe(
      'complete',
    );
    const noAltitude = analyse(cingleRide(undefined, { altitude: 'none', noiseM: 25 }));
    expect(noAltitude.verdict.cingle).toBe('complete');
    expect(noAltitude.ascents.every((a) => a.climb_m === null && a.profile === null)).toBe(true);
  });

  it('counts one ascent when the rider turns back part way and restarts from the foot', () => {
    const ride = new Ride('2026-07-01T06:00:00Z')
      .climb('bedoin', { toKm: 7 })
      .descend('bedoin', { fromKm: 7 })
      .pause(600)
      .climb('bedoin');
    expect(roads(ride)).toEqual(['bedoin']);
    expect(codes(ride)).not.toContain('summit_not_reached');
  });

  it('allows pauses, even long ones, on the way up', () => {
    const ride = new Ride('2026-07-01T06:00:00Z').climb('sault', { toKm: 19.6 }).pause(3600).climb('sault');
    expect(roads(ride)).toContain('sault');
  });
});

describe('analyseTrack: a ride elsewhere', () => {
  it('says the track never comes near the mountain, with how far it stays', () => {
    // A morning ride around Avignon, 40 km west of the summit.
    const start = Date.parse('2026-07-14T06:00:00Z');
    const points = Array.from({ length: 200 }, (_, i) => ({
      lat: 43.95 + Math.sin(i / 30) * 0.02,
      lon: 4.8 + i * 0.0005,
      ele: 30,
      time: start + i * 10_000,
    }));
    const analysis = analyse(points);
    expect(analysis.ascents).toEqual([]);
    expect(analysis.problems).toEqual([{ code: 'far_from_ventoux', distance_km: 39 }]);
  });

  it('does not say it of a ride that reached the foot of a road', () => {
    expect(codes(cingleRide())).not.toContain('far_from_ventoux');
  });
});

describe('analyseTrack: what does not count', () => {
  it('reports half ascents as summit_not_reached', () => {
    const ride = new Ride('2026-07-01T06:00:00Z')
      .climb('sault', { toKm: 20 })
      .descend('sault', { fromKm: 20 })
      .transfer('sault', 'bedoin', [VIA_FLASSAN])
      .climb('bedoin', { toKm: 10 });
    const analysis = analyse(ride);
    expect(analysis.ascents).toEqual([]);
    expect(analysis.problems).toEqual(
      expect.arrayContaining([
        { code: 'summit_not_reached', road: 'sault', reached: 'chalet-reynard' },
        { code: 'summit_not_reached', road: 'bedoin', reached: 'forest-turn-off' },
      ]),
    );
    expect(analysis.verdict.cingle).toBe('incomplete');
  });

  it('finds no ascent in a descent-only ride', () => {
    const ride = new Ride('2026-07-01T10:00:00Z').descend('bedoin');
    expect(analyse(ride).ascents).toEqual([]);
    expect(analyse(ride).verdict.cingle).toBe('incomplete');
  });

  it('refuses a climb at car speed', () => {
    const ride = cingleRide('2026-07-14T04:00:00Z');
    const fast = new Ride('2026-07-14T14:00:00Z').climb('malaucene', { speedKmh: 60 });
    const analysis = analyse([...ride.points, ...fast.points]);
    const carClimb = analysis.ascents.at(-1)!;
    expect(carClimb.counted).toBe(false);
    expect(analysis.problems).toContainEqual(
      expect.objectContaining({ code: 'implausible_speed', road: 'malaucene' }),
    );
    // The honest cingle before it still stands.
    expect(analysis.verdict.cingle).toBe('complete');
  });

  it('refuses a car ride over part of a climb', () => {
    const ride = new Ride('2026-07-14T04:00:00Z')
      .climb('bedoin', { toKm: 9 })
      .climb('bedoin', { speedKmh: 70, fromKm: 9, toKm: 18 })
      .climb('bedoin', { fromKm: 18 });
    expect(codes(ride)).toContain('implausible_speed');
  });

  it('asks for a review of a route without times (a planned route, not a ride)', () => {
    const analysis = analyse(withoutTimes(cingleRide().points));
    expect(analysis.timed).toBe(false);
    expect(analysis.problems).toContainEqual({ code: 'no_timestamps' });
    expect(analysis.verdict).toEqual({
      cingle: 'needs_review',
      galerien: 'incomplete',
      bicingle: 'incomplete',
    });
    expect(analysis.day).toBeNull();
  });

  it('puts a ride across midnight outside the day window', () => {
    // Paris is UTC+2 in summer: 21:00 UTC is 23:00 in Paris, the last climb ends the next day.
    const analysis = analyse(cingleRide('2026-07-14T16:00:00Z'));
    expect(analysis.ascents).toHaveLength(3);
    expect(analysis.verdict.cingle).toBe('incomplete');
    const problem = analysis.problems.find((p) => p.code === 'outside_day_window');
    expect(problem?.days).toEqual(['2026-07-14', '2026-07-15']);
  });

  it('asks for a review when a recording gap hides part of a climb', () => {
    const ride = new Ride('2026-07-14T04:00:00Z')
      .climb('bedoin')
      .descend('malaucene')
      .climb('malaucene', { gapKm: [8, 13] })
      .descend('sault')
      .climb('sault');
    const analysis = analyse(ride);
    expect(analysis.problems).toContainEqual(
      expect.objectContaining({ code: 'time_gap', road: 'malaucene' }),
    );
    expect(analysis.verdict.cingle).toBe('needs_review');
  });

  it('asks for a review when times go backwards', () => {
    const points = cingleRide().points.map((point, index) =>
      index === 3000 ? { ...point, time: point.time! - 3_600_000 } : point,
    );
    expect(codes(points)).toContain('not_monotonic_time');
    expect(analyse(points).verdict.cingle).toBe('needs_review');
  });

  it('flags a file with too few points', () => {
    const ride = new Ride('2026-07-14T04:00:00Z', { sampleS: 30 }).climb('bedoin', { toKm: 2 });
    expect(codes(ride)).toContain('too_few_points');
  });

  it('thins the drawn track to a few hundred points', () => {
    const analysis = analyse(cingleRide(undefined, { sampleS: 1 }));
    expect(analysis.points).toBeGreaterThan(25_000);
    expect(analysis.track.length).toBeLessThanOrEqual(601);
  });
});
