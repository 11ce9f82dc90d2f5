/**
 * Synthetic rides on Mont Ventoux, generated from the road model (`domain/track/road-model.ts` lines through the
 * landmarks and the km-by-km profiles of `domain/ventoux.ts`): climbs, descents, rides between the towns, pauses,
 * recording gaps, GPS noise and any sampling interval. Deterministic (seeded), so a failing test fails again.
 */
import type { TrackPoint } from '../../domain/track/analyse.ts';
import { distanceM, interpolate, type LatLon } from '../../domain/track/geo.ts';
import { roadLine } from '../../domain/track/road-model.ts';
import { type RoadId, roadById } from '../../domain/ventoux.ts';

export type AltitudeMode = 'gps' | 'barometric' | 'none';

export interface RideOptions {
  /** Seconds between fixes (1 s to 30 s in the tests). */
  sampleS?: number;
  /** Standard deviation of the horizontal GPS error, metres. */
  noiseM?: number;
  /** GPS altitude is noisy, a barometric one is smooth but offset, some files have none. */
  altitude?: AltitudeMode;
  /**
   * `realistic` (the default) rides as a person does: slower on the steep parts of a climb (at a steady effort),
   * with the pace wandering by a few per cent. `constant` keeps one speed along the drawn course, as a
   * route-to-track generator does (docs/decisions/0038-plausibility-flags.md).
   */
  pacing?: Pacing;
  seed?: number;
}

export type Pacing = 'realistic' | 'constant';

/** Added to the gradient in the realistic pace: the share of effort that rolling and air take on a climb. */
const PACE_RESISTANCE = 0.08;

interface Vertex extends LatLon {
  /** Distance along the course, km (road km for a road, straight-line km otherwise). */
  readonly km: number;
  readonly ele: number;
}

/** Bédoin to Sault and back by the south (Flassan), away from the Ventoux roads' gates. */
export const VIA_FLASSAN: LatLon = { lat: 44.06, lon: 5.25 };

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function roadAltitude(road: RoadId, km: number, line: ReturnType<typeof roadLine>): number {
  const { profile } = roadById(road);
  const points =
    km <= profile.at(-1)!.km
      ? profile
      : line.map((vertex) => ({ km: vertex.km, altitudeM: vertex.altitudeM }));
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (km <= b.km)
      return a.altitudeM + ((b.altitudeM - a.altitudeM) * (km - a.km)) / Math.max(b.km - a.km, 1e-9);
  }
  return points.at(-1)!.altitudeM;
}

/** A road's course from its foot to the summit, one vertex every 100 m. */
function roadCourse(road: RoadId): Vertex[] {
  const line = roadLine(road);
  const course: Vertex[] = [];
  for (let i = 1; i < line.length; i += 1) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const steps = Math.max(1, Math.round((b.km - a.km) * 10));
    for (let s = i === 1 ? 0 : 1; s <= steps; s += 1) {
      const km = a.km + ((b.km - a.km) * s) / steps;
      course.push({ ...interpolate(a, b, s / steps), km, ele: roadAltitude(road, km, line) });
    }
  }
  return course;
}

function straightCourse(stops: readonly (LatLon & { ele: number })[]): Vertex[] {
  const course: Vertex[] = [{ ...stops[0]!, km: 0 }];
  for (let i = 1; i < stops.length; i += 1) {
    const a = stops[i - 1]!;
    const b = stops[i]!;
    const length = distanceM(a, b) / 1000;
    const startKm = course.at(-1)!.km;
    const steps = Math.max(1, Math.ceil(length * 10));
    for (let s = 1; s <= steps; s += 1) {
      course.push({
        ...interpolate(a, b, s / steps),
        km: startKm + (length * s) / steps,
        ele: a.ele + ((b.ele - a.ele) * s) / steps,
      });
    }
  }
  return course;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function reversed(course: readonly Vertex[]): Vertex[] {
  const total = course.at(-1)!.km;
  return [...course].reverse().map((vertex) => ({ ...vertex, km: total - vertex.km }));
}

function positionAt(course: readonly Vertex[], km: number): Vertex {
  let low = 0;
  let high = course.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (course[middle]!.km <= km) low = middle;
    else high = middle;
  }
  const a = course[low]!;
  const b = course[high]!;
  const fraction = b.km === a.km ? 0 : Math.min(1, Math.max(0, (km - a.km) / (b.km - a.km)));
  return { ...interpolate(a, b, fraction), km, ele: a.ele + (b.ele - a.ele) * fraction };
}

