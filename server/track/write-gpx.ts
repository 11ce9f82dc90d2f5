/**
 * Writes track points as a GPX 1.1 file: how a ride brought from an activity service is stored, so that it is
 * read, analysed and downloaded like an uploaded file. Only the name is text from outside; it is escaped.
 */
import type { TrackPoint } from '../../domain/track/analyse.ts';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// Characters XML 1.0 does not allow, even escaped (C0 controls but tab and line breaks, lone surrogates, U+FFFE/F).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/g;

const escapeXml = (text: string) => text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

function trackPoint(point: TrackPoint): string {
  return (
    `<trkpt lat="${point.lat.toFixed(7)}" lon="${point.lon.toFixed(7)}">` +
    (point.ele === null ? '' : `<ele>${point.ele.toFixed(1)}</ele>`) +
    (point.time === null ? '' : `<time>${new Date(point.time).toISOString()}</time>`) +
    '</trkpt>'
  );
}

export function writeGpx({
  name,
  points,
  creator = 'Club des Cinglés du Mont-Ventoux',
}: {
  name: string;
  points: readonly TrackPoint[];
  creator?: string;
}): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<gpx version="1.1" creator="${escapeXml(creator)}" xmlns="http://www.topografix.com/GPX/1/1">\n` +
    `<trk><name>${escapeXml(name)}</name><trkseg>\n${points.map(trackPoint).join('\n')}\n</trkseg></trk>\n</gpx>\n`
  );
}
