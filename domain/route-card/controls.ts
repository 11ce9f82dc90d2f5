/**
 * The controls of the electronic route card (issue 43, decision 0049): where a rider stamps with the phone. Each is
 * a landmark of `ventoux.ts` (its position and source as the road model has them): the foot of each road, the
 * summit, and on the forest road a control of its own (its foot is Bédoin's). A stamp counts within the control's
 * radius.
 */
import { type RoadId, roadById } from '../ventoux.ts';
import { type LatLon, distanceM } from '../track/geo.ts';

export const CONTROL_IDS = ['foot-bedoin', 'foot-malaucene', 'foot-sault', 'forest', 'summit'] as const;
export type ControlId = (typeof CONTROL_IDS)[number];

export type ControlKind = 'foot' | 'summit' | 'road';

export interface Control extends LatLon {
  readonly id: ControlId;
  /** The road it stands on; the summit belongs to every road (null). */
  readonly road: RoadId | null;
  readonly kind: ControlKind;
  /** The landmark it is (`roads:landmarks.<id>`). */
  readonly landmark: string;
  readonly radiusM: number;
}

/** eBrevet's radius, which the randonneurs' organisers have used for years: a village square and its edges. */
export const CONTROL_RADIUS_M = 500;

function control(
  id: ControlId,
  road: RoadId,
  landmark: string,
  kind: ControlKind,
  radiusM = CONTROL_RADIUS_M,
) {
  const place = roadById(road).landmarks.find((candidate) => candidate.id === landmark);
  if (!place || place.lat === null || place.lon === null)
    throw new Error(`landmark without a position: ${road}/${landmark}`);
  return {
    id,
    road: kind === 'summit' ? null : road,
    kind,
    landmark,
    lat: place.lat,
    lon: place.lon,
    radiusM,
  };
}

export const CONTROLS: readonly Control[] = [
  control('foot-bedoin', 'bedoin', 'bedoin-start', 'foot'),
  control('foot-malaucene', 'malaucene', 'malaucene-start', 'foot'),
  control('foot-sault', 'sault', 'sault-start', 'foot'),
  // Where the forest road comes out on the Malaucène road: the one landmark of the forest section that a rider of
  // the Bédoin road never passes (the turn-off lies on the Bédoin road). Its position is a low-confidence estimate
  // (ventoux.ts), so the radius is wider: a rider standing at the real junction must not be refused.
  control('forest', 'forest', 'forest-rejoin', 'road', 800),
  control('summit', 'bedoin', 'summit', 'summit'),
];

const CONTROL_SET: ReadonlySet<string> = new Set(CONTROL_IDS);

export const isControlId = (value: unknown): value is ControlId =>
  typeof value === 'string' && CONTROL_SET.has(value);

export function controlById(id: ControlId): Control {
  return CONTROLS.find((candidate) => candidate.id === id)!;
}

/** The foot control an ascent of `road` starts from (the forest road starts at Bédoin). */
export const footOf = (road: RoadId): ControlId => (road === 'forest' ? 'foot-bedoin' : `foot-${road}`);

/** Metres from a position to a control, rounded to the metre. */
export const distanceToControlM = (id: ControlId, position: LatLon): number =>
  Math.round(distanceM(controlById(id), position));
