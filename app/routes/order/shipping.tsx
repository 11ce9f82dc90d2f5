/**
 * Registration, step 2: how the kit is delivered (post, email, pick-up point), the desired date, the delivery and
 * billing addresses (the user's own by default) and the warnings to acknowledge. Saved into the order draft as the
 * user goes; postal delivery too soon and the summer heat are pointed out as the date is chosen. Before its
 * scripts run (or without them), the form posts to this page's action (decision 0032), which keeps the draft and
 * goes on to the payment once the choices pass the API's schema.
 */
import '../../styles/mantine-all.ts';
import {
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconSun, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, data, redirect, useActionData, useNavigate } from 'react-router';
import { requestContext } from '#request-context';
import { z } from '../../../domain/schemas/zod.ts';
import { isInHeatPeriod, isValidCalendarDate, today } from '../../../domain/dates.ts';
import { localeOr } from '../../../domain/locales.ts';
import { GENERIC_MESSAGE, fieldErrors } from '../../../domain/schemas/common.ts';
import { orderDraftSchema, shippingSchema } from '../../../domain/schemas/order.ts';
import { DELIVERY_MODES, type DeliveryMode } from '../../../domain/statuses.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { AddressFields } from '../../components/order/address-fields.tsx';
import {
  type AddressDraft,
  EMPTY_ADDRESS,
  type OrderDraft,
  addressFromUser,
  draftHasMinor,
  readDraft,
  sameAddress,
} from '../../components/order/draft.ts';
import { useFormat } from '../../lib/format.ts';
import { OrderSteps } from '../../components/order/order-steps.tsx';
import { SaveStatus } from '../../components/order/save-status.tsx';
import { useDraftAutosave } from '../../components/order/use-draft-autosave.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import forms from '../../components/forms/forms.module.css';
import { clientSession } from '../../lib/client-session.ts';
import { useAdoptTypedValues } from '../../lib/action-form.ts';
import { readForm } from '../../lib/form-action.server.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { hasErrors, useZodForm } from '../../lib/zod-form.ts';
import type { Route } from './+types/shipping';
import { Notice } from '../../components/order/notice.tsx';
import { requireUser } from '../../lib/require-user.ts';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  const [saved, profile] = await Promise.all([
    services.orderDrafts.get(user.id),
    services.accounts.profile(user.id),
  ]);
  return {
    draft: readDraft(saved),
    userAddress: addressFromUser(profile),
    pickupPoints: services.orders.pickupPoints(localeOr(args.params.lang)),
    earliestPostalDate: services.orders.earliestPostalDate(),
    orderDate: today(),
  };
}

type ShippingValues = {
  mode_livraison: DeliveryMode | '';
  point_retrait: string;
  date_livraison: string;
  adresse_livraison: AddressDraft;
  /** The billing address is the delivery address. */
  billingSame: boolean;
  adresse_facturation: AddressDraft;
  avertissement_condition_physique: boolean;
  avertissement_mineurs: boolean;
};

function initialValues(draft: OrderDraft, userAddress: AddressDraft): ShippingValues {
  const delivery = draft.adresse_livraison ?? userAddress;
  const billing = draft.adresse_facturation ?? delivery;
  return {
    mode_livraison: draft.mode_livraison ?? '',
    point_retrait: draft.point_retrait ?? '',
    date_livraison: draft.date_livraison ?? '',
    adresse_livraison: delivery,
    billingSame: sameAddress(delivery, billing),
    adresse_facturation: billing,
    avertissement_condition_physique: draft.avertissement_condition_physique ?? false,
    avertissement_mineurs: draft.avertissement_mineurs ?? false,
  };
}

/** The draft to save: the candidates and payment mode as they were, the delivery choices as the form has them. */
function draftWith(draft: OrderDraft, values: ShippingValues): OrderDraft {
  const next: OrderDraft = {
    candidats: draft.candidats,
    adresse_livraison: values.adresse_livraison,
    adresse_facturation: values.billingSame ? values.adresse_livraison : values.adresse_facturation,
    avertissement_condition_physique: values.avertissement_condition_physique,
    avertissement_mineurs: values.avertissement_mineurs,
  };
  if (values.mode_livraison) next.mode_livraison = values.mode_livraison;
  if (values.date_livraison) next.date_livraison = values.date_livraison;
  if (values.mode_livraison === 'retrait' && values.point_retrait) next.point_retrait = values.point_retrait;
  if (draft.mode_paiement) next.mode_paiement = draft.mode_paiement;
  return next;
}

