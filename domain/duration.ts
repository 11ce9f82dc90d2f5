/**
 * A ride's duration as the track report and the diploma write it. Its own module: the formats of domain/format.ts
 * are in every page's scripts, and only the pages about rides need this one.
 */

/** 5,460 s -> "1 h 31". */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}
