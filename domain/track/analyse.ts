/**
 * The track check: which ascents a GPS track shows, by which road, and whether the day fits each challenge.
 * Pure: points in, analysis out (the server reads the files). Rules and thresholds:
 * docs/decisions/0022-track-check-road-model.md.
 *
 * An ascent is recognised from the gates of `road-model.ts` (ascent-finding.ts); this module measures each one,
 * judges the challenges and writes the report.
 */
import { calendarDateOf } from '../dates.ts';
import type { TrackAnalysis, TrackAscent, TrackFormat, TrackProblem, Verdict } from '../schemas/track.ts';
import { CHALLENGES, type ChallengeId, type RoadId, roadById } from '../ventoux.ts';
import { type FoundAscent, findAscents, gateVisits, unfinishedClimbs } from './ascent-finding.ts';
import { distanceM } from './geo.ts';
import { missingAscents } from './missing.ts';
import { plausibilityFlags } from './plausibility.ts';

export interface TrackPoint {
  readonly lat: number;
  readonly lon: number;
  /** Metres; null when the file has none for this point. */
  readonly ele: number | null;
  /** Epoch milliseconds; null when the file has none. */
  readonly time: number | null;
}

export const TRACK_RULES = {
  /** Fewer points than this cannot show a day on the mountain. */
  minPoints: 50,
  /** Average speed over a whole ascent above which no rider climbs (the record is about 21 km/h). */
  maxAscentSpeedKmh: 30,
  /** Average speed over any 3 km of an ascent above which it is a motor vehicle. */
  maxStretchSpeedKmh: 50,
  stretchM: 3000,
  /** Between two fixes: more than this distance is lost signal, whatever the time. */
  gapDistanceM: 1000,
  /** Between two fixes: more than this time while moving more than `gapMovedM` is a recording gap (a pause moves less). */
  gapSeconds: 600,
  gapMovedM: 300,
  /** Altitude changes under this are noise when summing the climb. */
  climbHysteresisM: 10,
  /** Timestamps may step back this much (device clock resync) before the order counts as broken. */
  timeJitterMs: 2000,
  /** Moves shorter than this are jitter when measuring distance. */
  stepM: 25,
  /** Points kept to draw the track. */
  drawnPoints: 600,
  /**
   * A track whose every point is farther than this from the summit was not ridden on the mountain (the three
   * start towns are 11 to 14 km away as the crow flies); the report says so rather than list no ascent.
   */
  farFromSummitM: 25_000,
} as const;

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Distance ridden from `from` to each point up to `to`, counting a move only once the position is `stepM` away
 * from the last counted one: the jitter of a receiver standing still or sampling every second would otherwise
 * add kilometres.
 */
function cumulativeM(points: readonly TrackPoint[], from: number, to: number): number[] {
  const travelled = [0];
  let total = 0;
  let anchor = points[from]!;
  for (let i = from + 1; i <= to; i += 1) {
    const step = distanceM(anchor, points[i]!);
    if (step >= TRACK_RULES.stepM) {
      total += step;
      anchor = points[i]!;
    }
    travelled.push(total + (i === to ? distanceM(anchor, points[i]!) : 0));
  }
  return travelled;
}

const pathLengthM = (points: readonly TrackPoint[], from: number, to: number) =>
  cumulativeM(points, from, to).at(-1)!;

/** Sum of rises, ignoring wiggles under the hysteresis; null when most points have no altitude. */
function climbM(points: readonly TrackPoint[], from: number, to: number): number | null {
  let known = 0;
  let total = 0;
  // The last level retained: a rise or fall counts once it exceeds the hysteresis, so noise adds nothing.
  let level: number | null = null;
  for (let i = from; i <= to; i += 1) {
    const ele = points[i]!.ele;
    if (ele === null) continue;
    known += 1;
    if (level === null || level - ele >= TRACK_RULES.climbHysteresisM) level = ele;
    else if (ele - level >= TRACK_RULES.climbHysteresisM) {
      total += ele - level;
      level = ele;
    }
  }
  return known * 2 > to - from + 1 ? Math.round(total) : null;
}

/** Altitude at each whole kilometre of the ascent and at its end. */
function ascentProfile(points: readonly TrackPoint[], from: number, to: number): TrackAscent['profile'] {
  const profile: { km: number; altitude_m: number }[] = [];
  let travelled = 0;
  let nextKm = 0;
  for (let i = from; i <= to; i += 1) {
    if (i > from) travelled += distanceM(points[i - 1]!, points[i]!);
    const ele = points[i]!.ele;
    if (ele === null) continue;
    if (travelled / 1000 >= nextKm || i === to) {
      profile.push({ km: round1(travelled / 1000), altitude_m: Math.round(ele) });
      nextKm = Math.floor(travelled / 1000) + 1;
    }
  }
  return profile.length >= 2 ? profile : null;
}

