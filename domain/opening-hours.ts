/**
 * Opening hours of the pick-up points as data (ISO weekdays 1 = Monday ... 7 = Sunday, and periods), written
 * out in the reader's language with Intl: "Mon–Sat 09:00–12:30, 14:00–18:00".
 */
import { z } from './schemas/zod.ts';

export const openingHoursSchema = z.object({
  days: z.array(z.number().int().min(1).max(7)).min(1),
  periods: z.array(z.tuple([z.string().regex(/^\d{2}:\d{2}$/), z.string().regex(/^\d{2}:\d{2}$/)])).min(1),
});

export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** 2024-01-01 was a Monday: ISO weekday n is that date plus n - 1 days. */
function weekdayName(isoDay: number, localeTag: string): string {
  const date = new Date(Date.UTC(2024, 0, isoDay));
  return new Intl.DateTimeFormat(localeTag, { weekday: 'short', timeZone: 'UTC' }).format(date);
}

/** Consecutive days collapse into ranges: [1,2,3,4,5,6] -> Mon–Sat; [1,3] -> Mon, Wed. */
export function formatOpeningHours(hours: OpeningHours, localeTag: string): string {
  const days = [...new Set(hours.days)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const day of days) {
    const last = ranges.at(-1);
    if (last && day === last[1] + 1) last[1] = day;
    else ranges.push([day, day]);
  }
  const dayText = ranges
    .map(([from, to]) =>
      from === to
        ? weekdayName(from, localeTag)
        : `${weekdayName(from, localeTag)}–${weekdayName(to, localeTag)}`,
    )
    .join(', ');
  const periodText = hours.periods.map(([open, close]) => `${open}–${close}`).join(', ');
  return `${dayText} ${periodText}`;
}
