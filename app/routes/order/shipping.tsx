/**
 * Registration, step 2: how the kit is delivered (post, email, pick-up point), the desired date, the delivery and
 * billing addresses (the user's own by default) and, for a minor, the parents' warning. A delivery by email asks
 * no postal address nor date (the billing address alone), and fitness was attested per candidate on step 1.
 * Address fields hidden by a choice are dropped by the schema (shippingSchema), so they never refuse the form. Saved into the order draft as the
 * user goes; postal delivery too soon and the summer heat are pointed out as the date is chosen. Before its
 * scripts run (or without them), the form posts to this page's action (decision 0032), which keeps the draft and
 * goes on to the payment once the choices pass the API's schema.
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Checkbox, Fieldset, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconArrowLeft, IconSun, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, data, redirect, useActionData, useNavigate } from 'react-router';
import type { PickupPoint } from '../../../contracts/orders.ts';
import { z } from '../../../domain/schemas/zod.ts';
import { isInHeatPeriod, isValidCalendarDate, today } from '../../../domain/dates.ts';
import { localeOr } from '../../../domain/locales.ts';
import { GENERIC_MESSAGE, fieldErrors } from '../../../domain/schemas/common.ts';
import { shippingSchema } from '../../../domain/schemas/order.ts';
import { DELIVERY_MODES, type DeliveryMode } from '../../../domain/statuses.ts';
import { ErrorSummary } from '../../components/forms/error-summary.tsx';
import { shippingPathLabel } from '../../components/order/form-labels.ts';
import { AddressFields } from '../../components/order/address-fields.tsx';
import { DeliveryChoices } from '../../components/order/delivery-choices.tsx';
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
import { useRootData } from '../../lib/root-data.ts';
import { hasErrors, useZodForm } from '../../lib/zod-form.ts';
import type { Route } from './+types/shipping';
import { Notice } from '../../components/order/notice.tsx';
import { requireUser } from '../../lib/require-user.ts';
import { draftAndProfile, keepDraft } from './draft.server.ts';

export async function loader(args: Route.LoaderArgs) {
  const { services, draft, profile, orderDate } = await draftAndProfile(args);
  return {
    draft,
    userAddress: addressFromUser(profile),
    pickupPoints: await services.orders.pickupPoints(localeOr(args.params.lang)),
    earliestPostalDate: services.orders.earliestPostalDate(),
    orderDate,
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
    avertissement_mineurs: draft.avertissement_mineurs ?? false,
  };
}

/** The draft to save: the candidates and payment mode as they were, the delivery choices as the form has them. */
function draftWith(draft: OrderDraft, values: ShippingValues): OrderDraft {
  const next: OrderDraft = {
    candidats: draft.candidats,
    adresse_livraison: values.adresse_livraison,
    adresse_facturation: billingFollowsDelivery(values)
      ? values.adresse_livraison
      : values.adresse_facturation,
    avertissement_mineurs: values.avertissement_mineurs,
  };
  if (values.mode_livraison) next.mode_livraison = values.mode_livraison;
  if (values.date_livraison) next.date_livraison = values.date_livraison;
  if (values.mode_livraison === 'retrait' && values.point_retrait) next.point_retrait = values.point_retrait;
  if (draft.mode_paiement) next.mode_paiement = draft.mode_paiement;
  return next;
}

/** The billing address is the delivery address when the buyer says so, and there is one (not by email). */
function billingFollowsDelivery(values: Pick<ShippingValues, 'billingSame' | 'mode_livraison'>): boolean {
  return values.billingSame && values.mode_livraison !== 'email';
}

