/**
 * What the map of the day shows beside the four roads (app/routes/public/map.tsx): where the route card is stamped
 * (each start town, and the summit at every ascent) and the landmarks a rider looks out for, the forest road's
 * junctions among them, each with its altitude and where it lies on each road that passes it.
 */
import { ROADS, type RoadId } from './ventoux.ts';

/** The landmarks drawn and listed, in the order of the list (numbered on the map). */
export const MAP_LANDMARK_IDS = [
  'saint-esteve',
  'forest-turn-off',
  'forest-rejoin',
  'chalet-reynard',
  'tom-simpson',
  'groseau',
  'mont-serein',
  'altitude-1000',
] as const;

export interface MapLandmark {
  id: string;
  lat: number;
  lon: number;
  altitudeM: number;
  /** Each road it lies on, and at which km from that road's foot. */
  on: { road: RoadId; km: number }[];
}

/** The landmarks of MAP_LANDMARK_IDS that have a position, with every road they lie on. */
export function mapLandmarks(): MapLandmark[] {
  return MAP_LANDMARK_IDS.flatMap((id) => {
    const on = ROADS.flatMap((road) =>
      road.landmarks
        .filter((landmark) => landmark.id === id)
        .map((landmark) => ({ road: road.id, landmark })),
    );
    const located = on.find(({ landmark }) => landmark.lat !== null && landmark.lon !== null);
    if (!located) return [];
    return [
      {
        id,
        lat: located.landmark.lat!,
        lon: located.landmark.lon!,
        altitudeM: located.landmark.altitudeM,
        on: on.map(({ road, landmark }) => ({ road, km: landmark.km })),
      },
    ];
  });
}

/** Where the route card is stamped: at the foot of each ascent, in its town, and at the summit every time. */
export const STAMP_ROADS = ['bedoin', 'malaucene', 'sault'] as const satisfies readonly RoadId[];
