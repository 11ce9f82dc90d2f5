/**
 * The geometry of an ascent profile: where each kilometre, tick and landmark goes in an SVG of a given size.
 * Pure numbers, no React, so the drawing is tested without a browser and renders the same on both sides.
 */
import {
  type GradientBand,
  type Road,
  SUMMIT_ALTITUDE_M,
  gradientBand,
  kilometreSegments,
} from '../../../domain/ventoux.ts';

export interface ProfileBox {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
}

export const DEFAULT_BOX: ProfileBox = {
  width: 640,
  height: 320,
  margin: { top: 18, right: 16, bottom: 46, left: 62 },
};

/**
 * A smaller drawing that scales to its box rather than scroll (the ride check's profiles): at a phone's width its
 * labels stay legible, and on a wide screen it does not grow past its column.
 */
export const COMPACT_BOX: ProfileBox = {
  width: 400,
  height: 250,
  margin: { top: 18, right: 12, bottom: 42, left: 56 },
};

const ALTITUDE_STEP_M = 250;

export interface ProfileSegment {
  fromKm: number;
  toKm: number;
  fromAltitudeM: number;
  toAltitudeM: number;
  gradientPct: number;
  band: GradientBand;
  /** The filled area under the kilometre, as SVG polygon points. */
  points: string;
}

export interface ProfileLandmark {
  id: string;
  /** 1-based, in km order: the marker's label, matching the list under the chart. */
  number: number;
  km: number;
  altitudeM: number;
  x: number;
  y: number;
  /** False when the landmark lies beyond the measured profile (placed at its own altitude). */
  onProfile: boolean;
}

export interface ProfileGeometry {
  box: ProfileBox;
  plot: { left: number; top: number; right: number; bottom: number };
  segments: ProfileSegment[];
  /** The profile's line, as SVG polyline points. */
  outline: string;
  xTicks: { km: number; x: number }[];
  yTicks: { altitudeM: number; y: number }[];
  landmarks: ProfileLandmark[];
  summitY: number;
  /** The stretch with no measured profile (the forest road after km 9), or null. */
  unknown: { fromKm: number; x: number; width: number } | null;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** An altitude range on whole 250 m steps that holds every road's profile and the summit: one scale for all. */
export function sharedAltitudeDomain(roads: readonly Pick<Road, 'profile'>[]): [number, number] {
  const altitudes = roads.flatMap((road) => road.profile.map((point) => point.altitudeM));
  const low = Math.min(...altitudes);
  const high = Math.max(...altitudes, SUMMIT_ALTITUDE_M);
  return [
    Math.floor(low / ALTITUDE_STEP_M) * ALTITUDE_STEP_M,
    Math.ceil(high / ALTITUDE_STEP_M) * ALTITUDE_STEP_M,
  ];
}

/** The altitude at a distance along the measured profile, by linear interpolation; null beyond it. */
export function altitudeAt(road: Pick<Road, 'profile'>, km: number): number | null {
  const points = road.profile;
  for (let i = 1; i < points.length; i += 1) {
    const from = points[i - 1]!;
    const to = points[i]!;
    if (km >= from.km && km <= to.km) {
      const share = to.km === from.km ? 0 : (km - from.km) / (to.km - from.km);
      return from.altitudeM + share * (to.altitudeM - from.altitudeM);
    }
  }
  return null;
}

/** The distance the chart spans: the whole road, even where its profile is unknown. */
function distanceDomain(road: Road): number {
  const lastProfileKm = road.profile.at(-1)?.km ?? 0;
  const lastLandmarkKm = road.landmarks.at(-1)?.km ?? 0;
  const known = Math.max(lastProfileKm, lastLandmarkKm);
  return road.profileComplete ? known : Math.max(known, road.lengthKm);
}

/** Start towns are the axis origin already; every other landmark gets a numbered marker. */
export function markedLandmarks(road: Pick<Road, 'landmarks'>) {
  return road.landmarks.filter((landmark) => !landmark.id.endsWith('-start'));
}

export function profileGeometry(
  road: Road,
  altitudeDomain: [number, number] = sharedAltitudeDomain([road]),
  box: ProfileBox = DEFAULT_BOX,
): ProfileGeometry {
  const plot = {
    left: box.margin.left,
    top: box.margin.top,
    right: box.width - box.margin.right,
    bottom: box.height - box.margin.bottom,
  };
  const maxKm = distanceDomain(road);
  const [lowM, highM] = altitudeDomain;
  const x = (km: number) => round(plot.left + (km / maxKm) * (plot.right - plot.left));
  const y = (altitudeM: number) =>
    round(plot.bottom - ((altitudeM - lowM) / (highM - lowM)) * (plot.bottom - plot.top));

  const segments = kilometreSegments(road).map((segment) => ({
    ...segment,
    band: gradientBand(segment.gradientPct),
    points: [
      `${x(segment.fromKm)},${plot.bottom}`,
      `${x(segment.fromKm)},${y(segment.fromAltitudeM)}`,
      `${x(segment.toKm)},${y(segment.toAltitudeM)}`,
      `${x(segment.toKm)},${plot.bottom}`,
    ].join(' '),
  }));

  const kmStep = maxKm > 12 ? 2 : 1;
  const xTicks = [];
  for (let km = 0; km <= maxKm; km += kmStep) xTicks.push({ km, x: x(km) });
  const yTicks = [];
  for (let altitudeM = lowM; altitudeM <= highM; altitudeM += ALTITUDE_STEP_M)
    yTicks.push({ altitudeM, y: y(altitudeM) });

  const lastKm = road.profile.at(-1)?.km ?? 0;
  const landmarks = markedLandmarks(road).map((landmark, index) => {
    // On a complete profile a landmark a few metres past the last point (the summit) sits on its end.
    const alongKm = road.profileComplete ? Math.min(landmark.km, lastKm) : landmark.km;
    const onProfileAltitude = altitudeAt(road, alongKm);
    const altitudeM = onProfileAltitude ?? landmark.altitudeM;
    return {
      id: landmark.id,
      number: index + 1,
      km: landmark.km,
      altitudeM: landmark.altitudeM,
      x: x(landmark.km),
      y: y(altitudeM),
      onProfile: onProfileAltitude !== null,
    };
  });

  const unknown = road.profileComplete
    ? null
    : { fromKm: lastKm, x: x(lastKm), width: round(plot.right - x(lastKm)) };

  return {
    box,
    plot,
    segments,
    outline: road.profile.map((point) => `${x(point.km)},${y(point.altitudeM)}`).join(' '),
    xTicks,
    yTicks,
    landmarks,
    summitY: y(SUMMIT_ALTITUDE_M),
    unknown,
  };
}
