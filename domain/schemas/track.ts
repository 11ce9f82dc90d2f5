/** The analysis of a GPS track (`POST /api/track-checks`, `GET /api/candidates/{id}/track`). */
import { z } from './zod.ts';
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

const roadId = z.enum(ROAD_IDS as readonly RoadId[] as [RoadId, ...RoadId[]]);
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
  problems: z.array(trackProblemSchema),
  /** The track thinned to a few hundred [lat, lon] pairs, rounded to about 10 m, to draw it. */
  track: z.array(z.tuple([z.number(), z.number()])),
});
export type TrackAnalysis = z.infer<typeof trackAnalysisSchema>;
