/**
 * The buyer gave up on the provider's page: nothing was charged. Arriving here changes nothing (a link could
 * bring anyone here); the page shows the order's state and, while it is unpaid, offers to pay it now or to
 * cancel it, each a POST.
 */
import '../../styles/mantine-all.ts';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestContext } from '#request-context';
import type { OrderStatus } from '../../../domain/statuses.ts';
import { CancelOrderButton, PayOrderButton } from '../../components/order/order-actions.tsx';
import { orderIdParam } from '../../components/order/order-status-polling.ts';
import { OrderStatusBadge } from '../../components/order/orders-list.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import forms from '../../components/forms/forms.module.css';
import { useRootData } from '../../lib/root-data.ts';
import type { Route } from './+types/payment-cancelled';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = context.get(requestContext);
  const orderId = orderIdParam(new URL(request.url).searchParams.get('order'));
  if (!user || orderId === null) return { order: null };
  try {
    const order = await services.orders.get(user.id, orderId);
    return {
      order: { id: order.id, reference: order.reference, status: order.status, payable: order.payable },
    };
  } catch {
    // Another person's order, or none: the page says only what is true of every visit.
    return { order: null };
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('order');
  const lang = i18n.language;
  const signedIn = Boolean(useRootData()?.user);
  const { order } = loaderData;
  const [status, setStatus] = useState<OrderStatus | null>(order?.status ?? null);
  const open = order !== null && order.payable && (status === 'pending' || status === 'failed');
  return (
    <Stack maw={720} mx="auto" className={forms.readable} gap={0}>
      <PageIntro prefix="order:cancelled." noindex />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="payment-cancelled">
        <Stack gap="md">
          {order && status && (
            <Group gap="sm" data-testid="cancelled-order-state" aria-live="polite">
              <Text fw={700}>{t('orders.order', { reference: order.reference })}</Text>
              <OrderStatusBadge status={status} />
            </Group>
          )}
          {open ? (
            <>
              <Text>{t('cancelled.openText')}</Text>
              <Group gap="sm" align="flex-start">
                <PayOrderButton orderId={order.id} label={t('cancelled.payNow')} />
                <CancelOrderButton orderId={order.id} onCancelled={setStatus} />
              </Group>
            </>
          ) : (
            <Text>{t('cancelled.text')}</Text>
          )}
          <Group gap="sm">
            <Button component={Link} to={`/${lang}`} variant={open ? 'subtle' : 'filled'}>
              {t('cancelled.home')}
            </Button>
            {signedIn && !open && (
              <Button component={Link} to={`/${lang}/order`} variant="light">
                {t('cancelled.again')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
