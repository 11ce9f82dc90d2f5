/**
 * The stamps of the card, in the order taken: those the server has (accepted, or refused with its reason) and those
 * still on this phone, each said in words as well as by its icon.
 */
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RouteCardStamp } from '../../../contracts/stamps.ts';
import { isControlId } from '../../../domain/route-card/controls.ts';
import { useFormat } from '../../lib/format.ts';
import type { PendingStamp } from './outbox.ts';
import { useControlName } from './stamp-buttons.tsx';

interface Line {
  key: string;
  control: string;
  at: string;
  status: 'accepted' | 'refused' | 'pending';
  code: string | null;
}

const ICONS = {
  accepted: { icon: IconCircleCheck, color: 'green' },
  refused: { icon: IconCircleX, color: 'red' },
  pending: { icon: IconCloudUpload, color: 'blue' },
} as const;

export function linesOf(stamps: readonly RouteCardStamp[], pending: readonly PendingStamp[]): Line[] {
  const sent = new Set(stamps.map((stamp) => stamp.client_id));
  return [
    ...stamps.map((stamp) => ({ key: stamp.client_id, ...stamp })),
    ...pending
      .filter((stamp) => !sent.has(stamp.client_id))
      .map((stamp) => ({ key: stamp.client_id, ...stamp, status: 'pending' as const, code: null })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

export function StampList({ lines }: { lines: readonly Line[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = useControlName();
  if (lines.length === 0) return <Text fz="lg">{t('routecard:noStamps')}</Text>;
  return (
    <Stack
      component="ol"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('routecard:stamps')}
    >
      {lines.map((line) => {
        const { icon: Icon, color } = ICONS[line.status];
        return (
          <Paper
            component="li"
            withBorder
            p="sm"
            key={line.key}
            data-testid="stamp"
            data-status={line.status}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon color={color} variant="light" radius="xl" size={32} aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text fz="lg" fw={700}>
                  {isControlId(line.control) ? name(line.control) : line.control} · {format.time(line.at)}
                </Text>
                <Text fz="md">
                  {line.status === 'refused'
                    ? t('routecard:status.refused', { reason: t(`routecard:refusals.${line.code}`) })
                    : t(`routecard:status.${line.status}`)}
                </Text>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
