/**
 * The built-in test provider's hosted page, used in test mode (decision 0015): it says plainly that no
 * money moves, shows the order and amount, and lets the buyer approve, decline or cancel. The server then
 * notifies itself through the same signed webhook a real provider would send. The three buttons post to this
 * page's action, so that a tap before the scripts run counts (decision 0032).
 */
import '../../styles/mantine-all.ts';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconFlask, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, data, redirectDocument, useActionData, useNavigation } from 'react-router';
import { requestContext } from '#request-context';
import { localeOr } from '../../../domain/locales.ts';
import { TEST_OUTCOMES } from '../../../domain/payment-methods.ts';
import { z } from '../../../domain/schemas/zod.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { useFormat } from '../../lib/format.ts';
import forms from '../../components/forms/forms.module.css';
import { Seo } from '../../components/seo.tsx';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import { requireUser } from '../../lib/require-user.ts';
import { idOr404 } from '../../lib/page-params.ts';
import type { Route } from './+types/test-payment';

const decisionSchema = z.object({ intent: z.enum(TEST_OUTCOMES) });

/** Settles the test payment as the button says, then loads the page the buyer goes to next. */
export async function action(args: Route.ActionArgs) {
  const { user } = requireUser(args);
  const { request, params, context } = args;
  const paymentId = idOr404(params.paymentId);
  const values = await readForm(request);
  const parsed = parseForm(decisionSchema, values);
  if ('refusal' in parsed) return parsed.refusal;
  let next: string;
  try {
    next = await context
      .get(requestContext)
      .actions.decideTestPayment(paymentId, user.id, parsed.input.intent, localeOr(params.lang));
  } catch (error) {
    return serviceRefusal(error, values);
  }
  throw redirectDocument(next);
}

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

/** The club's test mode, said loudly: no money moves on this page. */
function TestModeBanner() {
  const { t } = useTranslation('order');
  return (
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
  );
}

/** The three outcomes, each a submit button named `intent`; the one being answered makes the others wait. */
function DecisionButtons() {
  const { t } = useTranslation('order');
  const navigation = useNavigation();
  // The button being answered: the others wait, so that one tap decides.
  const pending = navigation.formData?.get('intent') ?? null;
  const decision = (intent: string) => ({
    type: 'submit' as const,
    name: 'intent',
    value: intent,
    loading: pending === intent,
    disabled: pending !== null && pending !== intent,
  });
  return (
    <Form method="post" data-testid="test-payment-form">
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Button
          // teal.9 keeps white text above 4.5:1 contrast; the greens do not.
          color="teal.9"
          leftSection={<IconCheck size={18} aria-hidden />}
          {...decision('approve')}
        >
          {t('testPayment.approve')}
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={18} aria-hidden />}
          {...decision('decline')}
        >
          {t('testPayment.decline')}
        </Button>
        <Button variant="default" {...decision('cancel')}>
          {t('testPayment.cancel')}
        </Button>
      </Group>
    </Form>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const { session } = loaderData;
  const answer: unknown = useActionData();
  const refusal = isFormRefusal(answer) ? answer : undefined;
  const open = OPEN_STATUSES.includes(session.status);
  const error = refusal ? (refusal.message?.key ?? 'validation:generic') : null;

  return (
    <Stack gap="lg" className={forms.readable}>
      <Seo title={t('testPayment.meta.title')} description={t('testPayment.meta.description')} noindex />
      <TestModeBanner />
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
            <DecisionButtons />
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
