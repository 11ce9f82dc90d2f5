/**
 * The GPS files a rider may give "Check my ride": by extension and by media type, as a file input's `accept` and
 * the web app manifest's share target list them (the server recognises the format from the bytes either way).
 */
export const TRACK_FILE_ACCEPT = [
  '.gpx',
  '.tcx',
  '.fit',
  '.gz',
  'application/gpx+xml',
  'application/vnd.garmin.tcx+xml',
  'application/vnd.ant.fit',
  'application/gzip',
] as const;
