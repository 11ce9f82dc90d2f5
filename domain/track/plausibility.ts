/**
 * Plausibility of a ride's timing: was it recorded by a receiver on a bicycle, or written by a route-to-track
 * generator? Pure; called by `analyseTrack`. The flags never change a verdict, they ask a person to look.
 * Thresholds and how they were calibrated: docs/decisions/0038-plausibility-flags.md.
 *
 * Two tells, each enough:
 * - the speed ignores the gradient: on a recorded climb the steepest parts are ridden markedly slower than the
 *   gentle ones (the power a rider holds goes into lifting), while a generator keeps one speed;
 * - the steps are uniform: nearly every step between fixes is at exactly the speed of the one before, which no
 *   receiver writes (its positions wander by a metre or two from fix to fix).
 */
import type { RoadId } from '../ventoux.ts';
import type { TrackFlag } from '../schemas/track.ts';
import { distanceM } from './geo.ts';
import type { TrackPoint } from './analyse.ts';

export const PLAUSIBILITY_RULES = {
  /** The ride is cut into stretches of this length to compare speed and gradient. */
  stretchM: 500,
  /** Moves shorter than this are receiver jitter when measuring a stretch (as the check's distances). */
  stepM: 25,
  /** A stretch at least this steep (%) is climbing. */
  climbingPercent: 2,
  /** A stretch with a fix-to-fix interval longer than this holds a stop: its speed says nothing. */
  stopS: 30,
  /** A stretch slower than this is walked or stood on. */
  minStretchKmh: 4,
  /** Climbing needed before judging: this many stretches (6 km), so a few hills prove nothing either way. */
  minClimbingStretches: 12,
  /** The steepest third must be this much steeper (%-points) than the gentlest third to expect a slowdown. */
  minGradientSpreadPercent: 2,
  /** Flag when the steepest third is ridden at least this fraction of the gentlest third's speed. */
  maxSteepToGentleSpeed: 0.85,
  /** Two successive steps at the same speed within this fraction are uniform. */
  uniformTolerance: 0.002,
  /** Steps shorter than this are not judged for uniformity (a stop, jitter). */
  uniformMinStepM: 2,
  /** Steps needed before judging uniformity, and the share of uniform ones that flags the file. */
  uniformMinSteps: 200,
  uniformShare: 0.5,
} as const;

/** The part of the file that is an ascent of a road (point indices, inclusive). */
export interface AscentSpan {
  readonly road: RoadId;
  readonly start: number;
  readonly end: number;
}

interface Stretch {
  readonly start: number;
  readonly km: number;
  readonly gradient: number;
  readonly metres: number;
  readonly seconds: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Slope of altitude over distance (least squares), so that the altitude's noise averages out. */
function slope(distances: readonly number[], altitudes: readonly number[]): number | null {
  const n = distances.length;
  if (n < 3) return null;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i += 1) {
    sx += distances[i]!;
    sy += altitudes[i]!;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = distances[i]! - mx;
    sxy += dx * (altitudes[i]! - my);
    sxx += dx * dx;
  }
  return sxx === 0 ? null : sxy / sxx;
}

/** The moving stretches of the file with a known gradient, in order. */
function stretchesOf(points: readonly TrackPoint[]): Stretch[] {
  const rules = PLAUSIBILITY_RULES;
  const stretches: Stretch[] = [];
  let travelled = 0;
  let anchor = points[0]!;
  let start = 0;
  let startM = 0;
  let stopped = false;
  let distances: number[] = [];
  let altitudes: number[] = [];
  for (let i = 0; i < points.length; i += 1) {
    const point = points[i]!;
    if (i > 0) {
      const step = distanceM(anchor, point);
      if (step >= rules.stepM) {
        travelled += step;
        anchor = point;
      }
      if (point.time! - points[i - 1]!.time! > rules.stopS * 1000) stopped = true;
    }
    if (point.ele !== null) {
      distances.push(travelled);
      altitudes.push(point.ele);
    }
    const metres = travelled - startM;
    if (metres < rules.stretchM) continue;
    const seconds = (point.time! - points[start]!.time!) / 1000;
    const gradient = slope(distances, altitudes);
    // Half the fixes with an altitude, or the slope is a guess.
    if (!stopped && gradient !== null && distances.length * 2 > i - start && seconds > 0) {
      stretches.push({ start, km: startM / 1000, gradient: gradient * 100, metres, seconds });
    }
    start = i;
    startM = travelled;
    stopped = false;
    distances = point.ele === null ? [] : [travelled];
    altitudes = point.ele === null ? [] : [point.ele];
  }
  return stretches;
}

const speedKmh = (stretches: readonly Stretch[]) =>
  (stretches.reduce((sum, s) => sum + s.metres, 0) / stretches.reduce((sum, s) => sum + s.seconds, 0)) * 3.6;
const meanGradient = (stretches: readonly Stretch[]) =>
  stretches.reduce((sum, s) => sum + s.gradient * s.metres, 0) /
  stretches.reduce((sum, s) => sum + s.metres, 0);

