import { describe, expect, it } from 'vitest';
import { cingleRide, Ride, withoutTimes } from '../../tests/support/rides.ts';
import type { RoadId } from '../ventoux.ts';
import { analyseTrack } from './analyse.ts';
import { missingAscents } from './missing.ts';

/** An ascent as an analysis lists it, timed on a summer day (Paris is UTC+2). */
const ascent = (road: RoadId, start = '2026-07-14T06:00:00Z', summit = '2026-07-14T08:00:00Z') => ({
  road,
  counted: true,
  start_time: start,
  summit_time: summit,
});
const timed = (...roads: RoadId[]) => ({ timed: true, ascents: roads.map((road) => ascent(road)) });

describe('missingAscents', () => {
  it('lists every road of each challenge when the ride has no ascent', () => {
    expect(missingAscents({ timed: true, ascents: [] })).toEqual({
      cingle: ['bedoin', 'malaucene', 'sault'],
      galerien: ['bedoin', 'malaucene', 'sault', 'forest'],
      bicingle: ['bedoin', 'bedoin', 'malaucene', 'malaucene', 'sault', 'sault'],
    });
  });

  it('after one ascent by Sault: the Cinglé lacks Bédoin and Malaucène, the Galérien the forest road too', () => {
    expect(missingAscents(timed('sault'))).toEqual({
      cingle: ['bedoin', 'malaucene'],
      galerien: ['bedoin', 'malaucene', 'forest'],
      bicingle: ['bedoin', 'bedoin', 'malaucene', 'malaucene', 'sault'],
    });
  });

  it('the Cinglé complete lacks nothing; the Galérien lacks the forest road', () => {
    const missing = missingAscents(timed('bedoin', 'malaucene', 'sault'));
    expect(missing.cingle).toEqual([]);
    expect(missing.galerien).toEqual(['forest']);
    expect(missing.bicingle).toEqual(['bedoin', 'malaucene', 'sault']);
  });

  it('the Galérien complete lacks nothing, whatever the order of the ascents', () => {
    expect(missingAscents(timed('forest', 'sault', 'bedoin', 'malaucene')).galerien).toEqual([]);
  });

  it('the Bicinglé with Bédoin once lacks Bédoin once and the other roads twice', () => {
    expect(missingAscents(timed('bedoin')).bicingle).toEqual([
      'bedoin',
      'malaucene',
      'malaucene',
      'sault',
      'sault',
    ]);
    expect(missingAscents(timed('bedoin', 'bedoin', 'malaucene', 'sault', 'sault', 'malaucene'))).toEqual({
      cingle: [],
      galerien: ['forest'],
      bicingle: [],
    });
  });

  it('does not count an ascent at a motor vehicle speed', () => {
    const analysis = timed('bedoin', 'malaucene', 'sault');
    analysis.ascents[1]!.counted = false;
    expect(missingAscents(analysis).cingle).toEqual(['malaucene']);
  });

  it('measures each challenge on its best day, not on ascents spread over two days', () => {
    const missing = missingAscents({
      timed: true,
      ascents: [
        ascent('bedoin', '2026-07-14T06:00:00Z', '2026-07-14T08:00:00Z'),
        ascent('malaucene', '2026-07-15T06:00:00Z', '2026-07-15T08:00:00Z'),
        ascent('sault', '2026-07-15T10:00:00Z', '2026-07-15T12:00:00Z'),
      ],
    });
    expect(missing.cingle).toEqual(['bedoin']);
  });

  it('counts no day for an ascent that goes over midnight (Paris)', () => {
    const missing = missingAscents({
      timed: true,
      ascents: [ascent('sault', '2026-07-14T21:30:00Z', '2026-07-14T22:30:00Z')],
    });
    expect(missing.cingle).toEqual(['bedoin', 'malaucene', 'sault']);
  });

  it('takes a file without times as one group', () => {
    const ascents = (['bedoin', 'malaucene', 'sault'] as const).map((road) => ({
      road,
      counted: true,
      start_time: null,
      summit_time: null,
    }));
    expect(missingAscents({ timed: false, ascents }).cingle).toEqual([]);
  });

  it('is part of the analysis and agrees with its verdicts', () => {
    const cingle = analyseTrack('gpx', cingleRide().points);
    expect(cingle.missing).toEqual({
      cingle: [],
      galerien: ['forest'],
      bicingle: ['bedoin', 'malaucene', 'sault'],
    });
    const sault = analyseTrack('gpx', new Ride('2026-07-14T06:00:00Z').climb('sault').points);
    expect(sault.verdict.cingle).toBe('incomplete');
    expect(sault.missing.cingle).toEqual(['bedoin', 'malaucene']);
    const untimed = analyseTrack('gpx', withoutTimes(cingleRide().points));
    expect(untimed.verdict.cingle).toBe('needs_review');
    expect(untimed.missing.cingle).toEqual([]);
  });
});
