/**
 * Registration, step 3: the recap of the order (candidates, delivery, price from the server) and the payment
 * method. 'Pay' creates the order with one Idempotency-Key per visit of the page, so that a double click creates
 * one order, then hands over to the payment provider's hosted page. Before its scripts run (or without them), the
 * form posts to this page's action with the same key in a hidden field (decision 0032).
 */
import '../../styles/mantine-all.ts';
import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  List,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, data, redirect, useActionData } from 'react-router';
import { requestContext } from '#request-context';
import { countryName } from '../../../domain/countries.ts';
import { today } from '../../../domain/dates.ts';
import { localeOr } from '../../../domain/locales.ts';
import { fieldErrors } from '../../../domain/schemas/common.ts';
import { orderSchema } from '../../../domain/schemas/order.ts';
import { PAYMENT_MODES, type PaymentMode } from '../../../domain/statuses.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import {
  type AddressDraft,
  type OrderDraft,
  orderRequest,
  readDraft,
  stepOfField,
} from '../../components/order/draft.ts';
import { useFormat } from '../../lib/format.ts';
import { createOrder, needsNewKey, newIdempotencyKey } from '../../lib/api/orders.ts';
import { OrderSteps } from '../../components/order/order-steps.tsx';
import { PriceLines } from '../../components/order/price-summary.tsx';
import { useDraftAutosave } from '../../components/order/use-draft-autosave.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import forms from '../../components/forms/forms.module.css';
import { ApiError, errorMessageKey } from '../../lib/api/client.ts';
import { readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import { clientSession } from '../../lib/client-session.ts';
import type { Route } from './+types/payment';
import { Notice } from '../../components/order/notice.tsx';
import { requireUser } from '../../lib/require-user.ts';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  const draft = readDraft(await services.orderDrafts.get(user.id));
  return {
    draft,
    price: services.orders.price(draft.candidats.length),
    pickupPoints: services.orders.pickupPoints(localeOr(args.params.lang)),
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

function AddressLines({ address }: { address: AddressDraft | undefined }) {
  const { i18n } = useTranslation();
  if (!address) return null;
  const locale = localeOr(i18n.language);
  // The country by its name in the page's language, as on the forms; the code only if the name is unknown.
  const country = countryName(address.pays, locale) ?? address.pays.toUpperCase();
  return (
    <Text size="sm">
      {address.prenom} {address.nom}
      <br />
      {address.adresse}
      {address.complement && (
        <>
          <br />
          {address.complement}
        </>
      )}
      <br />
      {address.code_postal} {address.ville}
      <br />
      {country}
    </Text>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('order');
  const format = useFormat();
  const lang = i18n.language;
  const { draft, price, pickupPoints, orderDate, methods } = loaderData;
  const answer: unknown = useActionData();
  const [mode, setMode] = useState<PaymentMode | undefined>(
    draft.mode_paiement && methods.includes(draft.mode_paiement) ? draft.mode_paiement : methods[0],
  );
  const saving = useMemo(() => ({ ...draft, mode_paiement: mode }), [draft, mode]);
  const autosave = useDraftAutosave(saving);
  const [idempotencyKey, setIdempotencyKey] = useState<string>(loaderData.idempotencyKey);
  const [paying, setPaying] = useState(false);
  // A second click in the same moment must not send a second request, even before the button re-renders.
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<{ key: string; order: string[]; shipping: string[] } | null>(() =>
    // Refused when posted before the scripts ran: the page says so as it does after the API's refusal.
    isFormRefusal(answer)
      ? { key: answer.message?.key ?? 'validation:generic', ...problemsByStep(answer.fields) }
      : null,
  );
  const problems = useMemo(() => draftProblems(draft, orderDate), [draft, orderDate]);
  const incomplete = problems.order.length > 0 || problems.shipping.length > 0;

  useEffect(() => {
    clientSession.setHasOrderDraft(draft.candidats.length > 0);
  }, [draft]);

  const pay = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPaying(true);
    setFailure(null);
    autosave.pause();
    try {
      const created = await createOrder(orderRequest(draft, mode ?? 'card'), idempotencyKey, lang);
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

  const point = pickupPoints.find((entry) => entry.id === draft.point_retrait);
  const editLink = (step: 'order' | 'shipping') => (
    <Anchor component={Link} to={`/${lang}/${step}`} size="sm">
      {t(step === 'order' ? 'payment.editCandidates' : 'payment.editDelivery')}
    </Anchor>
  );
  const problemList = (step: 'order' | 'shipping', messages: string[]) =>
    messages.length > 0 && (
      <Stack gap={4}>
        <List size="sm">
          {messages.map((message) => (
            <List.Item key={message}>{t(message)}</List.Item>
          ))}
        </List>
        {editLink(step)}
      </Stack>
    );

  return (
    <Stack maw={960} mx="auto" className={forms.readable} gap={0}>
      <OrderSteps current="payment" />
      <PageIntro prefix="order:payment." noindex />
      <Form method="post" data-testid="payment-form">
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <Stack gap="lg">
          {incomplete && (
            <Notice color="yellow" title={t('payment.incomplete')} data-testid="order-incomplete">
              <Stack gap="sm">
                {problemList('order', problems.order)}
                {problemList('shipping', problems.shipping)}
              </Stack>
            </Notice>
          )}

          <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="recap-title">
            <Title order={2} size="h3" id="recap-title" mb="md">
              {t('payment.recap')}
            </Title>
            <Stack gap="md">
              <div>
                <Group justify="space-between" mb={4}>
                  <Text fw={700}>{t('payment.candidates')}</Text>
                  {editLink('order')}
                </Group>
                <List spacing={4} data-testid="recap-candidates">
                  {draft.candidats.map((candidate, index) => (
                    <List.Item key={index}>
                      <Group gap="xs">
                        <Text>
                          {candidate.prenom} {candidate.nom}
                        </Text>
                        {candidate.epreuve && (
                          <Badge variant="light" size="sm">
                            {t(`challenges.${candidate.epreuve}`)}
                          </Badge>
                        )}
                      </Group>
                    </List.Item>
                  ))}
                </List>
              </div>
              <Divider />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <div>
                  <Group justify="space-between" mb={4}>
                    <Text fw={700}>{t('payment.delivery')}</Text>
                    {editLink('shipping')}
                  </Group>
                  {draft.mode_livraison && (
                    <Text size="sm">{t(`deliveryModes.${draft.mode_livraison}`)}</Text>
                  )}
                  {draft.date_livraison && (
                    <Text size="sm">
                      {t('payment.deliveryDate', { date: format.date(draft.date_livraison) })}
                    </Text>
                  )}
                  {draft.mode_livraison === 'retrait' && point && (
                    <Text size="sm">
                      {point.name}
                      <br />
                      {point.address}
                    </Text>
                  )}
                  {draft.mode_livraison === 'postal' && <AddressLines address={draft.adresse_livraison} />}
                </div>
                <div data-testid="recap-billing">
                  <Text fw={700} mb={4}>
                    {t('payment.billing')}
                  </Text>
                  <AddressLines address={draft.adresse_facturation} />
                </div>
              </SimpleGrid>
              <Divider />
              <PriceLines price={price} />
            </Stack>
          </Paper>

          <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
            <Radio.Group
              name="mode_paiement"
              label={t('payment.method')}
              value={mode ?? null}
              onChange={(value) => setMode(methods.find((entry) => entry === value))}
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

          {failure && (
            <FormAlert kind="error" testId="payment-error">
              <Stack gap="sm">
                <Text size="sm">{t(failure.key)}</Text>
                {problemList('order', failure.order)}
                {problemList('shipping', failure.shipping)}
              </Stack>
            </FormAlert>
          )}

          <Group justify="space-between" gap="sm">
            <Anchor
              component={Link}
              to={`/${lang}/shipping`}
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
                  void pay();
                }}
                loading={paying}
                disabled={incomplete || mode === undefined}
                data-testid="pay-button"
              >
                {t('payment.pay', { amount: format.money(price.total, price.currency) })}
              </Button>
              <Text size="xs" c="dimmed">
                {t('payment.redirectNote')}
              </Text>
            </Stack>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
