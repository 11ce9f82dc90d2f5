/**
 * Reads an uploaded GPS file into track points: GPX and TCX parsed by @xmldom/xmldom (then the few elements we need
 * read from its DOM), FIT by Garmin's SDK, any of them possibly gzipped (Strava's exports). No parsing of our own:
 * we only pick the format from the first bytes. Hostile input: a document type declaration is refused before parsing (GPX and TCX never need
 * one; it is where entity bombs and external entities live), and decompression stops at a fixed output size.
 * See docs/decisions/0023-track-files.md.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Decoder, Stream } from '@garmin/fitsdk';
import { DOMParser } from '@xmldom/xmldom';
import type { TrackPoint } from '../../domain/track/analyse.ts';
import type { TrackFormat } from '../../domain/schemas/track.ts';
import { AppError } from '../errors.ts';

export const TRACK_LIMITS = {
  /** An upload, compressed or not (a 24-hour ride at one fix per second is about 15 MB of GPX). */
  maxUploadBytes: 25 * 1024 * 1024,
  /** What a gzip may unpack to; beyond it the file is refused as too large, and unpacking stops there. */
  maxUnpackedBytes: 60 * 1024 * 1024,
} as const;

const gunzip = promisify(zlib.gunzip);

export const invalidTrack = (message: string) => new AppError(400, 'invalid_track', message);
export const trackTooLarge = () =>
  new AppError(413, 'payload_too_large', `The file may not exceed ${TRACK_LIMITS.maxUploadBytes} bytes`);

export interface ReadTrack {
  format: TrackFormat;
  points: TrackPoint[];
}

const isGzip = (bytes: Uint8Array) => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** Unpacks a gzip, never beyond `maxUnpackedBytes` (a gzip bomb stops there, in memory too). */
export async function unpack(bytes: Uint8Array): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  try {
    return await gunzip(bytes, { maxOutputLength: TRACK_LIMITS.maxUnpackedBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw trackTooLarge();
    throw invalidTrack('The gzip file is damaged');
  }
}

export async function readTrack(upload: Uint8Array): Promise<ReadTrack> {
  if (upload.length > TRACK_LIMITS.maxUploadBytes) throw trackTooLarge();
  const bytes = await unpack(upload);
  if (isGzip(bytes)) throw invalidTrack('A gzip inside a gzip is not a track');
  if (Decoder.isFIT(Stream.fromByteArray(bytes))) return { format: 'fit', points: readFit(bytes) };
  return readXml(bytes);
}

function readFit(bytes: Uint8Array): TrackPoint[] {
  let messages;
  try {
    ({ messages } = new Decoder(Stream.fromByteArray(bytes)).read({
      convertDateTimesToDates: true,
      applyScaleAndOffset: true,
      expandComponents: true,
      mergeHeartRates: false,
    }));
  } catch {
    throw invalidTrack('The FIT file cannot be read');
  }
  // The SDK keeps what it could read of a truncated file (a device that lost power): the records are used.
  const semicircles = 180 / 2 ** 31;
  const points: TrackPoint[] = [];
  for (const record of messages.recordMesgs ?? []) {
    if (typeof record.positionLat !== 'number' || typeof record.positionLong !== 'number') continue;
    const altitude = record.enhancedAltitude ?? record.altitude;
    const time = record.timestamp instanceof Date ? record.timestamp.getTime() : null;
    points.push({
      lat: record.positionLat * semicircles,
      lon: record.positionLong * semicircles,
      ele: typeof altitude === 'number' && Number.isFinite(altitude) ? altitude : null,
      time: time !== null && Number.isFinite(time) ? time : null,
    });
  }
  return checked(points);
}

function readXml(bytes: Uint8Array): ReadTrack {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // A document type declaration comes before the root element; GPX and TCX files never carry one.
  const head = text.slice(0, text.search(/<[A-Za-z]/) + 1 || 4096);
  if (/<!DOCTYPE|<!ENTITY/i.test(head) || /<!ENTITY/i.test(text)) {
    throw invalidTrack('A track file may not declare a document type or entities');
  }
  let document;
  try {
    document = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') throw new Error('malformed XML');
      },
    }).parseFromString(text, 'text/xml');
  } catch {
    throw invalidTrack('The file is neither FIT nor well-formed GPX or TCX');
  }
  const root = document.documentElement;
  if (root?.localName === 'gpx') return { format: 'gpx', points: gpxPoints(root) };
  if (root?.localName === 'TrainingCenterDatabase') return { format: 'tcx', points: tcxPoints(root) };
  throw invalidTrack('The file is neither FIT nor GPX nor TCX');
}

type XmlElement = NonNullable<ReturnType<DOMParser['parseFromString']>['documentElement']>;

/** Elements named `name` in any namespace, in document order (GPX 1.0 and 1.1 differ in namespace). */
const elements = (root: XmlElement, name: string) => Array.from(root.getElementsByTagNameNS('*', name));

function child(parent: XmlElement, name: string): XmlElement | null {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as XmlElement).localName === name) return node as XmlElement;
  }
  return null;
}

const numberIn = (element: XmlElement | null) =>
  element ? Number.parseFloat(element.textContent ?? '') : NaN;
const timeIn = (element: XmlElement | null) =>
  element ? Date.parse((element.textContent ?? '').trim()) : NaN;

function point(lat: number, lon: number, ele: number, time: number): TrackPoint {
  return {
    lat,
    lon,
    ele: Number.isFinite(ele) ? ele : null,
    time: Number.isFinite(time) ? time : null,
  };
}

/** Track points of every track and segment in order; a file with only a planned route gives its route points. */
function gpxPoints(root: XmlElement): TrackPoint[] {
  const recorded = elements(root, 'trkpt');
  const points = (recorded.length > 0 ? recorded : elements(root, 'rtept')).map((element) =>
    point(
      Number.parseFloat(element.getAttribute('lat') ?? ''),
      Number.parseFloat(element.getAttribute('lon') ?? ''),
      numberIn(child(element, 'ele')),
      timeIn(child(element, 'time')),
    ),
  );
  return checked(points);
}

/** Trackpoints of activities (and of courses, which have no times); those without a position are sensor-only. */
function tcxPoints(root: XmlElement): TrackPoint[] {
  const points: TrackPoint[] = [];
  for (const element of elements(root, 'Trackpoint')) {
    const position = child(element, 'Position');
    if (!position) continue;
    points.push(
      point(
        numberIn(child(position, 'LatitudeDegrees')),
        numberIn(child(position, 'LongitudeDegrees')),
        numberIn(child(element, 'AltitudeMeters')),
        timeIn(child(element, 'Time')),
      ),
    );
  }
  return checked(points);
}

/** Positions out of range are a damaged file; a file without any is not a track. */
function checked(points: TrackPoint[]): TrackPoint[] {
  const valid = points.filter(
    (point) =>
      Number.isFinite(point.lat) &&
      Number.isFinite(point.lon) &&
      Math.abs(point.lat) <= 90 &&
      Math.abs(point.lon) <= 180,
  );
  if (valid.length === 0) throw invalidTrack('The file holds no positions');
  // One point without a time makes the whole file untimed: the analysis needs all or nothing.
  if (valid.some((point) => point.time === null)) return valid.map((point) => ({ ...point, time: null }));
  return valid;
}