/** How the climbing was ridden: the steepest and the gentlest third of the climbing stretches, compared. */
export interface GradientEvidence {
  readonly stretches: number;
  readonly steepPercent: number;
  readonly steepKmh: number;
  readonly gentlePercent: number;
  readonly gentleKmh: number;
  /** Where the steepest stretch begins (point index, km from the start). */
  readonly steepestIndex: number;
  readonly steepestKm: number;
}

/** The step-to-step speeds: how many steps were judged, and how many kept the speed of the one before. */
export interface StepEvidence {
  readonly steps: number;
  readonly uniform: number;
}

/** Null when there is too little climbing (or too little change of gradient) to expect any slowdown. */
export function gradientEvidence(points: readonly TrackPoint[]): GradientEvidence | null {
  const rules = PLAUSIBILITY_RULES;
  const climbing = stretchesOf(points).filter(
    (s) => s.gradient >= rules.climbingPercent && (s.metres / s.seconds) * 3.6 >= rules.minStretchKmh,
  );
  if (climbing.length < rules.minClimbingStretches) return null;
  const byGradient = [...climbing].sort((a, b) => a.gradient - b.gradient);
  const third = Math.floor(byGradient.length / 3);
  const gentle = byGradient.slice(0, third);
  const steep = byGradient.slice(-third);
  const steepPercent = meanGradient(steep);
  const gentlePercent = meanGradient(gentle);
  if (steepPercent - gentlePercent < rules.minGradientSpreadPercent) return null;
  const steepest = byGradient.at(-1)!;
  return {
    stretches: climbing.length,
    steepPercent,
    steepKmh: speedKmh(steep),
    gentlePercent,
    gentleKmh: speedKmh(gentle),
    steepestIndex: steepest.start,
    steepestKm: steepest.km,
  };
}

export function stepEvidence(points: readonly TrackPoint[]): StepEvidence {
  const rules = PLAUSIBILITY_RULES;
  let steps = 0;
  let uniform = 0;
  let previous: number | null = null;
  for (let i = 1; i < points.length; i += 1) {
    const seconds = (points[i]!.time! - points[i - 1]!.time!) / 1000;
    const metres = distanceM(points[i - 1]!, points[i]!);
    if (seconds <= 0 || metres < rules.uniformMinStepM) {
      previous = null;
      continue;
    }
    const speed = metres / seconds;
    if (previous !== null) {
      steps += 1;
      if (Math.abs(speed - previous) <= rules.uniformTolerance * previous) uniform += 1;
    }
    previous = speed;
  }
  return { steps, uniform };
}

/** The climbing ridden as fast on its steepest third as on its gentlest: a generator's constant speed. */
function speedIgnoringGradient(
  points: readonly TrackPoint[],
  ascents: readonly AscentSpan[],
): TrackFlag | null {
  const evidence = gradientEvidence(points);
  if (!evidence || evidence.steepKmh < evidence.gentleKmh * PLAUSIBILITY_RULES.maxSteepToGentleSpeed)
    return null;
  // Where to look: the steepest stretch, where a rider would have been slowest.
  const road = ascents.find(
    (a) => evidence.steepestIndex >= a.start && evidence.steepestIndex <= a.end,
  )?.road;
  return {
    code: 'synthetic_timing',
    basis: 'speed_ignores_gradient',
    ...(road ? { road } : {}),
    at: new Date(points[evidence.steepestIndex]!.time!).toISOString(),
    km: round1(evidence.steepestKm),
    steep_percent: round1(evidence.steepPercent),
    steep_kmh: round1(evidence.steepKmh),
    gentle_percent: round1(evidence.gentlePercent),
    gentle_kmh: round1(evidence.gentleKmh),
  };
}

/** Nearly every step at the speed of the one before: positions computed, not measured. */
function uniformSteps(points: readonly TrackPoint[]): TrackFlag | null {
  const { steps, uniform } = stepEvidence(points);
  if (steps < PLAUSIBILITY_RULES.uniformMinSteps || uniform < steps * PLAUSIBILITY_RULES.uniformShare)
    return null;
  return {
    code: 'synthetic_timing',
    basis: 'uniform_steps',
    // The whole file, not a stretch of it: no place to point at.
    uniform_percent: Math.round((uniform / steps) * 100),
  };
}

/**
 * The flags of a timed file (an untimed one, a planned route, has no timing to judge and already gets
 * `no_timestamps`). At most one `synthetic_timing`: the gradient's, which says where, before the steps'.
 */
export function plausibilityFlags(
  points: readonly TrackPoint[],
  timed: boolean,
  ascents: readonly AscentSpan[],
): TrackFlag[] {
  if (!timed || points.length < 2) return [];
  const synthetic = speedIgnoringGradient(points, ascents) ?? uniformSteps(points);
  return synthetic ? [synthetic] : [];
}
