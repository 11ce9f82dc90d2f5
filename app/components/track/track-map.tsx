/**
 * The track drawn over a schematic of Mont Ventoux: its four roads as lines through their landmarks, the three
 * towns and the summit, and the rider's track on top, with, at the desk, an overlay (the route card's stamps).
 * Plain SVG computed here (no map tiles: nothing leaves the site, and a track shows where people live). The map
 * widens to take in a track or a stamp that strays off the mountain.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roadLine } from '../../../domain/track/road-model.ts';
import { ROAD_IDS, roadById } from '../../../domain/ventoux.ts';
import { ROAD_COLOURS, SUMMIT, projection, svgPoints } from './mountain-drawing.ts';
import classes from './track.module.css';

const SIZE = { width: 640, height: 420, pad: 28 };
const { width: WIDTH, height: HEIGHT } = SIZE;

/** What the map draws on the track: where its points are (the map takes them in) and how to draw them. */
export interface MapOverlay {
  points: readonly (readonly [number, number])[];
  draw: (project: Projection) => ReactNode;
}

export type Projection = ReturnType<typeof projection>;

/** The massif as three nested rings around the summit, wider east-west as the mountain is. */
function MassifRings({ project }: { project: Projection }) {
  const [summitX, summitY] = project(SUMMIT.lat, SUMMIT.lon);
  const rings = [
    { rx: 0.17, ry: 0.07, fill: '#e9ecef' },
    { rx: 0.11, ry: 0.045, fill: '#dee2e6' },
    { rx: 0.05, ry: 0.02, fill: '#ced4da' },
  ];
  return rings.map(({ rx, ry, fill }) => {
    const [x1] = project(SUMMIT.lat, SUMMIT.lon + rx);
    const [, y1] = project(SUMMIT.lat + ry, SUMMIT.lon);
    return (
      <ellipse
        key={rx}
        cx={summitX}
        cy={summitY}
        rx={Math.abs(x1 - summitX)}
        ry={Math.abs(y1 - summitY)}
        fill={fill}
      />
    );
  });
}

export function TrackMap({
  track,
  label,
  overlay,
  caption,
}: {
  track: readonly [number, number][];
  label: string;
  /** Drawn over the track: the route card's stamps at the desk (admin/stamp-marks.tsx). */
  overlay?: MapOverlay;
  /** Replaces the caption that explains the track's line. */
  caption?: string;
}) {
  const { t } = useTranslation();
  const project = projection([...track, ...(overlay?.points ?? [])], SIZE);
  const [summitX, summitY] = project(SUMMIT.lat, SUMMIT.lon);
  return (
    <figure className={classes.figure}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={classes.map}
        role="img"
        aria-label={label}
        data-testid="track-map"
      >
        <rect width={WIDTH} height={HEIGHT} fill="#f8f9fa" />
        <MassifRings project={project} />
        {ROAD_IDS.map((road) => (
          <polyline
            key={road}
            points={svgPoints(roadLine(road).map((point) => project(point.lat, point.lon)))}
            fill="none"
            stroke={ROAD_COLOURS[road]}
            strokeWidth="3"
            strokeDasharray={road === 'forest' ? '6 4' : undefined}
            opacity="0.55"
          >
            <title>{t(`track:roads.${road}`)}</title>
          </polyline>
        ))}
        {(['bedoin', 'malaucene', 'sault'] as const).map((road) => {
          const foot = roadLine(road)[0]!;
          const [x, y] = project(foot.lat, foot.lon);
          return (
            <g key={road}>
              <circle cx={x} cy={y} r="5" fill={ROAD_COLOURS[road]} />
              <text x={x} y={y + 20} textAnchor="middle" fontSize="14" fill="#212529">
                {roadById(road).startTown}
              </text>
            </g>
          );
        })}
        <path
          d={`M${summitX - 8},${summitY + 6} L${summitX},${summitY - 8} L${summitX + 8},${summitY + 6} Z`}
          fill="#212529"
        />
        <text x={summitX} y={summitY - 14} textAnchor="middle" fontSize="14" fontWeight="700" fill="#212529">
          {t('track:map.summit')}
        </text>
        {track.length > 1 && (
          <polyline
            points={svgPoints(track.map(([lat, lon]) => project(lat, lon)))}
            fill="none"
            stroke="#e03131"
            strokeWidth="2.5"
            strokeLinejoin="round"
            data-testid="track-line"
          />
        )}
        {overlay?.draw(project)}
      </svg>
      <figcaption className={classes.caption}>{caption ?? t('track:map.caption')}</figcaption>
    </figure>
  );
}
