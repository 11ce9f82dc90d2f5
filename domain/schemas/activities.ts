/** Requests and answers of the activity-service API (`/api/strava/...`). */
import { z } from './zod.ts';
import { isValidCalendarDate } from '../dates.ts';
import { spanDays } from '../activity-days.ts';

/** An activity id at the service: digits (Strava's are 64-bit integers, kept as text). */
export const activityIdField = () =>
  z
    .union([z.string(), z.number().int().nonnegative()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,20}$/, 'validation:activity_id_invalid'));

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
