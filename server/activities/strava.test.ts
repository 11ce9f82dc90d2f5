import { describe, expect, it } from 'vitest';
import { readTrack } from '../track/read-track.ts';
import { writeGpx } from '../track/write-gpx.ts';
import { streamsToPoints } from './strava.ts';

describe("a Strava activity's streams", () => {
  it('become timed points, without the positions Strava has none for', () => {
    const start = Date.parse('2026-07-14T04:00:00Z');
    const points = streamsToPoints(
      {
        latlng: {
          data: [
            [44.17, 5.28],
            [44.18, 5.29],
          ],
        },
        altitude: { data: [310, null] },
        time: { data: [0, 30] },
      },
      start,
    );
    expect(points).toEqual([
      { lat: 44.17, lon: 5.28, ele: 310, time: start },
      { lat: 44.18, lon: 5.29, ele: null, time: start + 30_000 },
    ]);
    expect(streamsToPoints({}, start)).toEqual([]);
  });

  it('are written as a GPX the track reader reads back, a hostile name included', async () => {
    const points = [
      { lat: 44.1741234, lon: 5.2787654, ele: 312.4, time: Date.parse('2026-07-14T04:00:00Z') },
      { lat: 44.1742, lon: 5.2788, ele: null, time: Date.parse('2026-07-14T04:00:05Z') },
    ];
    const gpx = writeGpx({ name: '<!DOCTYPE x [<!ENTITY e "boom">]> & "Géant"\u0000', points });
    expect(gpx).toContain(
      '<name>&lt;!DOCTYPE x [&lt;!ENTITY e &quot;boom&quot;&gt;]&gt; &amp; &quot;Géant&quot;</name>',
    );
    const read = await readTrack(Buffer.from(gpx));
    expect(read.format).toBe('gpx');
    expect(read.points).toEqual([
      { lat: 44.1741234, lon: 5.2787654, ele: 312.4, time: Date.parse('2026-07-14T04:00:00Z') },
      { lat: 44.1742, lon: 5.2788, ele: null, time: Date.parse('2026-07-14T04:00:05Z') },
    ]);
  });
});
