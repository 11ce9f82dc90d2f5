/**
 * Which days a rider's rides are looked for at an activity service: a chosen span of at most a month, by default
 * the day of the registration's ride when the club knows it, else the last two weeks.
 */
import { type CalendarDate, addDays, startOfDay, today } from './dates.ts';

export const ACTIVITY_DAYS = {
  /** Without a known day of the ride. */
  defaultSpan: 14,
  /** The longest span asked at once (one page of the service's list). */
  maxSpan: 31,
} as const;

export interface DaySpan {
  after: CalendarDate;
  before: CalendarDate;
}

export function defaultDaySpan(rideDay: CalendarDate | null, now: Date = new Date()): DaySpan {
  if (rideDay) return { after: rideDay, before: rideDay };
  const last = today(now);
  return { after: addDays(last, 1 - ACTIVITY_DAYS.defaultSpan), before: last };
}

/** Both days included; null when `before` comes first or the span is longer than allowed. */
export function spanDays({ after, before }: DaySpan): number | null {
  const days = Math.round((Date.parse(before) - Date.parse(after)) / 86_400_000) + 1;
  return days >= 1 && days <= ACTIVITY_DAYS.maxSpan ? days : null;
}

/** The instants bounding the span in the club's time zone: from the first day's start to the last day's end. */
export function spanInstants({ after, before }: DaySpan): { after: Date; before: Date } {
  return { after: startOfDay(after), before: startOfDay(addDays(before, 1)) };
}
