/**
 * A returned card's evidence at a glance, in the in-progress list: an icon and words (never colour alone) for how
 * it stands, the ride's source and day, its flags by name, the electronic route card's stamps and their flags, and
 * where the request to the rider stands.
 */
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFlag,
  IconMessageQuestion,
  IconRouteOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CandidateEvidence } from '../../../contracts/admin.ts';
import type { EvidenceState } from '../../../domain/evidence.ts';
import { useFormat } from '../../lib/format.ts';

const LOOKS: Record<EvidenceState, { icon: typeof IconFlag; color: string }> = {
  clean: { icon: IconCircleCheck, color: 'green' },
  flagged: { icon: IconFlag, color: 'orange' },
  requested: { icon: IconMessageQuestion, color: 'blue' },
  review: { icon: IconAlertTriangle, color: 'yellow' },
  missing: { icon: IconRouteOff, color: 'gray' },
};

export function EvidenceSummary({ evidence }: { evidence: CandidateEvidence | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!evidence) return <>—</>;
  const { icon: Icon, color } = LOOKS[evidence.state];
  const { track, stamps, request } = evidence;
  return (
    <Group gap={8} wrap="nowrap" align="flex-start" data-testid="evidence" data-state={evidence.state}>
      <ThemeIcon color={color} variant="light" radius="xl" size={26} aria-hidden>
        <Icon size={16} />
      </ThemeIcon>
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {t(`admin:evidence.states.${evidence.state}`)}
        </Text>
        {track && (
          <Text size="xs" c="dimmed">
            {t(`admin:evidence.source.${track.source}`)}
            {track.day ? ` · ${format.shortDate(track.day)}` : ''}
            {evidence.state === 'review' ? ` · ${t(`admin:evidence.verdict.${track.verdict}`)}` : ''}
          </Text>
        )}
        {track?.flags.map((flag, index) => (
          <Text size="xs" key={`${flag.code}-${index}`} data-testid="evidence-flag">
            {t(`admin:evidence.flags.${flag.code}`, { reference: flag.reference ?? '' })}
          </Text>
        ))}
        {stamps && (
          <Text size="xs" c="dimmed" data-testid="evidence-stamps">
            {t(stamps.complete ? 'admin:evidence.stampsComplete' : 'admin:evidence.stampsPartial', {
              number: stamps.count,
            })}
            {` · ${format.shortDate(stamps.day)}`}
          </Text>
        )}
        {stamps?.flags.map((flag) => (
          <Text size="xs" key={flag} data-testid="evidence-flag">
            {t(`admin:stamps.flags.${flag}`)}
          </Text>
        ))}
        {request && (
          <Text size="xs" c="dimmed">
            {request.answered_at
              ? t('admin:evidence.answered', { date: format.timestamp(request.answered_at) })
              : t('admin:evidence.asked', { date: format.timestamp(request.asked_at) })}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
