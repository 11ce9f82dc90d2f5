/**
 * The dashboard's warning when an activity service refuses the club's application (Strava inactive since its
 * 2026 programme, or at its athlete limit): riders can only upload files until someone renews it.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import type { DashboardData } from './types.ts';

export function ActivityRefusals({ refusals }: { refusals: DashboardData['activityRefusals'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (refusals.length === 0) return null;
  return (
    <Stack gap="sm">
      {refusals.map((refusal) => (
        <Alert
          key={refusal.provider}
          color="orange"
          variant="light"
          role="status"
          // Mantine's orange title on the light orange reads at 3.6:1: the text's own colour reads well.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          icon={<IconPlugConnectedX aria-hidden />}
          title={t(`admin:dashboard.activityRefused.${refusal.provider}.title`)}
          data-testid="activity-refusal"
        >
          <Text size="sm">
            {t(`admin:dashboard.activityRefused.${refusal.provider}.${refusal.reason}`, {
              date: format.date(refusal.since.slice(0, 10)),
            })}
          </Text>
          <Text size="sm" mt="xs">
            {t(`admin:dashboard.activityRefused.${refusal.provider}.whatToDo`)}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
