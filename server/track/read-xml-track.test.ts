import { describe, expect, it } from 'vitest';
import { cingleRide } from '../../tests/support/rides.ts';
import { BILLION_LAUGHS, toGpx, toTcx, XXE } from '../../tests/support/track-files.ts';
import { readXmlTrack } from './read-xml-track.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const gpx = (body: string) => bytes(`<?xml version="1.0"?><gpx version="1.1">${body}</gpx>`);
const POINT = '<trkpt lat="44.17" lon="5.27"><ele>1909</ele><time>2026-07-14T10:00:00Z</time></trkpt>';

describe('readXmlTrack on hostile XML', () => {
  it('refuses a document type, with or without entities, before expanding anything', () => {
    for (const text of [
      BILLION_LAUGHS,
      XXE,
      '<!DOCTYPE gpx><gpx><trk><trkseg>' + POINT + '</trkseg></trk></gpx>',
    ]) {
      expect(() => readXmlTrack(bytes(text))).toThrow(expect.objectContaining({ code: 'invalid_track' }));
    }
  });

  it('refuses an undeclared entity in text or in an attribute', () => {
    for (const body of [
      `<trk><name>&lol9;</name><trkseg>${POINT}</trkseg></trk>`,
      '<trk><trkseg><trkpt lat="&lat;" lon="5.27"/></trkseg></trk>',
    ]) {
      expect(() => readXmlTrack(gpx(body))).toThrow(expect.objectContaining({ code: 'invalid_track' }));
    }
  });

  it('reads the five predefined entities and character references as text', () => {
    const track = readXmlTrack(gpx(`<trk><name>A &amp; B &#233;</name><trkseg>${POINT}</trkseg></trk>`));
    expect(track.points).toHaveLength(1);
  });

  it('refuses deep nesting early, without growing the tag stack', () => {
    const depth = 200_000;
    const text = '<gpx>' + '<a>'.repeat(depth) + '</a>'.repeat(depth) + '</gpx>';
    expect(() => readXmlTrack(bytes(text))).toThrow(expect.objectContaining({ code: 'invalid_track' }));
  });

  it('reads past a huge attribute and a huge text, keeping only the points', () => {
    const huge = 'x'.repeat(8 * 1024 * 1024);
    const track = readXmlTrack(
      gpx(
        `<metadata><desc>${huge}</desc></metadata><trk name="${huge}"><trkseg>${POINT}${POINT}</trkseg></trk>`,
      ),
    );
    expect(track.points).toEqual([
      { lat: 44.17, lon: 5.27, ele: 1909, time: Date.parse('2026-07-14T10:00:00Z') },
      { lat: 44.17, lon: 5.27, ele: 1909, time: Date.parse('2026-07-14T10:00:00Z') },
    ]);
  });

  it('cuts a huge value instead of accumulating it', () => {
    const track = readXmlTrack(
      gpx(
        `<trk><trkseg><trkpt lat="44.17" lon="5.27"><ele>${'9'.repeat(4 * 1024 * 1024)}</ele></trkpt></trkseg></trk>`,
      ),
    );
    expect(track.points[0]!.ele).toBe(Number('9'.repeat(64)));
  });

  it('refuses XML that is not GPX or TCX at its root element', () => {
    expect(() => readXmlTrack(bytes('<kml><trkpt lat="1" lon="2"/></kml>'))).toThrow(
      expect.objectContaining({ code: 'invalid_track' }),
    );
  });
});

describe('readXmlTrack on real shapes', () => {
  const ride = cingleRide(undefined, { sampleS: 60 }).points;

  it('reads GPX and TCX of the same ride to the same points', () => {
    const fromGpx = readXmlTrack(bytes(toGpx(ride)));
    const fromTcx = readXmlTrack(bytes(toTcx(ride)));
    expect([fromGpx.format, fromTcx.format]).toEqual(['gpx', 'tcx']);
    expect(fromTcx.points).toHaveLength(fromGpx.points.length);
    expect(fromTcx.points.at(-1)!.time).toBe(fromGpx.points.at(-1)!.time);
  });

  it('prefers the recorded track to a planned route, and reads a route alone', () => {
    const route = '<rte><rtept lat="44.1" lon="5.2"/><rtept lat="44.2" lon="5.3"/></rte>';
    expect(readXmlTrack(gpx(`${route}<trk><trkseg>${POINT}</trkseg></trk>`)).points).toHaveLength(1);
    expect(readXmlTrack(gpx(route)).points).toHaveLength(2);
  });

  it('reads prefixed names and ignores values nested in extensions', () => {
    const text =
      '<g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:trk><g:trkseg>' +
      '<g:trkpt lat="44.17" lon="5.27"><g:extensions><g:ele>5</g:ele></g:extensions><g:ele>1909</g:ele></g:trkpt>' +
      '</g:trkseg></g:trk></g:gpx>';
    expect(readXmlTrack(bytes(text)).points).toEqual([{ lat: 44.17, lon: 5.27, ele: 1909, time: null }]);
  });

  it('skips TCX trackpoints without a position (sensor-only)', () => {
    const text =
      '<TrainingCenterDatabase><Activities><Activity><Lap><Track>' +
      '<Trackpoint><Time>2026-07-14T10:00:00Z</Time><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>' +
      '<Trackpoint><Time>2026-07-14T10:00:05Z</Time><Position><LatitudeDegrees>44.17</LatitudeDegrees>' +
      '<LongitudeDegrees>5.27</LongitudeDegrees></Position><AltitudeMeters>1909</AltitudeMeters></Trackpoint>' +
      '</Track></Lap></Activity></Activities></TrainingCenterDatabase>';
    expect(readXmlTrack(bytes(text)).points).toEqual([
      { lat: 44.17, lon: 5.27, ele: 1909, time: Date.parse('2026-07-14T10:00:05Z') },
    ]);
  });
});
