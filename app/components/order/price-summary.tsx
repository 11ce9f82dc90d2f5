/**
 * The price of the order as the server computes it (POST /api/orders/price), asked again whenever the number of
 * candidates changes. The browser never computes a price itself.
 */
import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY, type Price } from '../../../domain/prices.ts';
import { apiRequest } from '../../lib/api/client.ts';
import type { CandidateDraft } from '../../../domain/schemas/candidate.ts';
import { useFormat } from '../../lib/format.ts';
import { useRootData } from '../../lib/root-data.ts';
import { Notice } from './notice.tsx';

type PriceState = { status: 'loading' } | { status: 'ready'; price: Price } | { status: 'error' };

const PRICE_DELAY_MS = 250;

/** The server's price for these candidates; only their number matters, so only a new number asks again. */
export function useOrderPrice(candidats: readonly CandidateDraft[]): PriceState {
  const count = candidats.length;
  const [state, setState] = useState<PriceState>({ status: 'loading' });
  const [asked, setAsked] = useState<readonly CandidateDraft[]>(candidats);
  if (asked.length !== count) setAsked(candidats);

  useEffect(() => {
    if (asked.length === 0) return;
    let current = true;
    const timer = setTimeout(() => {
      setState({ status: 'loading' });
      apiRequest<Price>('POST', '/api/orders/price', { candidats: asked }).then(
        (price) => current && setState({ status: 'ready', price }),
        () => current && setState({ status: 'error' }),
      );
    }, PRICE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [asked]);

  return state;
}

export function PriceLines({ price }: { price: Price }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text>
          {t('price.line', {
            count: price.count,
            unit: format.money(price.unit_price, price.currency),
          })}
        </Text>
        <Text>{format.money(price.total, price.currency)}</Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{t('price.total')}</Text>
        <Text fw={700} data-testid="order-total">
          {format.money(price.total, price.currency)}
        </Text>
      </Group>
    </Stack>
  );
}

/** The next price the club planned (its settings), so that nobody is surprised by a change of price. */
function NextPrice() {
  const { t } = useTranslation('order');
  const format = useFormat();
  const next = useRootData()?.settings.nextPrice;
  if (!next) return null;
  return (
    <Text size="sm" c="dimmed" mt="xs" data-testid="order-next-price">
      {t('price.next', { date: format.date(next.from), price: format.money(next.cents, DEFAULT_CURRENCY) })}
    </Text>
  );
}

export function PriceSummary({ candidats }: { candidats: readonly CandidateDraft[] }) {
  const { t } = useTranslation('order');
  const state = useOrderPrice(candidats);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="price-title">
      <Text id="price-title" fw={700} mb="xs">
        {t('price.title')}
      </Text>
      <div aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text c="dimmed">{t('price.loading')}</Text>
          </Group>
        )}
        {state.status === 'ready' && <PriceLines price={state.price} />}
        {state.status === 'error' && (
          <Notice color="red" icon={<IconAlertCircle aria-hidden />} data-testid="price-error">
            {t('validation:order_price_error')}
          </Notice>
        )}
      </div>
      <NextPrice />
    </Paper>
  );
}
