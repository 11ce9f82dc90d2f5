/**
 * How the site draws Mont Ventoux without map tiles (nothing leaves the site, and it works offline): a projection of
 * latitudes and longitudes onto an SVG, the summit, and a colour per road. Shared by the track's map and the map of
 * the day.
 */
import type { RoadId } from '../../../domain/ventoux.ts';

export const SUMMIT = { lat: 44.174, lon: 5.2786 };

export const ROAD_COLOURS: Record<RoadId, string> = {
  bedoin: '#1864ab',
  malaucene: '#2b8a3e',
  sault: '#862e9c',
  forest: '#a85d00',
};

/** The part of the massif every drawing shows: the three towns and the summit, with a margin. */
const MASSIF = { south: 44.07, north: 44.2, west: 5.11, east: 5.43 };

/**
 * An equirectangular projection onto a `width` × `height` drawing, north up, same scale on both axes, taking in the
 * massif and every point given (a track that strays off the mountain widens it).
 */
export function projection(
  points: readonly (readonly [number, number])[],
  size: { width: number; height: number; pad: number },
) {
  let { south, north, west, east } = MASSIF;
  for (const [lat, lon] of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lon);
    east = Math.max(east, lon);
  }
  const kx = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const scale = Math.min(
    (size.width - 2 * size.pad) / ((east - west) * kx),
    (size.height - 2 * size.pad) / (north - south),
  );
  const offsetX = (size.width - (east - west) * kx * scale) / 2;
  const offsetY = (size.height - (north - south) * scale) / 2;
  const project = (lat: number, lon: number) =>
    [offsetX + (lon - west) * kx * scale, offsetY + (north - lat) * scale] as const;
  /** True when a point falls inside the drawing. */
  const contains = (lat: number, lon: number) => {
    const [x, y] = project(lat, lon);
    return x >= 0 && x <= size.width && y >= 0 && y <= size.height;
  };
  /** What the map of the day's island needs to place a point as `project` does (locate-island.ts). */
  const parameters = { offsetX, offsetY, west, north, kx, scale, width: size.width, height: size.height };
  return Object.assign(project, { contains, parameters });
}

/** SVG `points` of a polyline. */
export const svgPoints = (points: readonly (readonly [number, number])[]) =>
  points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
