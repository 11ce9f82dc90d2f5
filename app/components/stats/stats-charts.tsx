/**
 * The statistics charts (Mantine charts on recharts). Loaded lazily in the browser only: the page's numbers
 * are server-rendered in tables, the charts are a picture of the same figures.
 */
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';

export interface ChartBar {
  label: string;
  value: number;
}

const CLUB_COLOURS = ['club.7', 'blue.7', 'teal.7'];

export function DonutFigure({ bars, format }: { bars: ChartBar[]; format: (value: number) => string }) {
  return (
    <DonutChart
      data={bars.map((bar, index) => ({
        name: bar.label,
        value: bar.value,
        color: CLUB_COLOURS[index % CLUB_COLOURS.length]!,
      }))}
      size={220}
      thickness={34}
      withLabelsLine={false}
      tooltipDataSource="segment"
      valueFormatter={format}
      mx="auto"
    />
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
  return (
    <BarChart
      h={320}
      data={data}
      dataKey={dataKey}
      type={stacked ? 'stacked' : 'default'}
      series={series.map((entry, index) => ({ ...entry, color: CLUB_COLOURS[index % CLUB_COLOURS.length]! }))}
      withLegend={series.length > 1}
      valueFormatter={format}
      tickLine="y"
      gridAxis="y"
    />
  );
}

/** Horizontal bars with long labels (countries). */
export function RowsFigure({ bars, format }: { bars: ChartBar[]; format: (value: number) => string }) {
  return (
    <BarChart
      h={Math.max(200, bars.length * 26)}
      data={bars.map((bar) => ({ label: bar.label, value: bar.value }))}
      dataKey="label"
      orientation="vertical"
      series={[{ name: 'value', color: 'club.7' }]}
      valueFormatter={format}
      yAxisProps={{ width: 150 }}
      gridAxis="x"
      tickLine="x"
    />
  );
}
