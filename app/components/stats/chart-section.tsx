/**
 * One statistics section: a title, key figures, a chart and the same figures as a table. The table is always
 * in the page (server-rendered, read by screen readers); sighted visitors see the chart and can switch to the
 * table. The chart is drawn on the server (stats-charts.tsx), so it is in the first paint.
 *
 * The switch works without the client: what is shown follows the section's `data-view`, by CSS, and on the page
 * without the client its starter flips it (app/lib/page-without-client.server.ts); with the client, React does.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './chart-section.module.css';

export function ChartSection({
  id,
  title,
  summary,
  chart,
  table,
}: {
  id: string;
  title: string;
  summary?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const labels = { chart: t('stats:showChart'), table: t('stats:showTable') };
  return (
    <Card
      component="section"
      withBorder
      padding="lg"
      aria-labelledby={`stats-${id}`}
      data-testid={`stats-${id}`}
      data-view={showTable ? 'table' : 'chart'}
      className={classes.section}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} size="h3" id={`stats-${id}`}>
            {title}
          </Title>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setShowTable((shown) => !shown)}
            aria-expanded={showTable}
            aria-controls={`stats-${id}-table`}
            data-switches-view
            data-label-chart={labels.chart}
            data-label-table={labels.table}
          >
            {showTable ? labels.chart : labels.table}
          </Button>
        </Group>
        {summary}
        <div aria-hidden className={classes.chart}>
          {chart}
          <Text size="xs" c="gray.7" mt={4}>
            {t('stats:chartNote')}
          </Text>
        </div>
        {/* Beside the chart, for assistive technology only; in its place, a box that scrolls and takes the focus. */}
        <div id={`stats-${id}-table`}>
          <div
            className={classes.table}
            data-table-box={title}
            {...(showTable && { tabIndex: 0, role: 'group', 'aria-label': title })}
          >
            {table}
          </div>
        </div>
      </Stack>
    </Card>
  );
}
