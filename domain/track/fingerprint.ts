/**
 * A ride's fingerprint, to find the same file attached to two registrations (`duplicate_track`, decision 0038).
 *
 * A copy keeps the recorded positions, whatever happens to its times (shifted, removed) or its format (GPX, TCX,
 * FIT, a Strava export). Two receivers on the same road, even side by side, never write the same positions: each
 * has its own error of a few metres and its own instants. So the fingerprint is made of the positions themselves,
 * rounded to about a metre, and kept small by keeping the points whose hash falls in one bucket of
 * `keepOneIn`: the choice depends on the position only, so a copy cut at either end or thinned keeps the same
 * members wherever it still has the points.
 */
import type { LatLon } from './geo.ts';

export const FINGERPRINT_RULES = {
  /** Coordinates rounded to 1e-5° (1.1 m of latitude): finer than any receiver repeats, coarser than a format's rounding. */
  scale: 1e5,
  /** About one point in this many is kept (a 12,000-point ride gives about 750 numbers). */
  keepOneIn: 16,
  /** Two rides are one when they share at least this many members... */
  minShared: 10,
  /** ...making at least this share of the smaller fingerprint (a thinned or cut copy is the smaller one). */
  minSharedShare: 0.5,
} as const;

/** A 32-bit mix of the rounded coordinates (signed, as PostgreSQL's integer). */
function positionHash(point: LatLon): number {
  let h = Math.imul(Math.round(point.lat * FINGERPRINT_RULES.scale), 0x9e3779b1);
  h ^= Math.imul(Math.round(point.lon * FINGERPRINT_RULES.scale), 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return h | 0;
}

/** The sorted distinct hashes of the kept positions. */
export function trackFingerprint(points: readonly LatLon[]): number[] {
  const kept = new Set<number>();
  for (const point of points) {
    const hash = positionHash(point);
    if ((hash >>> 0) % FINGERPRINT_RULES.keepOneIn === 0) kept.add(hash);
  }
  return [...kept].sort((a, b) => a - b);
}

/** Whether two fingerprints are one ride's (the same rule as the database's query in track-duplicates.ts). */
export function sameRide(a: readonly number[], b: readonly number[]): boolean {
  const members = new Set(a);
  const shared = b.filter((hash) => members.has(hash)).length;
  return (
    shared >= FINGERPRINT_RULES.minShared &&
    shared >= FINGERPRINT_RULES.minSharedShare * Math.min(a.length, b.length)
  );
}
