/** Account page, orders: the user's orders with their candidates and documents; an empty state before the first. */
import { Button, EmptyState } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PresentedOrder } from '../../../contracts/orders.ts';
import type { CancellationRequestView } from '../../../contracts/refunds.ts';
import { OrdersList } from '../order/orders-list.tsx';

export function OrdersTab({
  orders,
  cancellationRequests,
}: {
  orders: PresentedOrder[];
  cancellationRequests: readonly CancellationRequestView[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <OrdersList
      orders={orders}
      cancellationRequests={cancellationRequests}
      empty={
        <EmptyState withIndicatorBackground py="xl" data-testid="orders-empty">
          <EmptyState.Indicator>
            <IconReceipt aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Title order={2}>{t('account:orders.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t('account:orders.emptyText')}</EmptyState.Description>
          <EmptyState.Actions>
            <Button component={Link} to={`/${i18n.language}/order`}>
              {t('account:orders.action')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      }
    />
  );
}