const foot = (road: RoadId): LatLon & { ele: number } => {
  const first = roadLine(road)[0]!;
  return { lat: first.lat, lon: first.lon, ele: first.altitudeM };
};

/** Builds a ride leg by leg, keeping the clock and the recorder's settings. */
export class Ride {
  readonly points: TrackPoint[] = [];
  private time: number;
  private readonly sampleS: number;
  private readonly noiseM: number;
  private readonly altitude: AltitudeMode;
  private readonly pacing: Pacing;
  private readonly random: () => number;
  /** Its own sequence, so that the pace does not change the GPS noise. */
  private readonly paceRandom: () => number;

  constructor(start: Date | string, options: RideOptions = {}) {
    this.time = new Date(start).getTime();
    this.sampleS = options.sampleS ?? 5;
    this.noiseM = options.noiseM ?? 10;
    this.altitude = options.altitude ?? 'gps';
    this.pacing = options.pacing ?? 'realistic';
    this.random = mulberry32(options.seed ?? 1);
    this.paceRandom = mulberry32((options.seed ?? 1) + 0x5eed);
  }

  /**
   * Climbs a road from its foot (or `fromKm`) to `toKm` (default the summit) at `speedKmh`, with an optional
   * recording gap (road km).
   */
  climb(
    road: RoadId,
    options: { speedKmh?: number; fromKm?: number; toKm?: number; gapKm?: [number, number] } = {},
  ): this {
    const from = options.fromKm ?? 0;
    const course = roadCourse(road)
      .filter((vertex) => vertex.km >= from)
      .map((vertex) => ({ ...vertex, km: vertex.km - from }));
    const shift = (km: number) => km - from;
    const gap = options.gapKm && ([shift(options.gapKm[0]), shift(options.gapKm[1])] as [number, number]);
    return this.follow(
      course,
      options.speedKmh ?? 12,
      options.toKm === undefined ? undefined : shift(options.toKm),
      gap,
    );
  }

  /** Rides down a road from the summit (or from `fromKm`) to its foot. */
  descend(road: RoadId, options: { speedKmh?: number; fromKm?: number } = {}): this {
    const course = roadCourse(road);
    const from = options.fromKm ?? course.at(-1)!.km;
    const down = reversed(course.filter((vertex) => vertex.km <= from));
    return this.follow(down, options.speedKmh ?? 40);
  }

  /** Rides on other roads from one road's foot to another's, through optional waypoints. */
  transfer(from: RoadId, to: RoadId, via: LatLon[] = [], speedKmh = 25): this {
    const stops = [foot(from), ...via.map((point) => ({ ...point, ele: 400 })), foot(to)];
    return this.follow(straightCourse(stops), speedKmh);
  }

  /** Stands still (a pause at the summit, a café): fixes keep coming, scattered by the noise. */
  pause(seconds: number): this {
    const last = this.points.at(-1)!;
    const here: Vertex = { lat: last.lat, lon: last.lon, ele: last.ele ?? 0, km: 0 };
    for (let elapsed = this.sampleS; elapsed <= seconds; elapsed += this.sampleS) {
      this.time += this.sampleS * 1000;
      this.record(here);
    }
    return this;
  }

  /** Moves the clock without recording (the device switched off). */
  wait(seconds: number): this {
    this.time += seconds * 1000;
    return this;
  }