interface AscentEvidence {
  readonly gaps: TrackProblem[];
  readonly speed: TrackProblem | null;
}

function inspectAscent(points: readonly TrackPoint[], ascent: FoundAscent, timed: boolean): AscentEvidence {
  const road = ascent.model.road;
  const gaps: TrackProblem[] = [];
  for (let i = ascent.start + 1; i <= ascent.summit; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const moved = distanceM(a, b);
    const seconds = timed ? (b.time! - a.time!) / 1000 : null;
    if (
      moved > TRACK_RULES.gapDistanceM ||
      (seconds !== null && seconds > TRACK_RULES.gapSeconds && moved > TRACK_RULES.gapMovedM)
    ) {
      gaps.push({
        code: 'time_gap',
        road,
        ...(timed ? { at: iso(a.time)! } : {}),
        seconds: seconds === null ? null : Math.round(seconds),
        distance_km: round1(moved / 1000),
      });
    }
  }
  if (!timed) return { gaps, speed: null };

  // The road's own length, not the track's: GPS jitter lengthens a track, never a road.
  const seconds = (points[ascent.summit]!.time! - points[ascent.start]!.time!) / 1000;
  const average = (roadById(road).lengthKm * 1000 * 3.6) / seconds;
  // A non-positive duration comes from times out of order, reported on its own.
  if (seconds > 0 && average > TRACK_RULES.maxAscentSpeedKmh) {
    const at = iso(points[ascent.start]!.time)!;
    return { gaps, speed: { code: 'implausible_speed', road, at, speed_kmh: Math.round(average) } };
  }
  // Any stretch of a few km at motor speed (two pointers over the cumulative distance).
  const travelled = cumulativeM(points, ascent.start, ascent.summit);
  let tail = 0;
  for (let head = 1; head < travelled.length; head += 1) {
    while (travelled[head]! - travelled[tail + 1]! >= TRACK_RULES.stretchM) tail += 1;
    const windowM = travelled[head]! - travelled[tail]!;
    if (windowM < TRACK_RULES.stretchM) continue;
    const windowSeconds = (points[ascent.start + head]!.time! - points[ascent.start + tail]!.time!) / 1000;
    const speed = (windowM / windowSeconds) * 3.6;
    if (windowSeconds > 0 && speed > TRACK_RULES.maxStretchSpeedKmh) {
      const at = iso(points[ascent.start + tail]!.time)!;
      return { gaps, speed: { code: 'implausible_speed', road, at, speed_kmh: Math.round(speed) } };
    }
  }
  return { gaps, speed: null };
}

interface Judged {
  readonly road: RoadId;
  /** Paris day of the whole ascent; null when it has no times or spans midnight. */
  readonly day: string | null;
  /** Evidence thin (gaps): it may count, but only a person can say. */
  readonly doubtful: boolean;
}

function countByRoad(ascents: readonly Judged[]): Map<RoadId, number> {
  const counts = new Map<RoadId, number>();
  for (const ascent of ascents) counts.set(ascent.road, (counts.get(ascent.road) ?? 0) + 1);
  return counts;
}

function satisfies(challenge: ChallengeId, ascents: readonly Judged[]): boolean {
  const needed = countByRoad(
    CHALLENGES.find((c) => c.id === challenge)!.ascents.map((road) => ({ road, day: null, doubtful: false })),
  );
  const have = countByRoad(ascents);
  return [...needed].every(([road, count]) => (have.get(road) ?? 0) >= count);
}

function judge(
  challenge: ChallengeId,
  ascents: readonly Judged[],
  timed: boolean,
): { verdict: Verdict; spread: boolean } {
  if (!timed)
    return { verdict: satisfies(challenge, ascents) ? 'needs_review' : 'incomplete', spread: false };
  const days = [...new Set(ascents.map((a) => a.day).filter((day) => day !== null))];
  let verdict: Verdict = 'incomplete';
  for (const day of days) {
    const ofDay = ascents.filter((a) => a.day === day);
    if (
      satisfies(
        challenge,
        ofDay.filter((a) => !a.doubtful),
      )
    )
      return { verdict: 'complete', spread: false };
    if (satisfies(challenge, ofDay)) verdict = 'needs_review';
  }
  return { verdict, spread: verdict === 'incomplete' && satisfies(challenge, ascents) };
}

function thin(points: readonly TrackPoint[]): [number, number][] {
  const step = Math.max(1, Math.ceil(points.length / TRACK_RULES.drawnPoints));
  const drawn: [number, number][] = [];
  const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
  for (let i = 0; i < points.length; i += step) drawn.push([round4(points[i]!.lat), round4(points[i]!.lon)]);
  const last = points.at(-1);
  if (last && (points.length - 1) % step !== 0) drawn.push([round4(last.lat), round4(last.lon)]);
  return drawn;
}

