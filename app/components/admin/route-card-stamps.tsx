/**
 * The electronic route card on the candidate's page (issue 43, decision 0049): every stamp the rider's phone sent,
 * in the order taken, as a timeline the president reads beside the paper card and the ride, and on the map of the
 * day, numbered alike, over the ride's track when there is one. Each says where and when (Paris time), how precise
 * the position was, and in words (never colour alone) whether the server accepted it, why it refused it, and what
 * it flagged for a person to judge.
 */
import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconFlag } from '@tabler/icons-react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RouteCard, RouteCardStamp } from '../../../contracts/stamps.ts';
import { controlById, isControlId } from '../../../domain/route-card/controls.ts';
import { useFormat } from '../../lib/format.ts';
import { TrackMap } from '../track/track-map.tsx';
import { type StampMark, stampOverlay } from './stamp-marks.tsx';
import { Section } from './candidate-sections.tsx';

function controlName(t: TFunction, control: string): string {
  if (!isControlId(control)) return t('admin:stamps.unknownControl', { control });
  return t(`roads:landmarks.${controlById(control).landmark}`);
}

/** How the server judged a stamp, in words. */
function judgement(t: TFunction, stamp: RouteCardStamp): string {
  if (stamp.status === 'refused')
    return t('admin:stamps.refused', { reason: t(`admin:stamps.refusals.${stamp.code ?? 'not_open'}`) });
  if (stamp.flags.length > 0) return stamp.flags.map((flag) => t(`admin:stamps.flags.${flag}`)).join(' · ');
  return t('admin:stamps.accepted');
}

/** The stamps that carry a position, numbered by their place in the timeline. */
function stampMarks(t: TFunction, stamps: readonly RouteCardStamp[]): StampMark[] {
  return stamps.flatMap((stamp, index) => {
    if (stamp.lat === null || stamp.lon === null) return [];
    const number = index + 1;
    return [
      {
        number,
        lat: stamp.lat,
        lon: stamp.lon,
        state: stamp.status === 'refused' ? 'refused' : stamp.flags.length > 0 ? 'flagged' : 'accepted',
        description: t('admin:stamps.numbered', {
          number,
          control: `${controlName(t, stamp.control)}: ${judgement(t, stamp)}`,
        }),
      },
    ];
  });
}

function StampLine({ stamp }: { stamp: RouteCardStamp }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap={2} data-testid="route-card-stamp" data-status={stamp.status}>
      <Text size="sm">
        {format.time(stamp.at)} ·{' '}
        {stamp.accuracy_m === null
          ? t('admin:stamps.noPosition')
          : t('admin:stamps.accuracy', { metres: Math.round(stamp.accuracy_m) })}
      </Text>
      {stamp.status === 'refused' && stamp.code && (
        <Text size="sm" fw={600} c="red.8">
          {t('admin:stamps.refused', { reason: t(`admin:stamps.refusals.${stamp.code}`) })}
        </Text>
      )}
      {stamp.flags.length > 0 && (
        <Group gap={6}>
          {stamp.flags.map((flag) => (
            <Badge
              key={flag}
              color="orange.2"
              c="dark.7"
              variant="filled"
              tt="none"
              leftSection={<IconFlag size={12} aria-hidden />}
              data-testid="route-card-stamp-flag"
            >
              {t(`admin:stamps.flags.${flag}`)}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

export function RouteCardStamps({
  card,
  track,
}: {
  card: RouteCard;
  /** The attached ride's points, drawn under the stamps. */
  track: readonly [number, number][];
}) {
  const { t } = useTranslation();
  const accepted = card.stamps.filter((stamp) => stamp.status === 'accepted').length;
  const marks = stampMarks(t, card.stamps);
  return (
    <Section title={t('admin:stamps.title')} id="candidate-stamps">
      <Stack gap="md">
        <Text data-testid="route-card-summary">
          {card.complete
            ? t('admin:stamps.complete', { number: accepted })
            : t('admin:stamps.incomplete', { number: accepted })}
        </Text>
        {marks.length > 0 && (
          <TrackMap
            track={track}
            overlay={stampOverlay(marks)}
            label={t('admin:stamps.mapLabel', { count: marks.length })}
            caption={t('admin:stamps.mapCaption')}
          />
        )}
        <Timeline
          bulletSize={24}
          lineWidth={2}
          aria-label={t('admin:stamps.title')}
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {card.stamps.map((stamp, index) => {
            const refused = stamp.status === 'refused';
            const Icon = refused ? IconCircleX : IconCircleCheck;
            return (
              <Timeline.Item
                key={stamp.id}
                component="li"
                bullet={<Icon size={14} aria-hidden />}
                color={refused ? 'red' : stamp.flags.length > 0 ? 'orange' : 'green'}
                title={t('admin:stamps.numbered', {
                  number: index + 1,
                  control: controlName(t, stamp.control),
                })}
              >
                <StampLine stamp={stamp} />
              </Timeline.Item>
            );
          })}
        </Timeline>
      </Stack>
    </Section>
  );
}
