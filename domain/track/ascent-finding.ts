/**
 * Finding the ascents in a track by the gates of `road-model.ts` (decision 0022), for the track check
 * (`analyse.ts`): walking back from each arrival at the summit, the track must have passed the road's gates in
 * reverse order down to its foot without touching a gate of another road. The latest passage at each gate wins,
 * so a rider who turns back and restarts makes one ascent, and a descent followed by a new climb makes two.
 */
import type { TrackProblem } from '../schemas/track.ts';
import type { TrackPoint } from './analyse.ts';
import { distanceToSegmentM } from './geo.ts';
import { ALL_GATES, type Gate, ROAD_MODELS, type RoadModel } from './road-model.ts';

export interface Visit {
  readonly gate: string;
  /** First and last point within the gate's radius. */
  readonly enter: number;
  readonly exit: number;
}

export interface FoundAscent {
  readonly model: RoadModel;
  readonly footVisit: number;
  readonly summitVisit: number;
  readonly start: number;
  readonly summit: number;
}

/** Each passage of the track within a gate's radius, in track order (a segment between fixes counts). */
export function gateVisits(points: readonly TrackPoint[]): Visit[] {
  const visits: Visit[] = [];
  for (const gate of ALL_GATES) visits.push(...visitsOf(gate, points));
  return visits.sort((a, b) => a.enter - b.enter || a.exit - b.exit);
}

function visitsOf(gate: Gate, points: readonly TrackPoint[]): Visit[] {
  const visits: Visit[] = [];
  let open: { enter: number; exit: number } | null = null;
  // Cheap rejection: a degree of latitude is 111 km; segments are rarely longer than a few km.
  const latMargin = gate.radiusM / 111_000 + 0.05;
  for (let i = 0; i < points.length; i += 1) {
    const point = points[i]!;
    const previous = i > 0 ? points[i - 1]! : point;
    let inside = false;
    if (Math.abs(point.lat - gate.lat) < latMargin || Math.abs(previous.lat - gate.lat) < latMargin) {
      const { distanceM: d, along } = distanceToSegmentM(gate, previous, point);
      if (d <= gate.radiusM) {
        inside = true;
        const index = i > 0 && along < 0.5 ? i - 1 : i;
        if (open && open.exit >= i - 1) open.exit = Math.max(open.exit, index);
        else {
          if (open) visits.push({ gate: gate.id, ...open });
          open = { enter: index, exit: index };
        }
      }
    }
    if (!inside && open && open.exit < i - 1) {
      visits.push({ gate: gate.id, ...open });
      open = null;
    }
  }
  if (open) visits.push({ gate: gate.id, ...open });
  return visits;
}

function belongsTo(model: RoadModel, gate: string): boolean {
  return model.gates.some((entry) => entry.id === gate) || model.tolerated.includes(gate);
}

/** Walks back from a summit visit through the road's gates; the index of the foot visit, or null. */
function climbBackFrom(visits: readonly Visit[], summitVisit: number, model: RoadModel): number | null {
  let expected = model.gates.length - 2;
  for (let j = summitVisit - 1; j >= 0; j -= 1) {
    const visit = visits[j]!;
    if (visit.gate === 'summit') return null;
    if (visit.gate === model.gates[expected]!.id) {
      expected -= 1;
      if (expected < 0) return j;
    } else if (!belongsTo(model, visit.gate)) return null;
  }
  return null;
}

export function findAscents(visits: readonly Visit[]): FoundAscent[] {
  const ascents: FoundAscent[] = [];
  visits.forEach((visit, index) => {
    if (visit.gate !== 'summit') return;
    let best: FoundAscent | null = null;
    for (const model of ROAD_MODELS) {
      const foot = climbBackFrom(visits, index, model);
      if (foot === null) continue;
      // Two roads can share a foot (Bédoin, the forest road): the one climbed last is the one that arrived.
      if (!best || foot > best.footVisit) {
        best = { model, footVisit: foot, summitVisit: index, start: visits[foot]!.exit, summit: visit.enter };
      }
    }
    if (best) ascents.push(best);
  });
  return ascents;
}

/** Climbs that left a foot, passed at least one more gate of that road, and turned back before the summit. */
export function unfinishedClimbs(visits: readonly Visit[], ascents: readonly FoundAscent[]): TrackProblem[] {
  const problems = new Map<string, TrackProblem>();
  const inAscent = (index: number) => ascents.some((a) => index >= a.footVisit && index <= a.summitVisit);
  visits.forEach((visit, index) => {
    if (inAscent(index)) return;
    for (const model of ROAD_MODELS) {
      if (visit.gate !== model.gates[0]!.id) continue;
      let next = 1;
      for (let j = index + 1; j < visits.length && next < model.gates.length; j += 1) {
        // The climb went on to become an ascent (after a restart from the foot, or by another road).
        if (inAscent(j)) {
          next = 0;
          break;
        }
        const gate = visits[j]!.gate;
        if (gate === model.gates[next]!.id) next += 1;
        else if (!belongsTo(model, gate)) break;
      }
      if (next > 1 && next < model.gates.length) {
        const reached = model.gates[next - 1]!.id;
        problems.set(`${model.road}:${reached}`, { code: 'summit_not_reached', road: model.road, reached });
      }
    }
  });
  return [...problems.values()];
}
