/**
 * The buyer's buttons on an unpaid order: pay it (a new attempt on the same order, then the provider's page) and
 * give it up. Both are POSTs: no link or page load ever changes an order.
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../domain/statuses.ts';
import { apiRequest, errorMessageKey } from '../../lib/api/client.ts';

/** Sends one POST at a time and keeps the error key of the last failure. */
function useSingleAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const run = async (action: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorMessageKey(caught));
      setBusy(false);
      inFlight.current = false;
    }
  };
  return { busy, error, run };
}

export function PayOrderButton({ orderId, label }: { orderId: number; label: string }) {
  const { t, i18n } = useTranslation('order');
  const { busy, error, run } = useSingleAction();
  const pay = () =>
    run(async () => {
      const answer = await apiRequest<{ redirect_url: string }>(
        'POST',
        `/api/orders/${orderId}/pay?lang=${encodeURIComponent(i18n.language)}`,
      );
      // Still busy while the provider's page loads.
      window.location.assign(answer.redirect_url);
    });
  return (
    <Stack gap={4} align="flex-start">
      <Button
        leftSection={<IconLock size={18} aria-hidden />}
        loading={busy}
        onClick={() => void pay()}
        data-testid="pay-order"
      >
        {label}
      </Button>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {t(error)}
        </Text>
      )}
    </Stack>
  );
}

export function CancelOrderButton({
  orderId,
  onCancelled,
}: {
  orderId: number;
  onCancelled: (status: OrderStatus) => void;
}) {
  const { t } = useTranslation('order');
  const { busy, error, run } = useSingleAction();
  const cancel = () =>
    run(async () => {
      const answer = await apiRequest<{ status: OrderStatus }>('POST', `/api/orders/${orderId}/cancel`);
      onCancelled(answer.status);
    });
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" loading={busy} onClick={() => void cancel()} data-testid="cancel-order">
        {t('cancelled.cancelOrder')}
      </Button>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {t(error)}
        </Text>
      )}
    </Stack>
  );
}
