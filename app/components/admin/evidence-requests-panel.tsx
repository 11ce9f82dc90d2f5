/**
 * Asking the rider for more, on the admin candidate page: the requests made (who, when, what, answered or not) and,
 * while a ride can still help, a message to send (POST /api/admin/candidates/{id}/evidence-requests). The rider
 * answers by attaching a ride from the account page; the list and the dashboard then say so.
 */
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RIDE_WELCOME_STATUSES } from '../../../domain/evidence.ts';
import { COMMENT_MAX, evidenceRequestBody } from '../../../domain/schemas/admin.ts';
import { adminApi } from '../../lib/api/admin.ts';
import { useFormat } from '../../lib/format.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { Section } from './candidate-sections.tsx';
import { personName } from './labels.tsx';
import type { CandidateDetail } from './types.ts';

export function EvidenceRequestsPanel({
  candidate,
  requests,
  onAsked,
}: {
  candidate: CandidateDetail['candidate'];
  requests: CandidateDetail['evidenceRequests'];
  onAsked: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { form, ref, focusErrors } = useZodForm(evidenceRequestBody, { message: '' });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [sent, setSent] = useState(false);
  const open = requests.some((request) => request.answered_at === null);
  const canAsk = RIDE_WELCOME_STATUSES.includes(candidate.statut) && !open;
  if (!canAsk && requests.length === 0) return null;
  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    setSent(false);
    try {
      await adminApi.askForEvidence(candidate.id, { message: values.message.trim() });
      form.reset();
      setSent(true);
      onAsked();
    } catch (error) {
      setMessage(applyApiError(form, error, { fields: ['message'], focus: focusErrors }));
    }
  }, focusErrors);
  const top = topFormMessage(message, form.errors);
  return (
    <Section title={t('admin:evidenceRequest.title')} id="candidate-evidence-requests">
      <Stack gap="sm" data-testid="evidence-requests">
        {requests.map((request) => (
          <Stack key={request.id} gap={2} data-testid="evidence-request-entry">
            <Group gap="xs" wrap="wrap">
              <IconMessageQuestion size={16} aria-hidden />
              <Text size="sm" fw={600}>
                {t('admin:evidenceRequest.askedBy', {
                  name: request.asked_by
                    ? personName(t, request.asked_by)
                    : t('admin:evidenceRequest.someone'),
                  date: format.dateTime(request.asked_at),
                })}
              </Text>
              <Badge
                variant="light"
                color={request.answered_at ? 'green' : 'blue'}
                data-testid="evidence-request-state"
              >
                {request.answered_at
                  ? t('admin:evidenceRequest.answered', { date: format.dateTime(request.answered_at) })
                  : t('admin:evidenceRequest.waiting')}
              </Badge>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {request.message}
            </Text>
          </Stack>
        ))}
        {sent && (
          <Text size="sm" role="status" fw={600} data-testid="evidence-request-sent">
            {t('admin:evidenceRequest.sent')}
          </Text>
        )}
        {canAsk && (
          <form ref={ref} onSubmit={submit} noValidate data-testid="evidence-request-form">
            <Stack gap="sm">
              {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
              <Textarea
                label={t('admin:evidenceRequest.message')}
                description={t('admin:evidenceRequest.messageHint')}
                required
                autosize
                minRows={3}
                maxLength={COMMENT_MAX}
                {...form.getInputProps('message')}
              />
              <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
                {t('admin:evidenceRequest.send')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Section>
  );
}
