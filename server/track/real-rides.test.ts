/**
 * The ride check on files recorded by real devices and apps (tests/fixtures/real/, whose README says where each
 * comes from and what it is), two of them on the Sault road of Mont Ventoux, and a planned route of the three
 * roads: each is read and judged as its README line states.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseTrack } from '../../domain/track/analyse.ts';
import { sameRide, trackFingerprint } from '../../domain/track/fingerprint.ts';
import { PLAUSIBILITY_RULES, gradientEvidence } from '../../domain/track/plausibility.ts';
import type { TrackFormat, TrackProblem, Verdict } from '../../domain/schemas/track.ts';
import type { RoadId } from '../../domain/ventoux.ts';
import { readTrack } from './read-track.ts';
import { writeGpx } from './write-gpx.ts';

const folder = path.resolve(import.meta.dirname, '../../tests/fixtures/real');

interface Expected {
  format: TrackFormat;
  points: number;
  day: string | null;
  problems: TrackProblem[];
  /** The roads of the ascents found, in order; none unless given. */
  ascents?: RoadId[];
  /** The cingle's verdict, `incomplete` unless given (the galérien and bicingle stay `incomplete` for all). */
  cingle?: Verdict;
}

const far = (distance_km: number): TrackProblem => ({ code: 'far_from_ventoux', distance_km });

/** What each file is judged, as tests/fixtures/real/README.md states it. */
const EXPECTED: Record<string, Expected> = {
  'garmin-edge-810-vector-2013-08-16.fit': {
    format: 'fit',
    points: 4700,
    day: '2013-08-16',
    problems: [far(4400)],
  },
  'wahoo-elemnt-2019-02-17.fit': { format: 'fit', points: 13_348, day: '2019-02-17', problems: [far(9425)] },
  'wahoo-elemnt-bolt-developer-data-2017-08-21.fit': {
    format: 'fit',
    points: 131,
    day: '2017-08-21',
    problems: [far(682)],
  },
  'coros-pace-2-cycling-2020-10-25.fit': {
    format: 'fit',
    points: 10_305,
    day: '2020-10-25',
    problems: [far(8781)],
  },
  'strava-android-app-2021-09-27.fit': {
    format: 'fit',
    points: 237,
    day: '2021-09-27',
    problems: [far(8873)],
  },
  'garmin-edge-820-bike-2017-06-12.fit': {
    format: 'fit',
    points: 15,
    day: '2017-06-12',
    problems: [{ code: 'too_few_points', count: 15 }, far(9511)],
  },
  'garmin-truncated-2012-04-09.fit': {
    format: 'fit',
    points: 14,
    day: '2012-04-09',
    problems: [{ code: 'too_few_points', count: 14 }, far(6147)],
  },
  'gpsbabel-cerknica-lake-2010-08-05.gpx': {
    format: 'gpx',
    points: 296,
    day: '2010-08-05',
    problems: [far(732)],
  },
  'garmin-etrex-20x-by-car-2020-12-18.gpx': {
    format: 'gpx',
    points: 104,
    day: '2020-12-18',
    problems: [far(677)],
  },
  'gpsbabel-mojstrovka-clock-1901.gpx': {
    format: 'gpx',
    points: 184,
    day: '1901-12-13',
    problems: [far(707)],
  },
  'garmin-run-2012-12-26.tcx': { format: 'tcx', points: 383, day: '2012-12-26', problems: [far(6919)] },
  'mapmyride-bike-2022-11-12.tcx': { format: 'tcx', points: 3105, day: '2022-11-12', problems: [far(7205)] },
  // On the mountain: the Sault road, turned back below the summit.
  'ventoux-sault-edge-530-short-of-summit-2026-04-04.fit': {
    format: 'fit',
    points: 16_357,
    day: '2026-04-04',
    problems: [{ code: 'summit_not_reached', road: 'sault', reached: 'chalet-reynard' }],
  },
  'ventoux-sault-edge-530-chalet-reynard-2026-04-04.fit': {
    format: 'fit',
    points: 15_084,
    day: '2026-04-04',
    problems: [{ code: 'summit_not_reached', road: 'sault', reached: 'chalet-reynard' }],
  },
  // The three roads as a planned route: found, but without times nothing is proven.
  'cingle-ventoux-planned-route.gpx': {
    format: 'gpx',
    points: 3717,
    day: null,
    problems: [{ code: 'no_timestamps' }],
    ascents: ['bedoin', 'malaucene', 'sault'],
    cingle: 'needs_review',
  },
};