function formSchema(orderDate: string, hasMinor: boolean) {
  return z.preprocess(
    (input) => {
      const values = input as ShippingValues;
      return values.billingSame ? { ...values, adresse_facturation: values.adresse_livraison } : values;
    },
    shippingSchema(orderDate, hasMinor),
  );
}

/** The choices as the browser posts the form (a ticked box or switch as `true`, an unticked one not at all). */
function shippingFromForm(values: Readonly<Record<string, string>>): ShippingValues {
  const address = (prefix: string) =>
    Object.fromEntries(
      Object.keys(EMPTY_ADDRESS).map((field) => [field, values[`${prefix}.${field}`] ?? '']),
    ) as unknown as AddressDraft;
  const mode = values.mode_livraison ?? '';
  return {
    mode_livraison: (DELIVERY_MODES as readonly string[]).includes(mode) ? (mode as DeliveryMode) : '',
    point_retrait: values.point_retrait ?? '',
    date_livraison: values.date_livraison ?? '',
    adresse_livraison: address('adresse_livraison'),
    billingSame: values.billingSame === 'true',
    adresse_facturation: address('adresse_facturation'),
    avertissement_condition_physique: values.avertissement_condition_physique === 'true',
    avertissement_mineurs: values.avertissement_mineurs === 'true',
  };
}

