/**
 * A minor's guardian on the admin candidate page: who they are, whether the link went and what they answered, and,
 * while the registration waits, recording a consent received on paper with a note (POST
 * /api/admin/candidates/{id}/guardian-consent), which lets the kit go.
 */
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX, paperConsentBody } from '../../../domain/schemas/admin.ts';
import { adminApi } from '../../lib/api/admin.ts';
import { useFormat } from '../../lib/format.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { Section } from './candidate-sections.tsx';
import type { CandidateDetail } from './types.ts';

export function GuardianPanel({
  candidate,
  consent,
  onRecorded,
}: {
  candidate: CandidateDetail['candidate'];
  consent: CandidateDetail['guardianConsent'];
  onRecorded: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { form, ref, focusErrors } = useZodForm(paperConsentBody, { note: '' });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const guardian = candidate.tuteur;
  if (!guardian) return null;
  const waiting = candidate.statut === 'awaiting_consent';
  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      await adminApi.recordPaperConsent(candidate.id, { note: values.note.trim() });
      form.reset();
      onRecorded();
    } catch (error) {
      setMessage(applyApiError(form, error, { fields: ['note'], focus: focusErrors }));
    }
  }, focusErrors);
  const top = topFormMessage(message, form.errors);
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
          <form ref={ref} onSubmit={submit} noValidate data-testid="paper-consent-form">
            <Stack gap="sm">
              {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
              <Textarea
                label={t('admin:guardian.note')}
                description={t('admin:guardian.noteHint')}
                required
                autosize
                minRows={2}
                maxLength={COMMENT_MAX}
                {...form.getInputProps('note')}
              />
              <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
                {t('admin:guardian.record')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Section>
  );
}
