/**
 * Small pieces of the admin pages: a candidate's status, a buyer's open request to cancel, the president badge,
 * the homologator's name.
 */
import { Badge, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconCrown } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CandidateStatus } from '../../../domain/statuses.ts';
import { useFormat } from '../../lib/format.ts';
import type { CandidateRow, Homologator } from './types.ts';

const STATUS_COLORS: Record<CandidateStatus, string> = {
  pending_payment: 'gray',
  awaiting_consent: 'yellow',
  to_process: 'orange',
  processed: 'blue',
  card_received: 'violet',
  homologated: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};

export function StatusBadge({ status }: { status: CandidateStatus }) {
  const { t } = useTranslation();
  return (
    // The dot carries the colour and the text stays dark, readable at badge size whatever the status.
    <Badge color={STATUS_COLORS[status]} variant="dot" data-testid="candidate-status">
      {t(`admin:statuses.${status}`)}
    </Badge>
  );
}

/**
 * "Cancellation requested", in words and with the dashboard's icon for the requests, linking to them: the kit
 * waits for the decision (docs/API.md), which the title says with the day the buyer asked.
 */
export function CancellationRequestBadge({
  request,
}: {
  request: NonNullable<CandidateRow['cancellation_request']>;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  return (
    <Badge
      component={Link}
      to={`/${i18n.language}/administration/cancellation-requests`}
      color="red"
      variant="light"
      leftSection={<IconArrowBackUp size={12} aria-hidden />}
      title={t('admin:table.cancellationRequestedSince', { date: format.timestamp(request.asked_at) })}
      styles={{ root: { cursor: 'pointer' } }}
      data-testid="cancellation-requested"
    >
      {t('admin:table.cancellationRequested')}
    </Badge>
  );
}

export function PresidentBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="yellow.3" c="dark.7" variant="filled" leftSection={<IconCrown size={12} aria-hidden />}>
      {t('homologation:president')}
    </Badge>
  );
}

/** A person's name, or "Administrator no. 3" for an account whose name was never filled in. */
export function personName(t: TFunction, person: { id: number; name: string }): string {
  return person.name.trim() || t('admin:unnamed', { id: person.id });
}

/** "certified by Jean Dupont [President]". */
export function CertifiedBy({ homologator }: { homologator: Homologator | null }) {
  const { t } = useTranslation();
  if (!homologator) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{t('homologation:certifiedBy', { name: personName(t, homologator) })}</Text>
      {homologator.president && <PresidentBadge />}
    </Group>
  );
}
