/**
 * One statistics section: a title, key figures, a chart and the same figures as a table. The table is always
 * in the page (server-rendered, read by screen readers); sighted visitors see the chart and can switch to the
 * table. The chart is drawn on the server (stats-charts.tsx), so it is in the first paint.
 */
import { Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../public/scroll-region.tsx';
import { useHydrated } from '../../lib/hydrated.ts';

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
  const hydrated = useHydrated();
  const [showTable, setShowTable] = useState(false);
  return (
    <Card
      component="section"
      withBorder
      padding="lg"
      aria-labelledby={`stats-${id}`}
      data-testid={`stats-${id}`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} size="h3" id={`stats-${id}`}>
            {title}
          </Title>
          {hydrated && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setShowTable((shown) => !shown)}
              aria-expanded={showTable}
              aria-controls={`stats-${id}-table`}
            >
              {showTable ? t('stats:showChart') : t('stats:showTable')}
            </Button>
          )}
        </Group>
        {summary}
        {!showTable && (
          <div aria-hidden>
            {chart}
            <Text size="xs" c="gray.7" mt={4}>
              {t('stats:chartNote')}
            </Text>
          </div>
        )}
        <div id={`stats-${id}-table`}>
          {showTable ? (
            <ScrollRegion label={title}>{table}</ScrollRegion>
          ) : (
            <VisuallyHidden>{table}</VisuallyHidden>
          )}
        </div>
      </Stack>
    </Card>
  );
}
