/**
 * The track drawn over a schematic of Mont Ventoux: its four roads as lines through their landmarks, the three
 * towns and the summit, and the rider's track on top, with, at the desk, the route card's stamps as numbered marks.
 * Plain SVG computed here (no map tiles: nothing leaves the site, and a track shows where people live). The map
 * widens to take in a track or a stamp that strays off the mountain.
 */
import { useTranslation } from 'react-i18next';
import { roadLine } from '../../../domain/track/road-model.ts';
import { ROAD_IDS, roadById } from '../../../domain/ventoux.ts';
import { ROAD_COLOURS, SUMMIT, projection, svgPoints } from './mountain-drawing.ts';
import classes from './track.module.css';

const SIZE = { width: 640, height: 420, pad: 28 };
const { width: WIDTH, height: HEIGHT } = SIZE;

/** A stamp of the electronic route card where the phone took it, numbered as in the timeline beside the map. */
export interface StampMark {
  number: number;
  lat: number;
  lon: number;
  state: 'accepted' | 'flagged' | 'refused';
  /** Said by the mark's own title: the control, and how the server judged the stamp. */
  description: string;
}

type Projection = ReturnType<typeof projection>;

const MARK_COLOURS: Record<StampMark['state'], { fill: string; text: string }> = {
  accepted: { fill: '#212529', text: '#ffffff' },
  flagged: { fill: '#ffd8a8', text: '#212529' },
  refused: { fill: '#c92a2a', text: '#ffffff' },
};

/** Marks closer than this on the drawing (the summit's three stamps) are set side by side, so each shows. */
const MARK_SPACING = 24;

/** Where each mark is drawn: at its position, or in a row centred on the first of a group taken at one place. */
function placeMarks(marks: readonly StampMark[], project: Projection) {
  const groups: { x: number; y: number; members: StampMark[] }[] = [];
  for (const mark of marks) {
    const [x, y] = project(mark.lat, mark.lon);
    const near = groups.find((group) => Math.hypot(group.x - x, group.y - y) < MARK_SPACING);
    if (near) near.members.push(mark);
    else groups.push({ x, y, members: [mark] });
  }
  return groups.flatMap((group) =>
    group.members.map((mark, index) => ({
      mark,
      x: group.x + (index - (group.members.length - 1) / 2) * MARK_SPACING,
      y: group.y,
    })),
  );
}

function StampMarks({ marks, project }: { marks: readonly StampMark[]; project: Projection }) {
  return (
    <g data-testid="stamp-marks">
      {placeMarks(marks, project).map(({ mark, x, y }) => {
        const colours = MARK_COLOURS[mark.state];
        return (
          <g key={mark.number} data-testid="stamp-mark" data-state={mark.state}>
            <title>{mark.description}</title>
            <circle cx={x} cy={y} r="11" fill={colours.fill} stroke="#212529" strokeWidth="1.5" />
            <text x={x} y={y + 4.5} textAnchor="middle" fontSize="13" fontWeight="700" fill={colours.text}>
              {mark.number}
            </text>
          </g>
        );
      })}
    </g>
  );
}

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
  stamps = [],
  caption,
}: {
  track: readonly [number, number][];
  label: string;
  stamps?: readonly StampMark[];
  /** Replaces the caption that explains the track's line. */
  caption?: string;
}) {
  const { t } = useTranslation();
  const project = projection([...track, ...stamps.map((mark) => [mark.lat, mark.lon] as const)], SIZE);
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
        {stamps.length > 0 && <StampMarks marks={stamps} project={project} />}
      </svg>
      <figcaption className={classes.caption}>{caption ?? t('track:map.caption')}</figcaption>
    </figure>
  );
}
