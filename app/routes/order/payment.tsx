/**
 * Registration, step 3: the recap of the order (candidates, delivery, price from the server) and the payment
 * method. 'Pay' creates the order with one Idempotency-Key per visit of the page, so that a double click creates
 * one order, then hands over to the payment provider's hosted page. Before its scripts run (or without them), the
 * form posts to this page's action with the same key in a hidden field (decision 0032).
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Group, List, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, data, redirect, useActionData } from 'react-router';
import { requestContext } from '#request-context';
import { today } from '../../../domain/dates.ts';
import { localeOr } from '../../../domain/locales.ts';
import { fieldErrors } from '../../../domain/schemas/common.ts';
import { orderSchema } from '../../../domain/schemas/order.ts';
import { PAYMENT_MODES, type PaymentMode } from '../../../domain/statuses.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { type OrderDraft, orderRequest, readDraft, stepOfField } from '../../components/order/draft.ts';
import { useFormat } from '../../lib/format.ts';
import { createOrder, needsNewKey, newIdempotencyKey } from '../../lib/api/orders.ts';
import { OrderSteps } from '../../components/order/order-steps.tsx';
import { EditLink, OrderRecap, type Step } from '../../components/order/order-recap.tsx';
import { useDraftAutosave } from '../../components/order/use-draft-autosave.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import forms from '../../components/forms/forms.module.css';
import { ApiError, errorMessageKey } from '../../lib/api/client.ts';
import { readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import { useAdoptTypedValues } from '../../lib/action-form.ts';
import { clientSession } from '../../lib/client-session.ts';
import type { Route } from './+types/payment';
import { Notice } from '../../components/order/notice.tsx';
import { requireUser } from '../../lib/require-user.ts';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  const draft = readDraft(await services.orderDrafts.get(user.id));
  return {
    draft,
    price: await services.orders.price(draft.candidats.length),
    pickupPoints: await services.orders.pickupPoints(localeOr(args.params.lang)),
    orderDate: today(),
    // Exactly the methods whose provider is on (never one routed to another provider).
    methods: services.payments.methods().map((method) => method.id),
    // One per visit of the page, the same in the server's page and the browser's: a double submit is one order.
    idempotencyKey: crypto.randomUUID(),
  };
}

/** 'Pay' posted before (or without) the scripts: the order is placed from the saved draft, then the provider. */
export async function action(args: Route.ActionArgs) {
  const { user, services } = requireUser(args);
  const { request, params, context } = args;
  const lang = localeOr(params.lang);
  const values = await readForm(request);
  const mode = PAYMENT_MODES.find((entry) => entry === values.mode_paiement);
  const key = values.idempotency_key ?? '';
  if (
    !mode ||
    !services.payments.methods().some((method) => method.id === mode) ||
    !/^[\w-]{8,100}$/.test(key)
  )
    throw data(null, { status: 400 });
  const { actions } = context.get(requestContext);
  // A second tap before the next page came: the order placed by the first (placing it emptied the draft).
  const placed = await actions.orderPlacedWith(user.id, key);
  if (placed) throw redirect(placed);
  const draft = readDraft(await services.orderDrafts.get(user.id));
  const input = orderSchema(today()).safeParse(orderRequest(draft, mode));
  if (!input.success) {
    return data(
      { fields: fieldErrors(input.error), message: { key: 'validation:generic' }, values: {} },
      { status: 400 },
    );
  }
  let next: string;
  try {
    next = await actions.placeOrder(user, input.data, { idempotencyKey: key, locale: lang });
  } catch (error) {
    return serviceRefusal(error, values);
  }
  throw redirect(next);
}

/** The problems of the draft, as field errors, grouped by the page that can fix them. */
function draftProblems(draft: OrderDraft, orderDate: string) {
  const result = orderSchema(orderDate).safeParse(orderRequest(draft, draft.mode_paiement ?? 'card'));
  const errors = result.success ? {} : fieldErrors(result.error);
  return problemsByStep(errors);
}

function problemsByStep(errors: Record<string, string>) {
  const steps = { order: new Set<string>(), shipping: new Set<string>() };
  for (const [path, message] of Object.entries(errors)) steps[stepOfField(path)].add(message);
  return { order: [...steps.order], shipping: [...steps.shipping] };
}

type Failure = { key: string; order: string[]; shipping: string[] };
type Price = Route.ComponentProps['loaderData']['price'];

/** What is still wrong on one step's page, with the link back to it. */
function ProblemList({ step, messages }: { step: Step; messages: string[] }) {
  const { t } = useTranslation('order');
  if (messages.length === 0) return null;
  return (
    <Stack gap={4}>
      <List size="sm">
        {messages.map((message) => (
          <List.Item key={message}>{t(message)}</List.Item>
        ))}
      </List>
      <EditLink step={step} />
    </Stack>
  );
}

