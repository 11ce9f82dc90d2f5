/**
 * Reads an uploaded GPS file into track points: GPX and TCX by a streaming XML reader (read-xml-track.ts, which
 * keeps only the points and refuses document types), FIT by Garmin's SDK, any of them possibly gzipped (Strava's
 * exports). No parsing of our own: we only pick the format from the first bytes. Decompression stops at a fixed
 * output size.
 * See docs/decisions/0023-track-files.md.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type * as FitSdk from '@garmin/fitsdk';
import type { TrackPoint } from '../../domain/track/analyse.ts';
import type { TrackFormat } from '../../domain/schemas/track.ts';
import { AppError } from '../errors.ts';
import { readXmlTrack } from './read-xml-track.ts';

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

/** Garmin's SDK, loaded by the first track read rather than at start (decision 0057); the loader keeps it. */
const fitSdk = (): Promise<typeof FitSdk> => import('@garmin/fitsdk');

export async function readTrack(upload: Uint8Array): Promise<ReadTrack> {
  if (upload.length > TRACK_LIMITS.maxUploadBytes) throw trackTooLarge();
  const bytes = await unpack(upload);
  if (isGzip(bytes)) throw invalidTrack('A gzip inside a gzip is not a track');
  const sdk = await fitSdk();
  if (sdk.Decoder.isFIT(sdk.Stream.fromByteArray(bytes)))
    return { format: 'fit', points: readFit(sdk, bytes) };
  return readXml(bytes);
}

function readFit({ Decoder, Stream }: typeof FitSdk, bytes: Uint8Array): TrackPoint[] {
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
  const { format, points } = readXmlTrack(bytes);
  return { format, points: checked(points) };
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
