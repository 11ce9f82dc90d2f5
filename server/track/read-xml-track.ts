/**
 * Reads a GPX or TCX file with a streaming XML parser (saxes): no document tree is built, only the track points'
 * four values (lat, lon, ele, time) are kept, in growing typed arrays, so a 25 MB file costs a few MB beyond its
 * own bytes instead of the hundreds of MB of a DOM. Hostile input: saxes resolves no DTD and no external entity;
 * we refuse any document type declaration (GPX and TCX never need one; it is where entity bombs live), unknown
 * entities are a well-formedness error, and the element depth is bounded (a deep nest would grow the parser's tag
 * stack). See docs/decisions/0023-track-files.md.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { TrackPoint } from '../../domain/track/analyse.ts';
import type { TrackFormat } from '../../domain/schemas/track.ts';
import { AppError } from '../errors.ts';

const invalid = (message: string) => new AppError(400, 'invalid_track', message);

/** Far above GPX's 7 and TCX's 9 levels (extensions included); a deeper file is not a track. */
const MAX_DEPTH = 64;
/** The longest text we keep (a number or an ISO time); longer text in a kept element is cut, not accumulated. */
const MAX_VALUE_CHARS = 64;
/** Text is decoded and fed in slices: the whole file never exists as one string. */
const SLICE_BYTES = 1024 * 1024;

/** Points as four parallel columns; NaN stands for a missing value. Grows by doubling. */
class PointColumns {
  length = 0;
  private columns = [0, 1, 2, 3].map(() => new Float64Array(1024));

  push(lat: number, lon: number, ele: number, time: number) {
    if (this.length === this.columns[0]!.length) {
      this.columns = this.columns.map((column) => {
        const grown = new Float64Array(column.length * 2);
        grown.set(column);
        return grown;
      });
    }
    const [lats, lons, eles, times] = this.columns as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    lats[this.length] = lat;
    lons[this.length] = lon;
    eles[this.length] = ele;
    times[this.length] = time;
    this.length += 1;
  }

  toPoints(): TrackPoint[] {
    const [lats, lons, eles, times] = this.columns as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    return Array.from({ length: this.length }, (_, index) => ({
      lat: lats[index]!,
      lon: lons[index]!,
      ele: Number.isFinite(eles[index]) ? eles[index]! : null,
      time: Number.isFinite(times[index]) ? times[index]! : null,
    }));
  }
}

/** The name without its namespace prefix: GPX 1.0 and 1.1, and exporters, differ in prefixes. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

type Field = 'lat' | 'lon' | 'ele' | 'time';
type XmlFormat = Extract<TrackFormat, 'gpx' | 'tcx'>;

/**
 * Where a value sits, relative to its point element: GPX `trkpt`/`rtept` > `ele`, `time` (lat and lon are
 * attributes); TCX `Trackpoint` > `AltitudeMeters`, `Time`, `Position` > `LatitudeDegrees`, `LongitudeDegrees`.
 */
const FIELDS: Record<XmlFormat, Record<string, Field>> = {
  gpx: { ele: 'ele', time: 'time' },
  tcx: {
    AltitudeMeters: 'ele',
    Time: 'time',
    'Position/LatitudeDegrees': 'lat',
    'Position/LongitudeDegrees': 'lon',
  },
};

export interface XmlTrack {
  format: XmlFormat;
  /** Raw points, not yet checked for range or missing times. */
  points: TrackPoint[];
}

export function readXmlTrack(bytes: Uint8Array): XmlTrack {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let format: XmlFormat | null = null;
  const recorded = new PointColumns(); // GPX trkpt, TCX Trackpoint
  const planned = new PointColumns(); // GPX rtept: used only when the file has no recorded track
  let depth = 0;
  // The point being read: its depth, its values, where it goes, whether TCX gave it a Position.
  let pointDepth = -1;
  let target: PointColumns | null = null;
  let hasPosition = false;
  const values = { lat: NaN, lon: NaN, ele: NaN, time: NaN };
  // The path from the point to the current element ('Position/LatitudeDegrees'), and the field being read.
  const path: string[] = [];
  let field: Field | null = null;
  let text = '';

  parser.on('doctype', () => {
    throw invalid('A track file may not declare a document type or entities');
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth += 1;
    if (depth > MAX_DEPTH) throw invalid('The file nests elements too deeply for a track');
    const name = localName(tag.name);
    if (format === null) {
      if (name === 'gpx') format = 'gpx';
      else if (name === 'TrainingCenterDatabase') format = 'tcx';
      else throw invalid('The file is neither FIT nor GPX nor TCX');
      return;
    }
    if (pointDepth < 0) {
      const isGpxPoint = format === 'gpx' && (name === 'trkpt' || name === 'rtept');
      if (!isGpxPoint && !(format === 'tcx' && name === 'Trackpoint')) return;
      pointDepth = depth;
      target = name === 'rtept' ? planned : recorded;
      hasPosition = format === 'gpx';
      values.lat = format === 'gpx' ? Number.parseFloat(String(tag.attributes.lat ?? '')) : NaN;
      values.lon = format === 'gpx' ? Number.parseFloat(String(tag.attributes.lon ?? '')) : NaN;
      values.ele = NaN;
      values.time = NaN;
      return;
    }
    path.push(name);
    if (path.length === 1 && name === 'Position') hasPosition = true;
    field = FIELDS[format][path.join('/')] ?? null;
    text = '';
  });
  const keepText = (chunk: string) => {
    if (field !== null && text.length < MAX_VALUE_CHARS)
      text += chunk.slice(0, MAX_VALUE_CHARS - text.length);
  };
  parser.on('text', keepText);
  parser.on('cdata', keepText);
  parser.on('closetag', () => {
    if (pointDepth > 0 && depth > pointDepth) {
      if (field !== null) {
        values[field] = field === 'time' ? Date.parse(text.trim()) : Number.parseFloat(text);
        field = null;
      }
      path.pop();
    } else if (depth === pointDepth) {
      // A TCX Trackpoint without a Position carries sensor data only.
      if (hasPosition) target!.push(values.lat, values.lon, values.ele, values.time);
      pointDepth = -1;
      target = null;
    }
    depth -= 1;
  });

  try {
    const decoder = new TextDecoder('utf-8', { fatal: false });
    for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
      const end = Math.min(start + SLICE_BYTES, bytes.length);
      parser.write(decoder.decode(bytes.subarray(start, end), { stream: end < bytes.length }));
    }
    parser.close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid('The file is neither FIT nor well-formed GPX or TCX');
  }
  if (format === null) throw invalid('The file is neither FIT nor GPX nor TCX');
  // A recorded track wins over a planned route in the same file.
  return { format, points: (recorded.length > 0 ? recorded : planned).toPoints() };
}
