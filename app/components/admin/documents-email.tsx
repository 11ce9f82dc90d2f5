/**
 * On a candidate's file: whether the route card and frame plate went out by email, and when; and sending them
 * (again) as an explicit action behind a confirmation, since the candidate may already have them — they are
 * emailed automatically right after payment for a kit delivered by email. Not while a minor's guardian has not
 * answered: the kit waits for that.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMailCheck, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api/client.ts';
import { AdminModal } from './admin-modal.tsx';
import { adminApi } from '../../lib/api/admin.ts';
import { useFormat } from '../../lib/format.ts';
import type { CandidateRecord } from './types.ts';
import { ActionOutcome, type Outcome } from './action-outcome.tsx';

export function DocumentsEmail({ candidate, onSent }: { candidate: CandidateRecord; onSent: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sentAt = candidate.documents_sent_at;
  // A minor's kit waits for the guardian: the API refuses to send it (409 awaiting_consent), so it is not offered.
  if (candidate.statut === 'awaiting_consent')
    return (
      <Text size="sm" c="dimmed" mt="md" data-testid="documents-after-consent">
        {t('admin:candidate.documentsAfterConsent')}
      </Text>
    );

  const send = async () => {
    setConfirming(false);
    setOutcome(null);
    setBusy(true);
    try {
      await adminApi.sendDocuments([candidate.id]);
      setOutcome({ kind: 'success', text: t('admin:candidate.sentDone', { email: candidate.email }) });
      onSent();
    } catch (error) {
      setOutcome({ kind: 'error', text: t(errorMessageKey(error)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" mt="md">
      {sentAt ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMailCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
          <Text size="sm" fw={600} data-testid="documents-sent">
            {t('admin:candidate.sentByEmail', { date: format.dateTime(sentAt) })}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="documents-sent">
          {t('admin:candidate.notSentByEmail')}
        </Text>
      )}
      <div>
        <Button
          variant="default"
          leftSection={<IconMailForward size={16} aria-hidden />}
          loading={busy}
          onClick={() => setConfirming(true)}
        >
          {sentAt ? t('admin:candidate.sendAgain') : t('admin:candidate.sendNow')}
        </Button>
      </div>
      <ActionOutcome outcome={outcome} testId="documents-sent-outcome" />
      <AdminModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={sentAt ? t('admin:candidate.sendAgainTitle') : t('admin:candidate.sendNow')}
      >
        <Stack gap="md">
          <Text>
            {sentAt
              ? t('admin:candidate.sendAgainText', { email: candidate.email, date: format.dateTime(sentAt) })
              : t('admin:candidate.sendFirstText', { email: candidate.email })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('admin:cancel')}
            </Button>
            <Button onClick={() => void send()} data-autofocus data-testid="confirm-send-documents">
              {sentAt ? t('admin:candidate.sendAgain') : t('admin:candidate.sendNow')}
            </Button>
          </Group>
        </Stack>
      </AdminModal>
    </Stack>
  );
}
