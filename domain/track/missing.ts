/**
 * What a ride still lacks for each challenge: the roads whose ascents are not there, in the order the challenge
 * lists them (a road the Bicinglé wants twice may be missing once or twice). Read from an analysis, stored or
 * new, so that a ride attached before this existed says it too.
 *
 * It follows the verdicts of `analyse.ts`: only counted ascents count (not one at a motor vehicle's speed), they
 * must start and reach the summit on one day (Paris), and each challenge is measured on its best day; a file
 * without times is one group. A doubtful ascent (a recording gap) is not missing: it is for a person to judge.
 * Empty for a challenge whose verdict is complete or needs review.
 */
import { calendarDateOf } from '../dates.ts';
import { CHALLENGES, type ChallengeId, type RoadId } from '../ventoux.ts';

export type MissingAscents = Record<ChallengeId, RoadId[]>;

interface AscentSeen {
  readonly road: RoadId;
  readonly counted: boolean;
  readonly start_time: string | null;
  readonly summit_time: string | null;
}

const dayOf = (instant: string) => calendarDateOf(new Date(instant));

/** The counted ascents grouped as the verdicts group them: by day with times, all together without. */
function groups(timed: boolean, ascents: readonly AscentSeen[]): RoadId[][] {
  const counted = ascents.filter((ascent) => ascent.counted);
  if (!timed) return [counted.map((ascent) => ascent.road)];
  const byDay = new Map<string, RoadId[]>();
  for (const ascent of counted) {
    if (!ascent.start_time || !ascent.summit_time) continue;
    const day = dayOf(ascent.start_time);
    // An ascent over midnight belongs to no day (the report says so apart).
    if (day !== dayOf(ascent.summit_time)) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), ascent.road]);
  }
  return byDay.size === 0 ? [[]] : [...byDay.values()];
}

/** The challenge's ascents that `roads` does not cover, in the challenge's order. */
function lacking(wanted: readonly RoadId[], roads: readonly RoadId[]): RoadId[] {
  const left = [...roads];
  return wanted.filter((road) => {
    const at = left.indexOf(road);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}

export function missingAscents(analysis: {
  readonly timed: boolean;
  readonly ascents: readonly AscentSeen[];
}): MissingAscents {
  const days = groups(analysis.timed, analysis.ascents);
  const missing = {} as MissingAscents;
  for (const challenge of CHALLENGES) {
    const perDay = days.map((roads) => lacking(challenge.ascents, roads));
    missing[challenge.id] = perDay.reduce((best, next) => (next.length < best.length ? next : best));
  }
  return missing;
}