const read = (name: string) => readTrack(new Uint8Array(fs.readFileSync(path.join(folder, name))));

describe('real recorded files', () => {
  it('are all listed here, and all described in the README', () => {
    const files = fs.readdirSync(folder).filter((name) => /\.(fit|gpx|tcx)(\.gz)?$/.test(name));
    expect(files.sort()).toEqual([...Object.keys(EXPECTED), 'speed-sensor-without-gps.fit'].sort());
    const readme = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
    for (const name of files) expect(readme).toContain(`\`${name}\``);
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`reads and judges ${name}`, async () => {
      const { format, points } = await read(name);
      const analysis = analyseTrack(format, points);
      const { ascents = [], cingle = 'incomplete', ...facts } = expected;
      expect({ format, points: points.length, day: analysis.day, problems: analysis.problems }).toEqual(
        facts,
      );
      expect(analysis.timed).toBe(expected.day !== null);
      expect(analysis.ascents.filter((ascent) => ascent.counted).map((ascent) => ascent.road)).toEqual(
        ascents,
      );
      expect(analysis.verdict).toEqual({ cingle, galerien: 'incomplete', bicingle: 'incomplete' });
    });
  }

  // One test a file: reading all of them in one would take longer than a test's time on a busy machine.
  it.each(Object.keys(EXPECTED))(
    'flags nothing in %s: recorded timing is never taken for a generated one',
    async (name) => {
      const { format, points } = await read(name);
      expect(analyseTrack(format, points).flags).toEqual([]);
    },
  );

  it.each([
    'ventoux-sault-edge-530-short-of-summit-2026-04-04.fit',
    'ventoux-sault-edge-530-chalet-reynard-2026-04-04.fit',
    'garmin-edge-810-vector-2013-08-16.fit',
    'coros-pace-2-cycling-2020-10-25.fit',
  ])('sees the climbing of %s ridden slower on its steep parts, far from the threshold', async (name) => {
    const { points } = await read(name);
    const evidence = gradientEvidence(points)!;
    expect(evidence.steepKmh / evidence.gentleKmh).toBeLessThan(
      PLAUSIBILITY_RULES.maxSteepToGentleSpeed - 0.1,
    );
  });

  it('tells a copy of a ride from the same ride recorded by a companion', async () => {
    const loic = (await read('ventoux-sault-edge-530-short-of-summit-2026-04-04.fit')).points;
    const yves = (await read('ventoux-sault-edge-530-chalet-reynard-2026-04-04.fit')).points;
    // Two riders of one group, each with a Garmin: the same roads, never the same positions.
    expect(sameRide(trackFingerprint(loic), trackFingerprint(yves))).toBe(false);
    // The same file written again as GPX, times shifted by a day and the first hour cut off: still the ride.
    const copy = (
      await readTrack(
        new TextEncoder().encode(
          writeGpx({
            name: 'copy',
            points: loic.slice(3600).map((p) => ({ ...p, time: p.time! + 86_400_000 })),
          }),
        ),
      )
    ).points;
    expect(sameRide(trackFingerprint(loic), trackFingerprint(copy))).toBe(true);
  });

  it('refuses a file with no position (a speed sensor without GPS) with a clear message', async () => {
    await expect(read('speed-sensor-without-gps.fit')).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_track',
      message: 'The file holds no positions',
    });
  });
});