  private follow(course: readonly Vertex[], speedKmh: number, toKm?: number, gapKm?: [number, number]): this {
    const end = Math.min(toKm ?? Infinity, course.at(-1)!.km);
    const arrival = this.schedule(course, speedKmh, end);
    const total = arrival.at(-1)!;
    let vertex = 0;
    for (let elapsed = 0; ; elapsed = Math.min(total, elapsed + this.sampleS)) {
      while (vertex < arrival.length - 2 && arrival[vertex + 1]! <= elapsed) vertex += 1;
      const a = course[vertex]!;
      const span = arrival[vertex + 1]! - arrival[vertex]!;
      const fraction = span > 0 ? Math.min(1, (elapsed - arrival[vertex]!) / span) : 1;
      const km = Math.min(end, a.km + (course[vertex + 1]!.km - a.km) * fraction);
      if (!gapKm || km < gapKm[0] || km > gapKm[1]) this.record(positionAt(course, km));
      if (elapsed >= total) break;
      this.time += this.sampleS * 1000;
    }
    return this;
  }

  /**
   * Seconds from the leg's start to each vertex up to `end` km. Realistic: the time of each 100 m grows with its
   * gradient (a steady effort) and wanders by a few per cent, scaled so that the leg takes as long as at
   * `speedKmh` throughout. Constant: `speedKmh` over the drawn course.
   */
  private schedule(course: readonly Vertex[], speedKmh: number, end: number): number[] {
    const arrival = [0];
    const weights: number[] = [];
    let wander = 0;
    for (let i = 1; i < course.length && course[i - 1]!.km < end; i += 1) {
      const a = course[i - 1]!;
      const b = course[i]!;
      const km = Math.min(b.km, end) - a.km;
      if (this.pacing === 'constant') {
        weights.push((distanceM(a, b) / 1000) * (km / Math.max(b.km - a.km, 1e-9)));
        continue;
      }
      const gradient = Math.max(0, (b.ele - a.ele) / Math.max((b.km - a.km) * 1000, 1e-9));
      wander = 0.9 * wander + 0.02 * (this.paceRandom() * 2 - 1);
      weights.push(km * (gradient + PACE_RESISTANCE) * (1 + wander));
    }
    const seconds = this.pacing === 'constant' ? 3600 / speedKmh : (end * 3600) / speedKmh;
    const scale = this.pacing === 'constant' ? seconds : seconds / Math.max(sum(weights), 1e-9);
    for (const weight of weights) arrival.push(arrival.at(-1)! + weight * scale);
    if (arrival.length === 1) arrival.push(0);
    return arrival;
  }

  private gaussian(): number {
    // Box-Muller.
    const u = Math.max(this.random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.random());
  }

  /** GPS error drifts rather than jumping from fix to fix: a first-order autoregressive walk around the road. */
  private offset = { north: 0, east: 0 };

  private record(vertex: Vertex): void {
    const metresPerDegree = 111_320;
    // Correlated over about a minute, as a receiver's filtered fixes are.
    const keep = Math.exp(-this.sampleS / 60);
    const fresh = Math.sqrt(1 - keep * keep) * this.noiseM;
    this.offset = {
      north: keep * this.offset.north + fresh * this.gaussian(),
      east: keep * this.offset.east + fresh * this.gaussian(),
    };
    const lat = vertex.lat + this.offset.north / metresPerDegree;
    const lon = vertex.lon + this.offset.east / (metresPerDegree * Math.cos((vertex.lat * Math.PI) / 180));
    const ele =
      this.altitude === 'none'
        ? null
        : this.altitude === 'barometric'
          ? vertex.ele + 35
          : vertex.ele + this.gaussian() * 4;
    this.points.push({ lat, lon, ele, time: this.time });
  }
}

/** The same points with every time removed: a planned route. */
export const withoutTimes = (points: readonly TrackPoint[]): TrackPoint[] =>
  points.map((point) => ({ ...point, time: null }));

/** A cingle in the usual order (Bédoin, Malaucène, Sault), starting at `start` (UTC), summit pauses included. */
export function cingleRide(start = '2026-07-14T04:00:00Z', options: RideOptions = {}): Ride {
  return new Ride(start, options)
    .climb('bedoin')
    .pause(600)
    .descend('malaucene')
    .pause(900)
    .climb('malaucene')
    .pause(600)
    .descend('sault')
    .pause(1200)
    .climb('sault')
    .pause(300)
    .descend('bedoin');
}
