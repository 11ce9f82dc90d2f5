/** The analysis of a GPS track (`POST /api/track-checks`, `GET /api/candidates/{id}/track`). */
import { z } from './zod.ts';
import { type MissingAscents, missingAscents } from '../track/missing.ts';
import { ROAD_IDS, type RoadId } from '../ventoux.ts';

export const TRACK_FORMATS = ['gpx', 'tcx', 'fit'] as const;
export type TrackFormat = (typeof TRACK_FORMATS)[number];

export const VERDICTS = ['complete', 'incomplete', 'needs_review'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const PROBLEM_CODES = [
  'no_timestamps',
  'outside_day_window',
  'implausible_speed',
  'time_gap',
  'not_monotonic_time',
  'too_few_points',
  'summit_not_reached',
  'far_from_ventoux',
] as const;

export const roadIdSchema = z.enum(ROAD_IDS as readonly RoadId[] as [RoadId, ...RoadId[]]);
const roadId = roadIdSchema;
const instant = z.string().nullable();

export const trackProblemSchema = z.object({
  code: z.enum(PROBLEM_CODES),
  /** The road concerned, when the problem belongs to one ascent or climb. */
  road: roadId.optional(),
  /** When it happened (ISO instant), for gaps and speeds. */
  at: z.string().optional(),
  /** Length of a gap, in seconds (null when the file has no times). */
  seconds: z.number().nullable().optional(),
  /** Distance covered during a gap, or the highest gate of a climb that turned back. */
  distance_km: z.number().optional(),
  reached: z.string().optional(),
  /** Speed that cannot be a rider's, km/h. */
  speed_kmh: z.number().optional(),
  /** The days (Europe/Paris) the ascents fall on, for `outside_day_window`. */
  days: z.array(z.string()).optional(),
  count: z.number().int().optional(),
});
export type TrackProblem = z.infer<typeof trackProblemSchema>;

/**
 * Plausibility flags: unlike problems they never change a verdict, they ask a person to look
 * (docs/decisions/0038-plausibility-flags.md). `duplicate_track` is found only between attached rides.
 */
export const FLAG_CODES = ['synthetic_timing', 'duplicate_track'] as const;

/** What gave a generated timing away: a speed deaf to the gradient, or steps no receiver writes. */
export const SYNTHETIC_TIMING_BASES = ['speed_ignores_gradient', 'uniform_steps'] as const;

export const trackFlagSchema = z.object({
  code: z.enum(FLAG_CODES),
  /** The road, when the flag points at a stretch of one of its ascents. */
  road: roadId.optional(),
  /** When (ISO instant) and where (km from the start of the file) the telling stretch begins. */
  at: z.string().optional(),
  km: z.number().optional(),
  /** `synthetic_timing`: why, and the figures a person can check. */
  basis: z.enum(SYNTHETIC_TIMING_BASES).optional(),
  /** Mean gradient (%) and speed (km/h) of the steepest and of the gentlest third of the climbing. */
  steep_percent: z.number().optional(),
  steep_kmh: z.number().optional(),
  gentle_percent: z.number().optional(),
  gentle_kmh: z.number().optional(),
  /** Share (%) of the file's steps at exactly the speed of the step before (`uniform_steps`). */
  uniform_percent: z.number().optional(),
  /** `duplicate_track`: the other registration's reference (e.g. `00000012-01`), when the reader may see it. */
  reference: z.string().optional(),
});
export type TrackFlag = z.infer<typeof trackFlagSchema>;

export const trackAscentSchema = z.object({
  road: roadId,
  start_time: instant,
  summit_time: instant,
  duration_s: z.number().int().nullable(),
  climb_m: z.number().int().nullable(),
  distance_km: z.number(),
  /** Counted towards the verdicts: false for a climb at a speed no rider reaches. */
  counted: z.boolean(),
  /** Altitude every kilometre of the ascent, when the file has altitudes (for the profile drawing). */
  profile: z.array(z.object({ km: z.number(), altitude_m: z.number() })).nullable(),
});
export type TrackAscent = z.infer<typeof trackAscentSchema>;

export const trackAnalysisSchema = z.object({
  format: z.enum(TRACK_FORMATS),
  points: z.number().int(),
  timed: z.boolean(),
  start: instant,
  end: instant,
  /** The ride's day in Europe/Paris (YYYY-MM-DD), null without times. */
  day: z.string().nullable(),
  ascents: z.array(trackAscentSchema),
  verdict: z.object({
    cingle: z.enum(VERDICTS),
    galerien: z.enum(VERDICTS),
    bicingle: z.enum(VERDICTS),
  }),
  /**
   * The roads each challenge still lacks, in the challenge's order (domain/track/missing.ts); empty when its
   * verdict is complete or needs review. Worked out from the ascents whenever an analysis is answered.
   */
  missing: z.object({
    cingle: z.array(roadId),
    galerien: z.array(roadId),
    bicingle: z.array(roadId),
  }) satisfies z.ZodType<MissingAscents>,
  problems: z.array(trackProblemSchema),
  /** Never a verdict's cause: what a person should look at. Analyses stored before the flags read as none. */
  flags: z.array(trackFlagSchema).default([]),
  /** The track thinned to a few hundred [lat, lon] pairs, rounded to about 10 m, to draw it. */
  track: z.array(z.tuple([z.number(), z.number()])),
});
export type TrackAnalysis = z.infer<typeof trackAnalysisSchema>;
/**
 * An analysis as stored: one stored before the flags existed has none, and what is missing is worked out again
 * when it is read (read it with `withFlags`).
 */
export type StoredTrackAnalysis = Omit<z.input<typeof trackAnalysisSchema>, 'missing'> & {
  missing?: MissingAscents;
};

/**
 * A stored analysis as answered: its own flags (none before they existed), then the ones found since, and what
 * each challenge still lacks.
 */
export const withFlags = (analysis: StoredTrackAnalysis, more: readonly TrackFlag[] = []): TrackAnalysis => ({
  ...analysis,
  missing: missingAscents(analysis),
  flags: [...(analysis.flags ?? []), ...more],
});