function PaymentMethods({
  methods,
  mode,
  onChange,
}: {
  methods: readonly PaymentMode[];
  mode: PaymentMode | undefined;
  onChange: (mode: PaymentMode | undefined) => void;
}) {
  const { t } = useTranslation('order');
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Radio.Group
        name="mode_paiement"
        label={t('payment.method')}
        value={mode ?? null}
        onChange={(value) => onChange(methods.find((entry) => entry === value))}
        required
      >
        <SimpleGrid cols={{ base: 1, sm: methods.length > 1 ? 2 : 1 }} mt="xs" spacing="sm">
          {methods.map((entry) => (
            <Paper key={entry} withBorder p="sm">
              <Radio
                value={entry}
                label={t(`paymentModes.${entry}`)}
                description={t(`payment.methodDescriptions.${entry}`)}
                styles={{ label: { fontWeight: 700 } }}
              />
            </Paper>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Paper>
  );
}

function PayButtons({
  price,
  paying,
  disabled,
  onPay,
}: {
  price: Price;
  paying: boolean;
  disabled: boolean;
  onPay: () => void;
}) {
  const { t, i18n } = useTranslation('order');
  const format = useFormat();
  return (
    <Group justify="space-between" gap="sm">
      <Anchor
        component={Link}
        to={`/${i18n.language}/shipping`}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={16} aria-hidden />
        {t('payment.back')}
      </Anchor>
      <Stack gap={4} align="flex-end">
        <Button
          size="md"
          leftSection={<IconLock size={18} aria-hidden />}
          // Posted to the page's action before the scripts run; once they do, placed from here.
          type="submit"
          onClick={(event) => {
            event.preventDefault();
            onPay();
          }}
          loading={paying}
          disabled={disabled}
          data-testid="pay-button"
        >
          {t('payment.pay', { amount: format.money(price.total, price.currency) })}
        </Button>
        <Text size="xs" c="dimmed">
          {t('payment.redirectNote')}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * Placing the order from the browser, then the provider's page. A second click in the same moment must not send
 * a second request, even before the button re-renders.
 */
function usePay({
  draft,
  mode,
  firstKey,
  autosave,
  setFailure,
}: {
  draft: OrderDraft;
  mode: PaymentMode | undefined;
  firstKey: string;
  autosave: ReturnType<typeof useDraftAutosave>;
  setFailure: (failure: Failure | null) => void;
}) {
  const { i18n } = useTranslation();
  const [idempotencyKey, setIdempotencyKey] = useState<string>(firstKey);
  const [paying, setPaying] = useState(false);
  const inFlight = useRef(false);
  const pay = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPaying(true);
    setFailure(null);
    autosave.pause();
    try {
      const created = await createOrder(orderRequest(draft, mode ?? 'card'), idempotencyKey, i18n.language);
      window.location.assign(created.redirect_url);
    } catch (error) {
      // Once the server has answered, the attempt is over: a retry gets a new key, and the draft is saved again
      // (placing an order deletes it, and the provider may have failed after that). After a network failure the
      // order may exist: the same key is kept and the draft left alone.
      autosave.resume();
      if (needsNewKey(error)) {
        setIdempotencyKey(newIdempotencyKey());
        void autosave.flush(true);
      }
      const byStep = error instanceof ApiError ? problemsByStep(error.fields) : { order: [], shipping: [] };
      setFailure({ key: errorMessageKey(error), ...byStep });
      setPaying(false);
      inFlight.current = false;
    }
  };
  return { idempotencyKey, paying, pay };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('order');
  const { draft, price, pickupPoints, orderDate, methods } = loaderData;
  const answer: unknown = useActionData();
  const [mode, setMode] = useState<PaymentMode | undefined>(
    draft.mode_paiement && methods.includes(draft.mode_paiement) ? draft.mode_paiement : methods[0],
  );
  const saving = useMemo(() => ({ ...draft, mode_paiement: mode }), [draft, mode]);
  const autosave = useDraftAutosave(saving);
  const [failure, setFailure] = useState<Failure | null>(() =>
    // Refused when posted before the scripts ran: the page says so as it does after the API's refusal.
    isFormRefusal(answer)
      ? { key: answer.message?.key ?? 'validation:generic', ...problemsByStep(answer.fields) }
      : null,
  );
  const { idempotencyKey, paying, pay } = usePay({
    draft,
    mode,
    firstKey: loaderData.idempotencyKey,
    autosave,
    setFailure,
  });
  const problems = useMemo(() => draftProblems(draft, orderDate), [draft, orderDate]);
  const formRef = useRef<HTMLFormElement>(null);
  // A method tapped before the scripts ran is the radio's, not the state's: the state takes it, or Pay would use
  // the method shown at first.
  useAdoptTypedValues(formRef, {
    getValues: () => ({ mode_paiement: mode }),
    setFieldValue: (_path: never, value: never) => setMode(methods.find((entry) => entry === value)),
  });
  const incomplete = problems.order.length > 0 || problems.shipping.length > 0;

  useEffect(() => {
    clientSession.setHasOrderDraft(draft.candidats.length > 0);
  }, [draft]);

  return (
    <Stack maw={960} mx="auto" className={forms.readable} gap={0}>
      <OrderSteps current="payment" />
      <PageIntro prefix="order:payment." noindex />
      <Form method="post" ref={formRef} data-testid="payment-form">
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <Stack gap="lg">
          {incomplete && (
            <Notice color="yellow" title={t('payment.incomplete')} data-testid="order-incomplete">
              <Stack gap="sm">
                <ProblemList step="order" messages={problems.order} />
                <ProblemList step="shipping" messages={problems.shipping} />
              </Stack>
            </Notice>
          )}
          <OrderRecap draft={draft} pickupPoints={pickupPoints} price={price} />
          <PaymentMethods methods={methods} mode={mode} onChange={setMode} />
          {failure && (
            <FormAlert kind="error" testId="payment-error">
              <Stack gap="sm">
                <Text size="sm">{t(failure.key)}</Text>
                <ProblemList step="order" messages={failure.order} />
                <ProblemList step="shipping" messages={failure.shipping} />
              </Stack>
            </FormAlert>
          )}
          <PayButtons
            price={price}
            paying={paying}
            disabled={incomplete || mode === undefined}
            onPay={() => void pay()}
          />
        </Stack>
      </Form>
    </Stack>
  );
}
