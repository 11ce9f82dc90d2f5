/**
 * What the server makes of one stamp sent from the phone (issue 43, decision 0049): refused with a code, or
 * accepted, perhaps with flags that ask a person to look. The phone checks the distance too; the server trusts
 * nothing it is sent and checks everything again.
 */
import { type CalendarDate, calendarDateOf } from '../dates.ts';
import type { ChallengeId, RoadId } from '../ventoux.ts';
import { type ControlId, controlById, distanceToControlM, isControlId } from './controls.ts';
import { type SequenceStamp, routeCardProgress } from './sequence.ts';

export const STAMP_REFUSALS = [
  /** The registration cannot be stamped: its kit has not gone out, or it is decided (or withdrawn). */
  'not_open',
  'unknown_control',
  /** Later than the server's clock by more than FUTURE_TOLERANCE_MS. */
  'future',
  /** Not the club's day (Paris) of the stamps already accepted. */
  'wrong_day',
  /** Farther from the control than its radius. */
  'too_far',
] as const;
export type StampRefusal = (typeof STAMP_REFUSALS)[number];

export const STAMP_FLAGS = [
  /** No position (denied, no fix): the rider's word, for the president to judge. */
  'no_position',
  /** The position's accuracy is worse than INACCURATE_BEYOND_M. */
  'inaccurate',
  /** Foot to summit faster than the road's floor (ASCENT_FLOOR_S). */
  'implausible_time',
  /** Sent more than LATE_UPLOAD_AFTER_MS after it was taken. */
  'late_upload',
] as const;
export type StampFlag = (typeof STAMP_FLAGS)[number];

/** A phone's clock may run a little ahead of the server's. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** A phone's fix is within tens of metres outdoors; beyond this, the position says little about the control. */
export const INACCURATE_BEYOND_M = 100;
/** A phone without signal for a week is unusual; a stamp sent later is worth a look. */
export const LATE_UPLOAD_AFTER_MS = 7 * 86_400_000;

/**
 * The fastest foot-to-summit a person may believe, per road, in seconds. A floor, not a record: the foot and the
 * summit stamps may each be taken up to a radius inside the climb (about 1 km of 21), so each floor sits well under
 * the fastest ascent known.
 */
export const ASCENT_FLOOR_S: Readonly<Record<RoadId, number>> = {
  // Sourced record: Iban Mayo, 55 min 51 s from Bédoin, Critérium du Dauphiné 2004 time trial (Cyclingnews,
  // 11 June 2004). The Tour de France 2025 (stage 16) press timed Pogačar and Vingegaard at about 54 min 30 s,
  // unofficially. Floor: 45 min, about 17 % under the faster of the two.
  bedoin: 45 * 60,
  // No published record found. Our figures give it 21.2 km and 1,580 m of gain, Bédoin's within 3 %, and it is
  // steeper where it climbs: no faster than Bédoin. The same conservative floor.
  malaucene: 45 * 60,
  // No published record found. 25.8 km and 1,210 m of gain, the gentlest road: a floor of 40 min means 38.7 km/h
  // uphill on average, where Mayo's record ascent of Bédoin averaged 23.2 km/h (Cyclingnews). Derived, conservative.
  sault: 40 * 60,
  // No record: the forest road has Bédoin's foot and gain over a longer way (about 23 km), so Bédoin's floor.
  forest: 45 * 60,
};

/** A stamp as sent: the position may be missing (no fix, or the rider refused it). */
export interface SentStamp {
  readonly control: string;
  readonly at: Date;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly accuracyM: number | null;
}

export interface StampContext {
  readonly challenge: ChallengeId;
  /** Whether the registration may be stamped now (STAMPABLE_STATUSES, domain/evidence.ts). */
  readonly open: boolean;
  /** The registration's stamps accepted so far. */
  readonly accepted: readonly SequenceStamp[];
  /** The card's day (`cardDay`); without one, the day of the first accepted stamp. */
  readonly day?: CalendarDate | null;
  /** The server's clock when the stamp arrives. */
  readonly now: Date;
}

export type StampJudgement =
  | { readonly status: 'refused'; readonly code: StampRefusal; readonly distanceM?: number }
  | { readonly status: 'accepted'; readonly control: ControlId; readonly flags: readonly StampFlag[] };

function refusal(stamp: SentStamp, context: StampContext): StampJudgement | null {
  if (!context.open) return { status: 'refused', code: 'not_open' };
  if (!isControlId(stamp.control)) return { status: 'refused', code: 'unknown_control' };
  if (stamp.at.getTime() - context.now.getTime() > FUTURE_TOLERANCE_MS)
    return { status: 'refused', code: 'future' };
  const day = context.day ?? (context.accepted[0] && calendarDateOf(context.accepted[0].at));
  if (day && calendarDateOf(stamp.at) !== day) return { status: 'refused', code: 'wrong_day' };
  if (stamp.lat !== null && stamp.lon !== null) {
    const distanceM = distanceToControlM(stamp.control, { lat: stamp.lat, lon: stamp.lon });
    if (distanceM > controlById(stamp.control).radiusM)
      return { status: 'refused', code: 'too_far', distanceM };
  }
  return null;
}

/**
 * The club's day (Paris) the card is stamped on: its accepted stamps', else the day most of the stamps sent now
 * share (the later on a tie), so that one stray stamp of another day does not claim the card.
 */
export function cardDay(accepted: readonly SequenceStamp[], sent: readonly Date[]): CalendarDate | null {
  if (accepted[0]) return calendarDateOf(accepted[0].at);
  const counts = new Map<CalendarDate, number>();
  for (const at of sent) counts.set(calendarDateOf(at), (counts.get(calendarDateOf(at)) ?? 0) + 1);
  let best: [CalendarDate, number] | null = null;
  for (const entry of counts) {
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] > best[0])) best = entry;
  }
  return best?.[0] ?? null;
}

/** Whether this stamp closes an ascent faster than its road's floor. */
function tooFast(stamp: SequenceStamp, context: StampContext): boolean {
  const { ascents } = routeCardProgress(context.challenge, [...context.accepted, stamp]);
  const closed = ascents.find((ascent) => ascent.summit === stamp);
  if (!closed) return false;
  return (closed.summit.at.getTime() - closed.foot.at.getTime()) / 1000 < ASCENT_FLOOR_S[closed.road];
}

/** Refused (the first rule that fails, in STAMP_REFUSALS' order) or accepted with its flags. */
export function judgeStamp(stamp: SentStamp, context: StampContext): StampJudgement {
  const refused = refusal(stamp, context);
  if (refused) return refused;
  const control = stamp.control as ControlId;
  const flags: StampFlag[] = [];
  if (stamp.lat === null || stamp.lon === null) flags.push('no_position');
  else if (stamp.accuracyM !== null && stamp.accuracyM > INACCURATE_BEYOND_M) flags.push('inaccurate');
  if (tooFast({ control, at: stamp.at }, context)) flags.push('implausible_time');
  if (context.now.getTime() - stamp.at.getTime() > LATE_UPLOAD_AFTER_MS) flags.push('late_upload');
  return { status: 'accepted', control, flags };
}
