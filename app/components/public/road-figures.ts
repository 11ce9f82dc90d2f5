/** The headline figures of a road, in display order, each with its unit and whether it is only an estimate. */
import type { Road } from '../../../domain/ventoux.ts';

export const ROAD_FIGURE_KEYS = [
  'startAltitude',
  'arrivalAltitude',
  'length',
  'gain',
  'avgGradient',
  'maxGradient',
] as const;
export type RoadFigureKey = (typeof ROAD_FIGURE_KEYS)[number];

export interface RoadFigure {
  key: RoadFigureKey;
  value: number;
  unit: 'm' | 'km' | 'pct';
  /** True for figures nobody measured: the forest road's length and what follows from it. */
  approximate: boolean;
}

export function roadFigures(road: Road): RoadFigure[] {
  const estimated = !road.profileComplete;
  return [
    { key: 'startAltitude', value: road.startAltitudeM, unit: 'm', approximate: false },
    { key: 'arrivalAltitude', value: road.arrivalAltitudeM, unit: 'm', approximate: false },
    { key: 'length', value: road.lengthKm, unit: 'km', approximate: estimated },
    { key: 'gain', value: road.gainM, unit: 'm', approximate: estimated },
    { key: 'avgGradient', value: road.avgGradientPct, unit: 'pct', approximate: estimated },
    { key: 'maxGradient', value: road.maxGradientPct, unit: 'pct', approximate: estimated },
  ];
}