function formSchema(orderDate: string, hasMinor: boolean) {
  return z.preprocess(
    (input) => {
      const values = input as ShippingValues;
      return billingFollowsDelivery(values)
        ? { ...values, adresse_facturation: values.adresse_livraison }
        : values;
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
    avertissement_mineurs: values.avertissement_mineurs === 'true',
  };
}

/** The form posted before (or without) the scripts: the choices are kept in the draft, then checked. */
export async function action(args: Route.ActionArgs) {
  const { user, services } = requireUser(args);
  const shipping = shippingFromForm(await readForm(args.request));
  const draft = readDraft(await services.orderDrafts.get(user.id));
  await keepDraft(args, user.id, draftWith(draft, shipping));
  const orderDate = today();
  const checked = formSchema(orderDate, draftHasMinor(draft, orderDate)).safeParse(shipping);
  if (!checked.success) return data({ fields: fieldErrors(checked.error), values: {} }, { status: 400 });
  throw redirect(`/${localeOr(args.params.lang)}/payment`);
}

type ShippingForm = UseFormReturnType<ShippingValues>;
type DraftAutosave = ReturnType<typeof useDraftAutosave>;

/** The mode, pick-up point and date, with what the date chosen calls for (too soon for the post, summer heat). */
function DeliveryPanel({
  form,
  orderDate,
  earliestPostalDate,
  pickupPoints,
}: {
  form: ShippingForm;
  orderDate: string;
  earliestPostalDate: string;
  pickupPoints: readonly PickupPoint[];
}) {
  const { t } = useTranslation('order');
  const hydrated = useHydrated();
  // The club's period (its settings); the code's when the root's data is missing.
  const heatWarning = useRootData()?.settings.heatWarning;
  const { mode_livraison: mode, date_livraison: date } = form.values;
  const validDate = isValidCalendarDate(date);
  const tooSoonForPost = mode === 'postal' && validDate && date < earliestPostalDate;
  // By email no date is asked (DeliveryChoices hides it once the scripts run): nothing is said about one.
  const dateAsked = !hydrated || mode !== 'email';
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <DeliveryChoices
          getInputProps={form.getInputProps}
          mode={mode}
          pickupPoints={pickupPoints}
          earliestDate={orderDate}
          dateForEmail={false}
        />
        {hydrated && tooSoonForPost && (
          <EarlyPostalNotice form={form} earliestPostalDate={earliestPostalDate} />
        )}
        {dateAsked && validDate && isInHeatPeriod(date, heatWarning) && (
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
  );
}

/** Postal delivery before the post can make it: the earliest date for the post, or the documents by email. */
function EarlyPostalNotice({ form, earliestPostalDate }: { form: ShippingForm; earliestPostalDate: string }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  return (
    <Notice
      color="yellow"
      icon={<IconTruckDelivery aria-hidden />}
      title={t('shipping.earlyPostal.title')}
      data-testid="early-postal-warning"
    >
      <Stack gap="sm">
        <Text size="sm">{t('shipping.earlyPostal.text', { date: format.date(earliestPostalDate) })}</Text>
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
  );
}

function BillingAddress({ form }: { form: ShippingForm }) {
  const { t } = useTranslation('order');
  const hydrated = useHydrated();
  // By email there is no delivery address to copy: the billing address is asked on its own.
  const byEmail = hydrated && form.values.mode_livraison === 'email';
  return (
    <Fieldset legend={t('shipping.billingAddress')}>
      <Stack gap="md">
        {!byEmail && (
          <Switch
            name="billingSame"
            value="true"
            label={t('shipping.billingSame')}
            {...form.getInputProps('billingSame', { type: 'checkbox' })}
          />
        )}
        {(!hydrated || byEmail || !form.values.billingSame) && (
          <AddressFields prefix="adresse_facturation" section="billing" getInputProps={form.getInputProps} />
        )}
      </Stack>
    </Fieldset>
  );
}

function Acknowledgement({ form, field }: { form: ShippingForm; field: 'avertissement_mineurs' }) {
  const { t } = useTranslation('order');
  const props = form.getInputProps(field, { type: 'checkbox' });
  return (
    <Checkbox
      name={field}
      value="true"
      label={t(`shipping.${field}`)}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}

/** For a minor, the parents' part, which the buyer acknowledges (fitness was attested per candidate on step 1). */
function MinorsAcknowledgement({ form }: { form: ShippingForm }) {
  const { t } = useTranslation('order');
  return (
    <Fieldset legend={t('shipping.acknowledgements')}>
      <Stack gap="md">
        <Notice
          color="blue"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('shipping.minorsWarning.title')}
        >
          {t('shipping.minorsWarning.text')}
        </Notice>
        <Acknowledgement form={form} field="avertissement_mineurs" />
      </Stack>
    </Fieldset>
  );
}

function ShippingButtons({ autosave, leaving }: { autosave: DraftAutosave; leaving: boolean }) {
  const { t, i18n } = useTranslation('order');
  return (
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
        <Button type="submit" size="md" loading={leaving}>
          {t('shipping.continue')}
        </Button>
      </Group>
    </Group>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('order');
  const navigate = useNavigate();
  const { draft, orderDate, earliestPostalDate, pickupPoints } = loaderData;
  const hasMinor = draftHasMinor(draft, orderDate);
  const schema = useMemo(() => formSchema(orderDate, hasMinor), [orderDate, hasMinor]);
  const answer: unknown = useActionData();
  const { form, ref, focusErrors } = useZodForm<ShippingValues>(
    schema,
    initialValues(draft, loaderData.userAddress),
    isFormRefusal(answer) ? answer.fields : undefined,
    '',
  );
  useAdoptTypedValues(ref, form);
  const values = form.values;
  const hydrated = useHydrated();
  const saving = useMemo(() => draftWith(draft, values), [draft, values]);
  const autosave = useDraftAutosave(saving);
  const [message, setMessage] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    clientSession.setHasOrderDraft(draft.candidats.length > 0);
  }, [draft]);

  const submit = form.onSubmit(async () => {
    setMessage(null);
    if (!(await autosave.flush(true))) {
      setMessage('order:draft.error');
      return;
    }
    setLeaving(true);
    await navigate(`/${i18n.language}/payment`);
  }, focusErrors);
  const top = message ?? (hasErrors(form.errors) ? GENERIC_MESSAGE : null);

  return (
    <Stack maw={960} mx="auto" className={forms.readable} gap={0}>
      <OrderSteps current="shipping" />
      <PageIntro prefix="order:shipping." noindex />
      <Form method="post" ref={ref} onSubmit={submit} noValidate data-testid="shipping-form">
        <Stack gap="lg">
          <ErrorSummary
            errors={form.errors}
            message={top ? { key: top } : null}
            label={(path) => shippingPathLabel(path, (key, values) => t(key, values ?? {}))}
          />
          <DeliveryPanel
            form={form}
            orderDate={orderDate}
            earliestPostalDate={earliestPostalDate}
            pickupPoints={pickupPoints}
          />
          {!(hydrated && values.mode_livraison === 'email') && (
            <Fieldset legend={t('shipping.deliveryAddress')}>
              <AddressFields
                prefix="adresse_livraison"
                section="shipping"
                getInputProps={form.getInputProps}
              />
            </Fieldset>
          )}
          <BillingAddress form={form} />
          {hasMinor && <MinorsAcknowledgement form={form} />}
          <ShippingButtons autosave={autosave} leaving={form.submitting || leaving} />
        </Stack>
      </Form>
    </Stack>
  );
}
