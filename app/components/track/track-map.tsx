/**
 * The track drawn over a schematic of Mont Ventoux: its four roads as lines through their landmarks, the three
 * towns and the summit, and the rider's track on top. Plain SVG computed here (no map tiles: nothing leaves the
 * site, and a track shows where people live). The map widens to take in a track that strays off the mountain.
 */
import { useTranslation } from 'react-i18next';
import { roadLine } from '../../../domain/track/road-model.ts';
import { ROAD_IDS, roadById } from '../../../domain/ventoux.ts';
import { ROAD_COLOURS, SUMMIT, projection, svgPoints } from './mountain-drawing.ts';
import classes from './track.module.css';

const SIZE = { width: 640, height: 420, pad: 28 };
const { width: WIDTH, height: HEIGHT } = SIZE;

export function TrackMap({ track, label }: { track: readonly [number, number][]; label: string }) {
  const { t } = useTranslation();
  const project = projection(track, SIZE);
  const [summitX, summitY] = project(SUMMIT.lat, SUMMIT.lon);
  // The massif as three nested rings around the summit, wider east-west as the mountain is.
  const ring = (rx: number, ry: number) => {
    const [x1] = project(SUMMIT.lat, SUMMIT.lon + rx);
    const [, y1] = project(SUMMIT.lat + ry, SUMMIT.lon);
    return { rx: Math.abs(x1 - summitX), ry: Math.abs(y1 - summitY) };
  };
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
        {[
          [0.17, 0.07, '#e9ecef'],
          [0.11, 0.045, '#dee2e6'],
          [0.05, 0.02, '#ced4da'],
        ].map(([rx, ry, fill]) => {
          const r = ring(rx as number, ry as number);
          return (
            <ellipse key={String(rx)} cx={summitX} cy={summitY} rx={r.rx} ry={r.ry} fill={fill as string} />
          );
        })}
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
      </svg>
      <figcaption className={classes.caption}>{t('track:map.caption')}</figcaption>
    </figure>
  );
}
