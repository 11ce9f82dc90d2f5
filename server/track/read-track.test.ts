import { describe, expect, it } from 'vitest';
import { cingleRide, withoutTimes } from '../../tests/support/rides.ts';
import { BILLION_LAUGHS, gzip, gzipBomb, toFit, toGpx, toTcx, XXE } from '../../tests/support/track-files.ts';
import { readTrack } from './read-track.ts';

const ride = cingleRide(undefined, { sampleS: 30 }).points;
const bytes = (text: string) => new TextEncoder().encode(text);

describe('readTrack', () => {
  it.each([
    ['gpx', () => bytes(toGpx(ride))],
    ['tcx', () => bytes(toTcx(ride))],
    ['fit', () => toFit(ride)],
  ] as const)('reads %s, plain and gzipped, to the same points', async (format, file) => {
    for (const upload of [file(), gzip(file())]) {
      const track = await readTrack(upload);
      expect(track.format).toBe(format);
      expect(track.points).toHaveLength(ride.length);
      const [first, last] = [track.points[0]!, track.points.at(-1)!];
      expect(first.lat).toBeCloseTo(ride[0]!.lat, 5);
      expect(first.lon).toBeCloseTo(ride[0]!.lon, 5);
      expect(first.ele).toBeCloseTo(ride[0]!.ele!, 0);
      expect(last.time).toBe(ride.at(-1)!.time);
    }
  });

  it('reads a planned route without times as untimed points', async () => {
    const track = await readTrack(bytes(toGpx(withoutTimes(ride))));
    expect(track.points.every((point) => point.time === null)).toBe(true);
  });

  it.each([
    ['random bytes', () => Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)],
    ['an empty file', () => new Uint8Array()],
    ['truncated XML', () => bytes(toGpx(ride).slice(0, 5000))],
    ['XML that is not a track', () => bytes('<?xml version="1.0"?><html><body/></html>')],
    ['a GPX without positions', () => bytes('<gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>')],
    ['a damaged gzip', () => gzip(toGpx(ride)).subarray(0, 200)],
    ['a gzip in a gzip', () => gzip(gzip(toGpx(ride)))],
    [
      'a FIT header on garbage',
      () => Uint8Array.from([...toFit(ride).subarray(0, 14), ...new Uint8Array(64).fill(255)]),
    ],
  ])('refuses %s as invalid_track', async (_name, file) => {
    await expect(readTrack(file())).rejects.toMatchObject({ statusCode: 400, code: 'invalid_track' });
  });

  it('refuses entity expansion (billion laughs) and external entities without resolving anything', async () => {
    await expect(readTrack(bytes(BILLION_LAUGHS))).rejects.toMatchObject({ code: 'invalid_track' });
    await expect(readTrack(bytes(XXE))).rejects.toMatchObject({ code: 'invalid_track' });
    await expect(readTrack(gzip(XXE))).rejects.toMatchObject({ code: 'invalid_track' });
  });

  it('stops unpacking a gzip bomb at the limit and answers 413', async () => {
    const bomb = gzipBomb(200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(readTrack(bomb)).rejects.toMatchObject({ statusCode: 413 });
  });

  it('refuses an upload over 25 MB with 413', async () => {
    await expect(readTrack(new Uint8Array(25 * 1024 * 1024 + 1))).rejects.toMatchObject({ statusCode: 413 });
  });
});
