/**
 * Asking the rider for more, on the admin candidate page: the requests made (who, when, what, answered or not) and,
 * while a ride can still help, a message to send (POST /api/admin/candidates/{id}/evidence-requests). The rider
 * answers by attaching a ride from the account page; the list and the dashboard then say so.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RIDE_WELCOME_STATUSES } from '../../../domain/evidence.ts';
import { evidenceRequestBody } from '../../../domain/schemas/admin.ts';
import { adminApi } from '../../lib/api/admin.ts';
import { useFormat } from '../../lib/format.ts';
import { Section } from './candidate-sections.tsx';
import { CommentForm } from './comment-form.tsx';
import { personName } from './labels.tsx';
import type { CandidateDetail } from './types.ts';

type EvidenceRequest = CandidateDetail['evidenceRequests'][number];

function EvidenceRequestEntry({ request }: { request: EvidenceRequest }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap={2} data-testid="evidence-request-entry">
      <Group gap="xs" wrap="wrap">
        <IconMessageQuestion size={16} aria-hidden />
        <Text size="sm" fw={600}>
          {t('admin:evidenceRequest.askedBy', {
            name: request.asked_by ? personName(t, request.asked_by) : t('admin:evidenceRequest.someone'),
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
  );
}

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
  const [sent, setSent] = useState(false);
  const open = requests.some((request) => request.answered_at === null);
  const canAsk = RIDE_WELCOME_STATUSES.includes(candidate.statut) && !open;
  if (!canAsk && requests.length === 0) return null;
  return (
    <Section title={t('admin:evidenceRequest.title')} id="candidate-evidence-requests">
      <Stack gap="sm" data-testid="evidence-requests">
        {requests.map((request) => (
          <EvidenceRequestEntry key={request.id} request={request} />
        ))}
        {sent && (
          <Text size="sm" role="status" fw={600} data-testid="evidence-request-sent">
            {t('admin:evidenceRequest.sent')}
          </Text>
        )}
        {canAsk && (
          <CommentForm
            field="message"
            schema={evidenceRequestBody}
            labels={{
              label: 'admin:evidenceRequest.message',
              description: 'admin:evidenceRequest.messageHint',
              submit: 'admin:evidenceRequest.send',
            }}
            minRows={3}
            testId="evidence-request-form"
            send={(message) => {
              setSent(false);
              return adminApi.askForEvidence(candidate.id, { message });
            }}
            onSent={() => {
              setSent(true);
              onAsked();
            }}
          />
        )}
      </Stack>
    </Section>
  );
}
