/**
 * A challenge's sequence on the electronic route card (issue 43): each ascent is a stamp at its road's foot, then
 * (the forest road) one at the forest control, then one at the summit; the Cinglé rides its three roads in any
 * order, the Galérien adds the forest road, the Bicinglé rides each road twice. From the stamps accepted so far,
 * taken in the order of their time, it says which ascents are stamped, which controls a stamp counts at now, and
 * whether the card is complete. The day rule (all on one day) is the stamps' own (stamp-checks.ts).
 */
import { type ChallengeId, type RoadId, challengeById } from '../ventoux.ts';
import { CONTROLS, type ControlId, controlById, footOf } from './controls.ts';

export interface SequenceStamp {
  readonly control: ControlId;
  readonly at: Date;
}

export interface StampedAscent<S extends SequenceStamp> {
  readonly road: RoadId;
  readonly foot: S;
  /** The forest control, on the forest road only. */
  readonly via: S | null;
  readonly summit: S;
}

/** An ascent started (its foot stamped) and not yet at the summit. */
export interface OpenAscent<S extends SequenceStamp> {
  /** The roads it may still be: Bédoin's foot is also the forest road's. */
  readonly roads: readonly RoadId[];
  readonly foot: S;
  readonly via: S | null;
}

export interface RouteCardProgress<S extends SequenceStamp> {
  /** The ascents stamped from foot to summit, in the order ridden. */
  readonly ascents: readonly StampedAscent<S>[];
  readonly open: OpenAscent<S> | null;
  /** The ascents still to ride, one entry per ascent (the Bicinglé's road may appear twice). */
  readonly remaining: readonly RoadId[];
  /**
   * The controls where a stamp now counts: the open ascent's next control first, then the feet of the roads still
   * to ride (a new foot stamp starts that ascent afresh). Empty once complete.
   */
  readonly expected: readonly ControlId[];
  readonly complete: boolean;
}

function without(roads: readonly RoadId[], road: RoadId): RoadId[] {
  const index = roads.indexOf(road);
  return index < 0 ? [...roads] : [...roads.slice(0, index), ...roads.slice(index + 1)];
}

/** What a summit stamp closes: the forest road when its control was stamped, else the foot's paved road. */
function summitRoad<S extends SequenceStamp>(open: OpenAscent<S>): RoadId | null {
  if (open.via) return 'forest';
  return open.roads.find((road) => road !== 'forest') ?? null;
}

function expectedNow<S extends SequenceStamp>(
  open: OpenAscent<S> | null,
  remaining: readonly RoadId[],
): ControlId[] {
  if (remaining.length === 0) return [];
  const next: ControlId[] = [];
  if (open && summitRoad(open)) next.push('summit');
  if (open && !open.via && open.roads.includes('forest')) next.push('forest');
  const feet = CONTROLS.filter((control) => remaining.some((road) => footOf(road) === control.id)).map(
    (control) => control.id,
  );
  return [...next, ...feet.filter((id) => !next.includes(id))];
}

/**
 * The card's progress for `challenge` from its accepted stamps (any order: they are taken by time). A stamp that
 * fits nowhere (a summit without a foot, the foot of a road already ridden) is kept but counts for nothing.
 */
export function routeCardProgress<S extends SequenceStamp>(
  challenge: ChallengeId,
  stamps: readonly S[],
): RouteCardProgress<S> {
  let remaining: RoadId[] = [...challengeById(challenge).ascents];
  let open: OpenAscent<S> | null = null;
  const ascents: StampedAscent<S>[] = [];
  const inOrder = [...stamps].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const stamp of inOrder) {
    const { kind } = controlById(stamp.control);
    if (kind === 'foot') {
      const roads = [...new Set(remaining.filter((road) => footOf(road) === stamp.control))];
      if (roads.length > 0) open = { roads, foot: stamp, via: null };
    } else if (kind === 'road') {
      if (open && !open.via && open.roads.includes('forest'))
        open = { roads: ['forest'], foot: open.foot, via: stamp };
    } else if (open) {
      const road = summitRoad(open);
      if (road) {
        ascents.push({ road, foot: open.foot, via: open.via, summit: stamp });
        remaining = without(remaining, road);
      }
      open = null;
    }
  }
  return {
    ascents,
    open,
    remaining,
    expected: expectedNow(open, remaining),
    complete: remaining.length === 0,
  };
}
