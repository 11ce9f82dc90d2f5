/** Requests and answers of the activity-service API (`/api/strava/...`). */
import { z } from './zod.ts';
import { isValidCalendarDate } from '../dates.ts';
import { spanDays } from '../activity-days.ts';
import type { ActivityProvider } from '../activity-providers.ts';

/**
 * An activity id at each service: digits at Strava (64-bit integers, kept as text) and Ride with GPS (a trip's
 * id), digits after an `i` at intervals.icu (`i12345678`).
 */
const ACTIVITY_ID_PATTERNS: Record<ActivityProvider, RegExp> = {
  strava: /^\d{1,20}$/,
  ridewithgps: /^\d{1,20}$/,
  intervals: /^i?\d{1,20}$/,
};

export const activityIdField = (provider: ActivityProvider = 'strava') =>
  z
    .union([z.string(), z.number().int().nonnegative()])
    .transform(String)
    .pipe(z.string().regex(ACTIVITY_ID_PATTERNS[provider], 'validation:activity_id_invalid'));

const dayField = () =>
  z
    .string()
    .refine((value) => isValidCalendarDate(value), 'validation:date_invalid')
    .optional();

/** `after` and `before`, both days included; both or neither. */
export const activityDaysQuery = z
  .object({ after: dayField(), before: dayField() })
  .superRefine((value, ctx) => {
    if ((value.after === undefined) !== (value.before === undefined)) {
      const missing = value.after === undefined ? 'after' : 'before';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'validation:date_invalid' });
      return;
    }
    if (value.after && value.before && spanDays({ after: value.after, before: value.before }) === null)
      ctx.addIssue({ code: 'custom', path: ['before'], message: 'validation:activity_span' });
  });

export const activitySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  start: z.string(),
  distance_km: z.number(),
  climb_m: z.number(),
});
