/**
 * Writes test rides as the files riders upload: GPX 1.1, TCX (Garmin Training Center v2) and FIT (written with
 * Garmin's SDK encoder, as a device would), gzipped when asked. Also the hostile files the reader must refuse.
 */
import zlib from 'node:zlib';
import { Encoder, type FileIdMesg, Profile, type RecordMesg } from '@garmin/fitsdk';
import type { TrackPoint } from '../../domain/track/analyse.ts';
import { writeGpx } from '../../server/track/write-gpx.ts';

const time = (point: TrackPoint) => (point.time === null ? '' : new Date(point.time).toISOString());

export const toGpx = (points: readonly TrackPoint[]): string =>
  writeGpx({ name: 'Ventoux', points, creator: 'test' });

export function toTcx(points: readonly TrackPoint[]): string {
  const body = points
    .map(
      (p) =>
        '<Trackpoint>' +
        (p.time === null ? '' : `<Time>${time(p)}</Time>`) +
        `<Position><LatitudeDegrees>${p.lat.toFixed(6)}</LatitudeDegrees>` +
        `<LongitudeDegrees>${p.lon.toFixed(6)}</LongitudeDegrees></Position>` +
        (p.ele === null ? '' : `<AltitudeMeters>${p.ele.toFixed(1)}</AltitudeMeters>`) +
        '</Trackpoint>',
    )
    .join('\n');
  const start = time(points[0]!) || '2026-01-01T00:00:00.000Z';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">\n' +
    `<Activities><Activity Sport="Biking"><Id>${start}</Id><Lap StartTime="${start}"><Track>\n${body}\n` +
    '</Track></Lap></Activity></Activities>\n</TrainingCenterDatabase>\n'
  );
}

export function toFit(points: readonly TrackPoint[]): Uint8Array {
  const semicircles = 2 ** 31 / 180;
  const encoder = new Encoder();
  const first = points[0]!.time ?? Date.UTC(2026, 0, 1);
  const fileId: FileIdMesg = {
    manufacturer: 'development',
    product: 1,
    timeCreated: new Date(first),
    type: 'activity',
  };
  encoder.onMesg(Profile.MesgNum.FILE_ID!, fileId);
  for (const p of points) {
    const record: RecordMesg = {
      ...(p.time === null ? {} : { timestamp: new Date(p.time) }),
      positionLat: Math.round(p.lat * semicircles),
      positionLong: Math.round(p.lon * semicircles),
      ...(p.ele === null ? {} : { enhancedAltitude: p.ele, altitude: p.ele }),
    };
    encoder.onMesg(Profile.MesgNum.RECORD!, record);
  }
  return encoder.close();
}

export const gzip = (data: string | Uint8Array) => zlib.gzipSync(data);

/** Nested internal entities: a few hundred bytes that expand to gigabytes in a parser that expands them. */
export const BILLION_LAUGHS =
  '<?xml version="1.0"?>\n<!DOCTYPE gpx [\n<!ENTITY lol "lol">\n' +
  Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n') +
  '\n]>\n<gpx version="1.1"><trk><name>&lol9;</name></trk></gpx>\n';

/** An external entity pointing at a local file. */
export const XXE =
  '<?xml version="1.0"?>\n<!DOCTYPE gpx [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n' +
  '<gpx version="1.1"><trk><name>&secret;</name><trkseg><trkpt lat="44.17" lon="5.27"/></trkseg></trk></gpx>\n';

/**
 * A gzip that unpacks to far more than the limit: one member of 1 MiB of zeros (about 1 KB compressed), repeated;
 * gzip readers join concatenated members.
 */
export function gzipBomb(unpackedMiB = 200): Buffer {
  const member = zlib.gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  return Buffer.concat(Array.from({ length: unpackedMiB }, () => member));
}
