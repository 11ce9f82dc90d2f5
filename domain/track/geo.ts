/** Small spherical-earth helpers for GPS tracks: distances in metres, accurate to well under 1 % at our scale. */

export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

/** Great-circle distance (haversine). */
export function distanceM(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Distance from `p` to the segment a-b, on a local flat projection around `p` (segments are short: consecutive
 * GPS fixes). Also returns where along the segment the closest point lies (0 = a, 1 = b).
 */
export function distanceToSegmentM(p: LatLon, a: LatLon, b: LatLon): { distanceM: number; along: number } {
  const kx = Math.cos(p.lat * RAD) * RAD * EARTH_RADIUS_M;
  const ky = RAD * EARTH_RADIUS_M;
  const ax = (a.lon - p.lon) * kx;
  const ay = (a.lat - p.lat) * ky;
  const bx = (b.lon - p.lon) * kx;
  const by = (b.lat - p.lat) * ky;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const along = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  const cx = ax + along * dx;
  const cy = ay + along * dy;
  return { distanceM: Math.hypot(cx, cy), along };
}

/** The point a fraction of the way from a to b (linear in degrees: fine over a few kilometres). */
export function interpolate(a: LatLon, b: LatLon, fraction: number): LatLon {
  return { lat: a.lat + (b.lat - a.lat) * fraction, lon: a.lon + (b.lon - a.lon) * fraction };
}
