/**
 * The four roads up Mont Ventoux as the track check sees them: for each road an ordered list of gates (its foot,
 * a few points along it, the summit) that an ascent passes in that order. Gates are landmarks of `ventoux.ts`
 * (coordinates and their sources: docs/decisions/0022-track-check-road-model.md); a gate's radius grows with the
 * uncertainty of its position, and covers GPS noise (a phone in a forest strays 30-100 m). Altitude plays no part
 * in recognising an ascent: barometric altimeters drift and many files have none.
 */
import { type Landmark, type RoadId, roadById } from '../ventoux.ts';
import type { LatLon } from './geo.ts';

export interface Gate extends LatLon {
  /** The landmark id (`roads:landmarks.<id>`). */
  readonly id: string;
  readonly radiusM: number;
}

export interface RoadModel {
  readonly road: RoadId;
  /** Foot first, summit last, in the order an ascent passes them. */
  readonly gates: readonly Gate[];
  /**
   * Gates of other roads so close to this one that its riders pass within their radius: passing them does not
   * mean leaving the road (the forest road meets the Malaucène road 1.5 km above Mont Serein, 400 m away as
   * the crow flies).
   */
  readonly tolerated: readonly string[];
}

/** A gate's radius by how well its position is known (ventoux.ts `confidence`). */
export const GATE_RADIUS_M: Record<Landmark['confidence'], number> = { high: 300, medium: 400, low: 600 };

function gate(road: RoadId, id: string): Gate {
  const landmark = roadById(road).landmarks.find((candidate) => candidate.id === id);
  if (!landmark || landmark.lat === null || landmark.lon === null) {
    throw new Error(`landmark without a position: ${road}/${id}`);
  }
  return { id, lat: landmark.lat, lon: landmark.lon, radiusM: GATE_RADIUS_M[landmark.confidence] };
}

const gates = (road: RoadId, ids: string[]) => ids.map((id) => gate(road, id));

/**
 * Gates are chosen so that every road has one the others lack: Saint-Estève and Chalet Reynard make the Bédoin
 * road, the turn-off without Chalet Reynard but with the rejoin makes the forest road, Groseau the Malaucène road,
 * the 1000 m mark the Sault road. Tom Simpson's memorial and the Col des Tempêtes are left out: their positions
 * are guesses and they add nothing that tells two roads apart.
 */
export const ROAD_MODELS: readonly RoadModel[] = [
  {
    road: 'bedoin',
    gates: gates('bedoin', ['bedoin-start', 'saint-esteve', 'forest-turn-off', 'chalet-reynard', 'summit']),
    tolerated: [],
  },
  {
    road: 'malaucene',
    gates: gates('malaucene', ['malaucene-start', 'groseau', 'mont-serein', 'summit']),
    tolerated: ['forest-rejoin'],
  },
  {
    road: 'sault',
    gates: gates('sault', ['sault-start', 'altitude-1000', 'chalet-reynard', 'summit']),
    tolerated: [],
  },
  {
    road: 'forest',
    gates: gates('forest', ['bedoin-start', 'saint-esteve', 'forest-turn-off', 'forest-rejoin', 'summit']),
    tolerated: ['mont-serein'],
  },
];

/** Every distinct gate of the model, once (shared gates such as the summit appear on several roads). */
export const ALL_GATES: readonly Gate[] = [
  ...new Map(ROAD_MODELS.flatMap((model) => model.gates).map((entry) => [entry.id, entry])).values(),
];

/**
 * A schematic line of each road through all its located landmarks, in km order: what the track-check page draws
 * as the outline of the mountain's roads, and what the test rides follow. Not the road's exact course.
 */
export function roadLine(road: RoadId): { km: number; altitudeM: number; lat: number; lon: number }[] {
  return roadById(road)
    .landmarks.filter((landmark) => landmark.lat !== null && landmark.lon !== null)
    .map((landmark) => ({
      km: landmark.km,
      altitudeM: landmark.altitudeM,
      lat: landmark.lat!,
      lon: landmark.lon!,
    }));
}
