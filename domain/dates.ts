/**
 * Calendar dates ('YYYY-MM-DD' strings, as the API carries them) and the arithmetic the club needs: ages,
 * working days for postal delivery, the summer heat period, display.
 *
 * Dates are plain strings rather than Date objects so that no time zone can shift a birthday or a delivery date;
 * arithmetic goes through UTC midnight, where every day has 24 hours. Valid dates compare correctly as strings.
 */
import { CLUB_FACTS } from './ventoux.ts';

/** A 'YYYY-MM-DD' string; validate with isValidCalendarDate before trusting one. */
export type CalendarDate = string;

/** The club's time zone: "today" and the day of an order are days in Provence. */
export const CLUB_TIME_ZONE = 'Europe/Paris';

const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Legacy rows hold the Unix epoch where the date was unknown; it is never a real date in this domain. */
const EPOCH_PLACEHOLDER = '1970-01-01';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parts(value: unknown): { year: number; month: number; day: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = CALENDAR_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

function requireParts(value: CalendarDate): { year: number; month: number; day: number } {
  const result = parts(value);
  if (!result) throw new RangeError(`Not a calendar date: ${String(value)}`);
  return result;
}

/**
 * The date when it is a real one: an existing day, and not the legacy 1970-01-01 written where the date was
 * unknown; otherwise null. Birth dates go through it before they are shown or copied into a form.
 */
export function knownDate(value: string | null | undefined): CalendarDate | null {
  return isValidCalendarDate(value) && value !== EPOCH_PLACEHOLDER ? value : null;
}

/** True for an existing day written 'YYYY-MM-DD' (so '2023-02-29' is false). */
export function isValidCalendarDate(value: unknown): value is CalendarDate {
  return parts(value) !== undefined;
}

function toUtcMs(date: CalendarDate): number {
  const { year, month, day } = requireParts(date);
  const instant = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  instant.setUTCFullYear(year, month - 1, day);
  return instant.getTime();
}

function fromUtcMs(ms: number): CalendarDate {
  const instant = new Date(ms);
  const year = String(instant.getUTCFullYear()).padStart(4, '0');
  const month = String(instant.getUTCMonth() + 1).padStart(2, '0');
  const day = String(instant.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** The calendar day of an instant in a time zone (the club's by default). */
export function calendarDateOf(instant: Date, timeZone: string = CLUB_TIME_ZONE): CalendarDate {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The instant a calendar day begins in a time zone (the club's by default). */
export function startOfDay(date: CalendarDate, timeZone: string = CLUB_TIME_ZONE): Date {
  const utcMidnight = toUtcMs(date);
  // The zone's offset at that moment, e.g. "GMT+02:00"; no zone changes its clocks at midnight.
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(utcMidnight))
    .find((part) => part.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset);
  const offsetMs = match
    ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000
    : 0;
  return new Date(utcMidnight - offsetMs);
}

/** Today in the club's time zone. */
export function today(now: Date = new Date()): CalendarDate {
  return calendarDateOf(now);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: CalendarDate): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

export function isWorkingDay(date: CalendarDate): boolean {
  const day = dayOfWeek(date);
  return day !== 0 && day !== 6;
}

/**
 * The date `n` working days (Monday to Friday) after `date` (before it when n is negative); weekends are skipped,
 * public holidays are not known here. From a Friday or a Saturday, one working day later is the Monday.
 */
export function addWorkingDays(date: CalendarDate, n: number): CalendarDate {
  if (!Number.isInteger(n)) throw new RangeError(`Not a whole number of days: ${n}`);
  const step = n < 0 ? -1 : 1;
  let current = date;
  requireParts(current);
  for (let remaining = Math.abs(n); remaining > 0;) {
    current = addDays(current, step);
    if (isWorkingDay(current)) remaining -= 1;
  }
  return current;
}

/** The first desired delivery date postal delivery can meet when the order is placed on `today`. */
export function earliestPostalDate(today: CalendarDate, workingDays = 10): CalendarDate {
  return addWorkingDays(today, workingDays);
}

/**
 * Whether `date` falls in the heat warning's period (month-day, both ends inclusive, in any year): the club's
 * setting `heat_warning` (decision 0053), 15 June to 15 August unless changed.
 */
export function isInHeatPeriod(
  date: CalendarDate,
  period: { from: string; to: string } = CLUB_FACTS.heatWarning,
): boolean {
  const monthDay = date.slice(5);
  const { from, to } = period;
  return isValidCalendarDate(date) && monthDay >= from && monthDay <= to;
}

/**
 * Age in whole years on `onDate`. Someone born on 29 February turns a year older on 1 March in common years,
 * as French and British law count it.
 */
export function ageOn(birthDate: CalendarDate, onDate: CalendarDate): number {
  const birth = requireParts(birthDate);
  const on = requireParts(onDate);
  const birthdayNotYetReached = on.month < birth.month || (on.month === birth.month && on.day < birth.day);
  return on.year - birth.year - (birthdayNotYetReached ? 1 : 0);
}

/**
 * DD/MM/YYYY for display; '-' when there is no real date (missing, invalid, or the legacy 1970-01-01). An ISO
 * timestamp is shown as its day in the club's time zone.
 */
export function formatDisplayDate(value: string | null | undefined): string {
  if (typeof value !== 'string') return '-';
  let date: string = value;
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) return '-';
    date = calendarDateOf(instant);
  }
  const valid = parts(date);
  if (!valid || date === EPOCH_PLACEHOLDER) return '-';
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}
