/**
 * The route card's stamps on the map of the day (issue 43): a numbered mark where the phone took each, coloured by
 * the server's judgement and titled in words, as an overlay of the track's map. Kept out of the map itself so that
 * "Check my ride", which draws the map too, does not carry the desk's code.
 */
import type { MapOverlay, Projection } from '../track/track-map.tsx';

/** A stamp of the electronic route card where the phone took it, numbered as in the timeline beside the map. */
export interface StampMark {
  number: number;
  lat: number;
  lon: number;
  state: 'accepted' | 'flagged' | 'refused';
  /** Said by the mark's own title: the control, and how the server judged the stamp. */
  description: string;
}

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

export function stampOverlay(marks: readonly StampMark[]): MapOverlay {
  return {
    points: marks.map((mark) => [mark.lat, mark.lon] as const),
    draw: (project) => <StampMarks marks={marks} project={project} />,
  };
}
