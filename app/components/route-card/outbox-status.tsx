/** Where the phone's stamps stand: kept without a connection, being sent, all sent; and "send now". */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OutboxState } from './use-outbox.ts';

export function OutboxStatus({
  pendingCount,
  state,
  onSend,
}: {
  pendingCount: number;
  state: OutboxState;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  const message =
    state === 'sending'
      ? t('routecard:outbox.sending')
      : pendingCount === 0
        ? state === 'sent'
          ? t('routecard:outbox.allSent')
          : null
        : state === 'offline'
          ? t('routecard:outbox.offline', { count: pendingCount })
          : state === 'refused'
            ? t('routecard:outbox.refused', { count: pendingCount })
            : t('routecard:outbox.waiting', { count: pendingCount });
  return (
    <Stack gap="sm">
      <div role="status" aria-live="polite" data-testid="outbox-status">
        {message && (
          <Alert
            color={pendingCount > 0 ? 'orange' : 'green'}
            icon={pendingCount > 0 ? <IconCloudOff aria-hidden /> : <IconCloudUpload aria-hidden />}
          >
            <Text fz="lg">{message}</Text>
          </Alert>
        )}
      </div>
      {pendingCount > 0 && (
        <Button size="lg" variant="default" onClick={onSend} loading={state === 'sending'}>
          {t('routecard:outbox.sendNow')}
        </Button>
      )}
    </Stack>
  );
}
