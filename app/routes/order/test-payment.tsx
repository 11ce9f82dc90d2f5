/**
 * The built-in test provider's hosted page, used in test mode (decision 0015): it says plainly that no
 * money moves, shows the order and amount, and lets the buyer approve, decline or cancel. The server then
 * notifies itself through the same signed webhook a real provider would send.
 */
import '../../styles/mantine-all.ts';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconFlask, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { requestContext } from '#request-context';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { useFormat } from '../../lib/format.ts';
import forms from '../../components/forms/forms.module.css';
import { Seo } from '../../components/seo.tsx';
import { apiRequest, errorMessageKey } from '../../lib/api/client.ts';
import type { Route } from './+types/test-payment';

type Outcome = 'approve' | 'decline' | 'cancel';

/** Payment attempts in these states still wait for the buyer's decision. */
const OPEN_STATUSES = ['created', 'pending'];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { user, services } = context.get(requestContext);
  const paymentId = Number(params.paymentId);
  const session =
    Number.isSafeInteger(paymentId) && paymentId > 0
      ? await services.payments.testCheckout.session(paymentId, user)
      : null;
  if (!session) throw data(null, { status: 404 });
  return { session };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('order');
  const format = useFormat();
  const { session } = loaderData;
  const [pending, setPending] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = OPEN_STATUSES.includes(session.status);

  const decide = async (outcome: Outcome) => {
    if (pending) return;
    setPending(outcome);
    setError(null);
    try {
      const answer = await apiRequest<{ redirect_url: string }>(
        'POST',
        `/api/payments/test/${session.paymentId}/${outcome}?lang=${i18n.language}`,
      );
      window.location.assign(answer.redirect_url);
    } catch (caught) {
      setError(errorMessageKey(caught));
      setPending(null);
    }
  };

  return (
    <Stack gap="lg" className={forms.readable}>
      <Seo title={t('testPayment.meta.title')} description={t('testPayment.meta.description')} noindex />
      <Alert
        color="yellow"
        variant="filled"
        // Dark text on the yellow: white would fall below 4.5:1.
        styles={{
          title: { color: 'var(--mantine-color-black)' },
          message: { color: 'var(--mantine-color-black)' },
          icon: { color: 'var(--mantine-color-black)' },
        }}
        icon={<IconFlask aria-hidden />}
        title={t('testPayment.banner')}
        data-testid="test-mode-notice"
      >
        {t('testPayment.notice')}
      </Alert>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {t('testPayment.heading')}
            </Title>
            <Text c="dimmed">{t('testPayment.intro')}</Text>
          </div>
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="45%">{t('testPayment.reference')}</Table.Th>
                <Table.Td data-testid="test-payment-reference">{session.reference}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('testPayment.amount')}</Table.Th>
                <Table.Td data-testid="test-payment-amount">
                  {format.money(session.amountCents, session.currency)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {error && <FormAlert kind="error">{t(error)}</FormAlert>}
          {open ? (
            <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
              <Button
                // teal.9 keeps white text above 4.5:1 contrast; the greens do not.
                color="teal.9"
                leftSection={<IconCheck size={18} aria-hidden />}
                loading={pending === 'approve'}
                disabled={pending !== null && pending !== 'approve'}
                onClick={() => void decide('approve')}
              >
                {t('testPayment.approve')}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={18} aria-hidden />}
                loading={pending === 'decline'}
                disabled={pending !== null && pending !== 'decline'}
                onClick={() => void decide('decline')}
              >
                {t('testPayment.decline')}
              </Button>
              <Button
                variant="default"
                loading={pending === 'cancel'}
                disabled={pending !== null && pending !== 'cancel'}
                onClick={() => void decide('cancel')}
              >
                {t('testPayment.cancel')}
              </Button>
            </Group>
          ) : (
            <Text data-testid="test-payment-closed">
              {t('testPayment.closed', { status: t(`paymentStatuses.${session.status}`) })}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