/** How close the track comes to the summit, in metres (real rides from elsewhere end up in this check). */
function nearestToSummitM(points: readonly TrackPoint[]): number {
  const summit = roadById('bedoin').landmarks.find((landmark) => landmark.id === 'summit')!;
  const at = { lat: summit.lat!, lon: summit.lon! };
  let nearest = Infinity;
  for (const point of points) nearest = Math.min(nearest, distanceM(point, at));
  return nearest;
}

/** Points timed earlier than the one before them, beyond the recorders' jitter. */
function backwardSteps(points: readonly TrackPoint[]): number {
  let backwards = 0;
  for (let i = 1; i < points.length; i += 1) {
    if (points[i]!.time! < points[i - 1]!.time! - TRACK_RULES.timeJitterMs) backwards += 1;
  }
  return backwards;
}

/** The calendar days the counted ascents start or end on, sorted. */
function countedDays(ascents: readonly TrackAscent[]): string[] {
  return [
    ...new Set(
      ascents
        .filter((a) => a.counted && a.start_time && a.summit_time)
        .flatMap((a) => [calendarDateOf(new Date(a.start_time!)), calendarDateOf(new Date(a.summit_time!))]),
    ),
  ].sort();
}

export function analyseTrack(format: TrackFormat, points: readonly TrackPoint[]): TrackAnalysis {
  const problems: TrackProblem[] = [];
  const timed = points.length > 0 && points.every((point) => point.time !== null);
  if (!timed) problems.push({ code: 'no_timestamps' });
  if (points.length < TRACK_RULES.minPoints) problems.push({ code: 'too_few_points', count: points.length });

  const backwards = timed ? backwardSteps(points) : 0;
  if (backwards > 0) problems.push({ code: 'not_monotonic_time', count: backwards });

  const visits = gateVisits(points);
  const found = findAscents(visits);
  const ascents: TrackAscent[] = [];
  const judged: Judged[] = [];
  for (const ascent of found) {
    const evidence = inspectAscent(points, ascent, timed);
    problems.push(...evidence.gaps);
    if (evidence.speed) problems.push(evidence.speed);
    const startTime = points[ascent.start]!.time;
    const summitTime = points[ascent.summit]!.time;
    ascents.push({
      road: ascent.model.road,
      start_time: iso(startTime),
      summit_time: iso(summitTime),
      duration_s: timed ? Math.round((summitTime! - startTime!) / 1000) : null,
      climb_m: climbM(points, ascent.start, ascent.summit),
      distance_km: round1(pathLengthM(points, ascent.start, ascent.summit) / 1000),
      counted: evidence.speed === null,
      profile: ascentProfile(points, ascent.start, ascent.summit),
    });
    if (evidence.speed) continue;
    const startDay = timed ? calendarDateOf(new Date(startTime!)) : null;
    const summitDay = timed ? calendarDateOf(new Date(summitTime!)) : null;
    judged.push({
      road: ascent.model.road,
      day: startDay === summitDay ? startDay : null,
      doubtful: evidence.gaps.length > 0,
    });
  }
  problems.push(...unfinishedClimbs(visits, found));
  if (visits.length === 0) {
    const nearest = nearestToSummitM(points);
    if (nearest > TRACK_RULES.farFromSummitM)
      problems.push({ code: 'far_from_ventoux', distance_km: Math.round(nearest / 1000) });
  }

  const verdict = {} as TrackAnalysis['verdict'];
  let spread = false;
  for (const challenge of CHALLENGES) {
    const result = judge(challenge.id, judged, timed);
    let value = result.verdict;
    // Unordered times or too few points: what looks complete is for a person to confirm.
    if (value === 'complete' && (backwards > 0 || points.length < TRACK_RULES.minPoints))
      value = 'needs_review';
    verdict[challenge.id] = value;
    spread ||= result.spread;
  }
  if (spread || judged.some((a) => timed && a.day === null)) {
    problems.push({ code: 'outside_day_window', days: countedDays(ascents) });
  }

  const first = points[0]?.time ?? null;
  const last = points.at(-1)?.time ?? null;
  return {
    format,
    points: points.length,
    timed,
    start: timed ? iso(first) : null,
    end: timed ? iso(last) : null,
    day: timed ? (rideDay(judged) ?? calendarDateOf(new Date(first!))) : null,
    ascents,
    verdict,
    missing: missingAscents({ timed, ascents }),
    problems,
    flags: plausibilityFlags(
      points,
      timed,
      found.map((ascent) => ({ road: ascent.model.road, start: ascent.start, end: ascent.summit })),
    ),
    track: thin(points),
  };
}

/** The day with the most counted ascents (the day of the challenge), else null. */
function rideDay(judged: readonly Judged[]): string | null {
  const counts = new Map<string, number>();
  for (const ascent of judged) if (ascent.day) counts.set(ascent.day, (counts.get(ascent.day) ?? 0) + 1);
  let best: string | null = null;
  for (const [day, count] of counts) if (best === null || count > counts.get(best)!) best = day;
  return best;
}