/** The form posted before (or without) the scripts: the choices are kept in the draft, then checked. */
export async function action(args: Route.ActionArgs) {
  const { user, services } = requireUser(args);
  const { request, params, context } = args;
  const shipping = shippingFromForm(await readForm(request));
  const draft = readDraft(await services.orderDrafts.get(user.id));
  const next = orderDraftSchema.safeParse(draftWith(draft, shipping));
  if (!next.success) throw data(null, { status: 400 });
  await context.get(requestContext).actions.saveOrderDraft(user.id, next.data);
  const orderDate = today();
  const checked = formSchema(orderDate, draftHasMinor(draft, orderDate)).safeParse(shipping);
  if (!checked.success) return data({ fields: fieldErrors(checked.error), values: {} }, { status: 400 });
  throw redirect(`/${localeOr(params.lang)}/payment`);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('order');
  const format = useFormat();
  const navigate = useNavigate();
  const { draft, orderDate, earliestPostalDate, pickupPoints } = loaderData;
  const hasMinor = draftHasMinor(draft, orderDate);
  const schema = useMemo(() => formSchema(orderDate, hasMinor), [orderDate, hasMinor]);
  const answer: unknown = useActionData();
  const hydrated = useHydrated();
  const { form, ref, focusErrors } = useZodForm<ShippingValues>(
    schema,
    initialValues(draft, loaderData.userAddress),
    isFormRefusal(answer) ? answer.fields : undefined,
  );
  useAdoptTypedValues(ref, form);
  const values = form.values;
  const saving = useMemo(() => draftWith(draft, values), [draft, values]);
  const autosave = useDraftAutosave(saving);
  const [message, setMessage] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    clientSession.setHasOrderDraft(draft.candidats.length > 0);
  }, [draft]);

  const date = values.date_livraison;
  const validDate = isValidCalendarDate(date);
  const tooSoonForPost = values.mode_livraison === 'postal' && validDate && date < earliestPostalDate;
  const hot = validDate && isInHeatPeriod(date);

  const submit = form.onSubmit(async () => {
    setMessage(null);
    if (!(await autosave.flush(true))) {
      setMessage('order:draft.error');
      return;
    }
    setLeaving(true);
    await navigate(`/${i18n.language}/payment`);
  }, focusErrors);

  const checkbox = (field: 'avertissement_condition_physique' | 'avertissement_mineurs', label: string) => {
    const props = form.getInputProps(field, { type: 'checkbox' });
    return (
      <Checkbox
        name={field}
        value="true"
        label={label}
        aria-invalid={props.error ? true : undefined}
        {...props}
      />
    );
  };
  const top = message ?? (hasErrors(form.errors) ? GENERIC_MESSAGE : null);

  return (
    <Stack maw={960} mx="auto" className={forms.readable} gap={0}>
      <OrderSteps current="shipping" />
      <PageIntro prefix="order:shipping." noindex />
      <Form method="post" ref={ref} onSubmit={submit} noValidate data-testid="shipping-form">
        <Stack gap="lg">
          {top && <FormAlert kind="error">{t(top)}</FormAlert>}

          <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="md">
              <Radio.Group
                name="mode_livraison"
                label={t('shipping.mode')}
                required
                {...form.getInputProps('mode_livraison')}
              >
                <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" spacing="sm">
                  {DELIVERY_MODES.map((mode) => (
                    <Paper key={mode} withBorder p="sm">
                      <Radio
                        value={mode}
                        label={t(`deliveryModes.${mode}`)}
                        description={t(`shipping.modeDescriptions.${mode}`)}
                        styles={{ label: { fontWeight: 700 } }}
                      />
                    </Paper>
                  ))}
                </SimpleGrid>
              </Radio.Group>

              {/* Before the scripts run, the mode chosen cannot show them: they are there from the start. */}
              {(!hydrated || values.mode_livraison === 'retrait') && (
                <Radio.Group
                  name="point_retrait"
                  label={t('shipping.pickupPoint')}
                  required
                  {...form.getInputProps('point_retrait')}
                >
                  <Stack gap="sm" mt="xs">
                    {pickupPoints.map((point) => (
                      <Paper key={point.id} withBorder p="sm">
                        <Radio
                          value={point.id}
                          label={point.name}
                          description={
                            <>
                              {point.address}
                              <br />
                              {t('shipping.hours', { hours: point.hours })}
                            </>
                          }
                          styles={{ label: { fontWeight: 700 } }}
                        />
                      </Paper>
                    ))}
                  </Stack>
                </Radio.Group>
              )}

              <TextInput
                type="date"
                name="date_livraison"
                label={t('shipping.date')}
                description={t('shipping.dateDescription')}
                min={orderDate}
                required
                maw={320}
                {...form.getInputProps('date_livraison')}
              />
              {hydrated && tooSoonForPost && (
                <Notice
                  color="yellow"
                  icon={<IconTruckDelivery aria-hidden />}
                  title={t('shipping.earlyPostal.title')}
                  data-testid="early-postal-warning"
                >
                  <Stack gap="sm">
                    <Text size="sm">
                      {t('shipping.earlyPostal.text', { date: format.date(earliestPostalDate) })}
                    </Text>
                    <Group gap="sm">
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => form.setFieldValue('date_livraison', earliestPostalDate)}
                      >
                        {t('shipping.earlyPostal.useDate', { date: format.date(earliestPostalDate) })}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => form.setFieldValue('mode_livraison', 'email')}
                      >
                        {t('shipping.earlyPostal.useEmail')}
                      </Button>
                    </Group>
                  </Stack>
                </Notice>
              )}
              {hot && (
                <Notice
                  color="orange"
                  icon={<IconSun aria-hidden />}
                  title={t('shipping.heatTitle')}
                  data-testid="heat-warning"
                >
                  {t('validation:heat_warning')}
                </Notice>
              )}
            </Stack>
          </Paper>

          <Fieldset legend={t('shipping.deliveryAddress')}>
            <AddressFields prefix="adresse_livraison" section="shipping" getInputProps={form.getInputProps} />
          </Fieldset>

          <Fieldset legend={t('shipping.billingAddress')}>
            <Stack gap="md">
              <Switch
                name="billingSame"
                value="true"
                label={t('shipping.billingSame')}
                {...form.getInputProps('billingSame', { type: 'checkbox' })}
              />
              {(!hydrated || !values.billingSame) && (
                <AddressFields
                  prefix="adresse_facturation"
                  section="billing"
                  getInputProps={form.getInputProps}
                />
              )}
            </Stack>
          </Fieldset>

          <Fieldset legend={t('shipping.acknowledgements')}>
            <Stack gap="md">
              <Notice
                color="orange"
                icon={<IconAlertTriangle aria-hidden />}
                title={t('shipping.physicalWarning.title')}
              >
                {t('shipping.physicalWarning.text')}
              </Notice>
              {checkbox('avertissement_condition_physique', t('shipping.avertissement_condition_physique'))}
              {hasMinor && (
                <>
                  <Notice
                    color="blue"
                    icon={<IconAlertTriangle aria-hidden />}
                    title={t('shipping.minorsWarning.title')}
                  >
                    {t('shipping.minorsWarning.text')}
                  </Notice>
                  {checkbox('avertissement_mineurs', t('shipping.avertissement_mineurs'))}
                </>
              )}
            </Stack>
          </Fieldset>

          <Group justify="space-between" gap="sm">
            <Anchor
              component={Link}
              to={`/${i18n.language}/order`}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
            >
              <IconArrowLeft size={16} aria-hidden />
              {t('shipping.back')}
            </Anchor>
            <Group gap="md">
              <SaveStatus state={autosave.state} error={autosave.error} />
              <Button type="submit" size="md" loading={form.submitting || leaving}>
                {t('shipping.continue')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
