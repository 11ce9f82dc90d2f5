/**
 * A minor's guardian on the admin candidate page: who they are, whether the link went and what they answered, and,
 * while the registration waits, recording a consent received on paper with a note (POST
 * /api/admin/candidates/{id}/guardian-consent), which lets the kit go: a dialog first names whose consent is
 * recorded and where the kit goes (emailed at once, or to the list of kits to post or hand over).
 */
import { Stack, Text } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paperConsentBody } from '../../../domain/schemas/admin.ts';
import { adminApi } from '../../lib/api/admin.ts';
import { useFormat } from '../../lib/format.ts';
import { Section } from './candidate-sections.tsx';
import { CommentForm } from './comment-form.tsx';
import type { DeliveryMode } from '../../../domain/statuses.ts';
import type { CandidateDetail } from './types.ts';

export function GuardianPanel({
  candidate,
  consent,
  deliveryMode,
  onRecorded,
}: {
  candidate: CandidateDetail['candidate'];
  consent: CandidateDetail['guardianConsent'];
  /** The order's delivery: where the kit goes once the consent is recorded. */
  deliveryMode: DeliveryMode | null;
  onRecorded: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const guardian = candidate.tuteur;
  if (!guardian) return null;
  const waiting = candidate.statut === 'awaiting_consent';
  const state = !consent
    ? t('admin:guardian.notSent')
    : consent.decision === 'confirmed'
      ? t(consent.method === 'paper' ? 'admin:guardian.paper' : 'admin:guardian.confirmed', {
          date: format.dateTime(consent.decided_at!),
        })
      : consent.decision === 'refused'
        ? t('admin:guardian.refused', { date: format.dateTime(consent.decided_at!) })
        : t('admin:guardian.waiting', { date: format.dateTime(consent.sent_at) });
  return (
    <Section title={t('admin:guardian.title')} id="candidate-guardian">
      <Stack gap="sm" data-testid="guardian-panel">
        <Text fw={700}>
          <IconUserShield size={16} aria-hidden /> {guardian.prenom} {guardian.nom} · {guardian.email}
        </Text>
        <Text size="sm" data-testid="guardian-state">
          {state}
        </Text>
        {waiting && (
          <CommentForm
            field="note"
            schema={paperConsentBody}
            labels={{
              label: 'admin:guardian.note',
              description: 'admin:guardian.noteHint',
              submit: 'admin:guardian.record',
            }}
            minRows={2}
            testId="paper-consent-form"
            send={(note) => adminApi.recordPaperConsent(candidate.id, { note })}
            onSent={onRecorded}
            confirmation={{
              title: t('admin:guardian.confirmTitle'),
              text: t(`admin:guardian.confirmText.${deliveryMode ?? 'postal'}`, {
                guardian: `${guardian.prenom} ${guardian.nom}`,
                candidate: `${candidate.prenom} ${candidate.nom}`,
                email: candidate.email,
              }),
              action: t(deliveryMode === 'email' ? 'admin:guardian.recordAndSend' : 'admin:guardian.record'),
            }}
          />
        )}
      </Stack>
    </Section>
  );
}
