/**
 * The statistics charts as SVG and HTML drawn on the server, like the ascent profiles (decision 0004): no chart
 * library and no script, so the page paints its charts with its first HTML and hydrates quickly. Each chart is a
 * picture of the table beside it, which is what assistive technology reads (see chart-section.tsx).
 */
import { chartScale } from './chart-scale.ts';
import classes from './stats-charts.module.css';

export interface ChartBar {
  label: string;
  value: number;
}

/** The club's red, then blue and teal: distinct for every common colour vision. */
const COLOURS = ['var(--mantine-color-club-7)', 'var(--mantine-color-blue-7)', 'var(--mantine-color-teal-7)'];
const colour = (index: number) => COLOURS[index % COLOURS.length]!;

function Legend({ items }: { items: { label: string; value?: string }[] }) {
  return (
    <ul className={classes.legend}>
      {items.map((item, index) => (
        <li key={item.label}>
          <span className={classes.swatch} style={{ background: colour(index) }} />
          {item.label}
          {item.value !== undefined && <span className={classes.value}>{item.value}</span>}
        </li>
      ))}
    </ul>
  );
}

/** A ring cut into one arc per bar, with its legend. */
export function DonutFigure({ bars, format }: { bars: ChartBar[]; format: (value: number) => string }) {
  const total = bars.reduce((sum, bar) => sum + bar.value, 0) || 1;
  const radius = 80;
  const circumference = 2 * Math.PI * radius;
  const lengths = bars.map((bar) => (bar.value / total) * circumference);
  const starts = lengths.map((_, index) => lengths.slice(0, index).reduce((sum, length) => sum + length, 0));
  return (
    <div className={classes.donut}>
      <svg viewBox="0 0 220 220" width="220" height="220" className={classes.donutChart}>
        <g transform="rotate(-90 110 110)" fill="none" strokeWidth="34">
          {bars.map((bar, index) => (
            <circle
              key={bar.label}
              cx="110"
              cy="110"
              r={radius}
              stroke={colour(index)}
              strokeDasharray={`${lengths[index]} ${circumference - lengths[index]!}`}
              strokeDashoffset={-starts[index]!}
            />
          ))}
        </g>
      </svg>
      <Legend items={bars.map((bar) => ({ label: bar.label, value: format(bar.value) }))} />
    </div>
  );
}

const COLUMNS = { width: 640, height: 280, left: 64, right: 8, top: 16, bottom: 36 };

/** The value lines with their figures, and the labels under the bars. */
function ColumnsAxis({
  ticks,
  y,
  format,
  labels,
  slot,
}: {
  ticks: number[];
  y: (value: number) => number;
  format: (value: number) => string;
  labels: string[];
  slot: number;
}) {
  const { width, height, left, right } = COLUMNS;
  // At most six labels under the bars, evenly spread, so they never overlap, even in the phone's larger type.
  const labelEvery = Math.max(1, Math.ceil(labels.length / 6));
  return (
    <g className={classes.axis}>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={width - right} y1={y(tick)} y2={y(tick)} className={classes.grid} />
          <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {format(tick)}
          </text>
        </g>
      ))}
      {labels.map((label, index) =>
        index % labelEvery === 0 ? (
          <text key={label} x={left + slot * (index + 0.5)} y={height - 6} textAnchor="middle">
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** Vertical bars, one series or stacked series (years by challenge). */
export function ColumnsFigure({
  data,
  dataKey,
  series,
  format,
  stacked = false,
}: {
  data: Record<string, string | number>[];
  dataKey: string;
  series: { name: string; label: string }[];
  format: (value: number) => string;
  stacked?: boolean;
}) {
  const heights = data.map((entry) =>
    stacked
      ? series.reduce((sum, item) => sum + Number(entry[item.name] ?? 0), 0)
      : Math.max(...series.map((item) => Number(entry[item.name] ?? 0))),
  );
  const { max, ticks } = chartScale(Math.max(0, ...heights));
  const { width, height, left, right, top, bottom } = COLUMNS;
  const plotHeight = height - top - bottom;
  const slot = (width - left - right) / Math.max(1, data.length);
  const barWidth = Math.max(2, (slot * (stacked ? 0.8 : 0.7)) / (stacked ? 1 : series.length));
  const y = (value: number) => top + plotHeight - (value / max) * plotHeight;
  return (
    <div>
      <svg viewBox={`0 0 ${width} ${height}`} className={classes.columns} preserveAspectRatio="xMidYMid meet">
        <ColumnsAxis
          ticks={ticks}
          y={y}
          format={format}
          labels={data.map((entry) => String(entry[dataKey]))}
          slot={slot}
        />
        {data.map((entry, index) => {
          let base = 0;
          return (
            <g key={String(entry[dataKey])}>
              {series.map((item, seriesIndex) => {
                const value = Number(entry[item.name] ?? 0);
                const x = stacked
                  ? left + slot * index + (slot - barWidth) / 2
                  : left + slot * index + (slot - barWidth * series.length) / 2 + barWidth * seriesIndex;
                const from = stacked ? base : 0;
                if (stacked) base += value;
                if (value <= 0) return null;
                return (
                  <rect
                    key={item.name}
                    x={x}
                    y={y(from + value)}
                    width={barWidth}
                    height={y(from) - y(from + value)}
                    fill={colour(seriesIndex)}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      {series.length > 1 && <Legend items={series} />}
    </div>
  );
}

/** Horizontal bars with long labels (countries): a label, a bar in proportion, the figure. */
export function RowsFigure({ bars, format }: { bars: ChartBar[]; format: (value: number) => string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <div className={classes.rows}>
      {bars.map((bar) => (
        <div key={bar.label} className={classes.row}>
          <span className={classes.rowLabel}>{bar.label}</span>
          <span className={classes.track}>
            <span className={classes.bar} style={{ width: `${(bar.value / max) * 100}%` }} />
          </span>
          <span className={classes.value}>{format(bar.value)}</span>
        </div>
      ))}
    </div>
  );
}
