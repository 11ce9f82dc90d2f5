/**
 * A request schema whose rules depend on today's date (ages on the day of the order, delivery dates): the
 * shared schema is built for the day the request arrives, not for the day the server started.
 */
import { z } from '../../domain/schemas/zod.ts';
import { type CalendarDate, today } from '../../domain/dates.ts';

export function validatedForToday<T>(factory: (date: CalendarDate) => z.ZodType<T>) {
  return z.unknown().transform((value, ctx): T => {
    const result = factory(today()).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
}
