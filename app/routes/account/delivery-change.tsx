/**
 * The buyer changes a paid order's delivery (mode, date, pick-up point, delivery address) while none of its kits
 * is started (domain/registration-changes.ts). The form posts to this page's action (decision 0032), which saves
 * as PATCH /api/orders/{id} does; moving to email sends the documents at once. Once a kit is started the page says
 * whom to write to instead.
 */
import '../../styles/mantine-all.ts';
import { Fieldset, Stack, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { requestContext } from '#request-context';
import type { LoaderServices } from '../../../contracts/loader-services.ts';
import type { PickupPoint, PresentedOrder } from '../../../contracts/orders.ts';
import { isValidCalendarDate, today } from '../../../domain/dates.ts';
import { type Locale, localeOr } from '../../../domain/locales.ts';
import { deliveryChangeFormSchema } from '../../../domain/schemas/order.ts';
import { ErrorSummary } from '../../components/forms/error-summary.tsx';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { AddressFields, addressPathLabel } from '../../components/order/address-fields.tsx';
import { ChangeFormButtons, ChangePage } from '../../components/order/change-page.tsx';
import { ClubContact } from '../../components/order/club-contact.tsx';
import { DELIVERY_LABELS, DeliveryChoices } from '../../components/order/delivery-choices.tsx';
import { Notice } from '../../components/order/notice.tsx';
import { useActionForm } from '../../lib/action-form.ts';
import { readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { useFormat } from '../../lib/format.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { foundOr404, idOr404 } from '../../lib/page-params.ts';
import { requireUser } from '../../lib/require-user.ts';
import type { Route } from './+types/delivery-change';

const ADDRESS_FIELDS = ['nom', 'prenom', 'adresse', 'complement', 'code_postal', 'ville', 'pays'] as const;
const ADDRESS_PREFIX = 'adresse_livraison.';

/** The points offered, and the order's own when it was retired since: it stays that order's choice. */
async function choosablePoints(services: LoaderServices, locale: Locale, own: string | null) {
  const offered = await services.orders.pickupPoints(locale);
  if (!own || offered.some((point) => point.id === own)) return offered;
  const kept = (await services.orders.pickupPoints(locale, 'all')).find((point) => point.id === own);
  return kept ? [...offered, kept] : offered;
}

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  // Another person's order, or none, is not found.
  const order = await foundOr404(services.orders.get(user.id, idOr404(args.params.orderId)));
  return {
    order,
    today: today(),
    earliestPostalDate: services.orders.earliestPostalDate(),
    pickupPoints: await choosablePoints(services, localeOr(args.params.lang), order.point_retrait),
  };
}

/** The API names the address's fields under `adresse_livraison`; the form has them at its top. */
function moveAddressFieldsToTop(error: unknown): void {
  const fields = (error as { fields?: Record<string, string> }).fields;
  if (!fields) return;
  for (const [path, message] of Object.entries(fields)) {
    if (!path.startsWith(ADDRESS_PREFIX)) continue;
    delete fields[path];
    fields[path.slice(ADDRESS_PREFIX.length)] = message;
  }
}

export async function action(args: Route.ActionArgs) {
  const { user } = requireUser(args);
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  const change = {
    mode_livraison: values.mode_livraison ?? '',
    date_livraison: values.date_livraison ?? '',
    point_retrait: values.point_retrait ?? null,
    adresse_livraison: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, values[field] ?? ''])),
  };
  try {
    await actions.changeDelivery(user.id, idOr404(args.params.orderId), change);
  } catch (error) {
    moveAddressFieldsToTop(error);
    return serviceRefusal(error, values);
  }
  return { saved: true };
}

function ChangeForm({
  order,
  changeDate,
  earliestPostalDate,
  pickupPoints,
}: {
  order: PresentedOrder;
  changeDate: string;
  earliestPostalDate: string;
  pickupPoints: PickupPoint[];
}) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const hydrated = useHydrated();
  const { form, ref, onSubmit, message, submitting, answer } = useActionForm(
    deliveryChangeFormSchema(changeDate),
    {
      mode_livraison: order.mode_livraison,
      date_livraison: order.date_livraison,
      point_retrait: order.point_retrait ?? '',
      ...order.adresse_livraison,
    },
  );
  const saved = (answer as { saved?: boolean } | undefined)?.saved === true;
  const { mode_livraison: mode, date_livraison: date } = form.values;
  const tooSoonForPost = mode === 'postal' && isValidCalendarDate(date) && date < earliestPostalDate;
  return (
    <Form method="post" ref={ref} onSubmit={onSubmit} noValidate data-testid="delivery-change-form">
      <Stack gap="lg">
        <ErrorSummary
          errors={form.errors}
          message={message}
          labels={DELIVERY_LABELS}
          label={(path) => addressPathLabel(path, t, { '': '' })}
          order={[...Object.keys(DELIVERY_LABELS), ...ADDRESS_FIELDS]}
        />
        {saved && (
          <FormAlert kind="success" testId="delivery-saved">
            {t('changes.saved')}
          </FormAlert>
        )}
        <DeliveryChoices
          getInputProps={(path) => form.getInputProps(path)}
          mode={mode}
          pickupPoints={pickupPoints}
          earliestDate={changeDate}
          afterMode={
            mode === 'email' &&
            hydrated &&
            order.mode_livraison !== 'email' && (
              <Text size="sm" c="gray.7" data-testid="email-now">
                {t('changes.emailNow')}
              </Text>
            )
          }
        />
        {tooSoonForPost && (
          <Notice
            color="yellow"
            icon={<IconTruckDelivery aria-hidden />}
            title={t('shipping.earlyPostal.title')}
            data-testid="early-postal-warning"
          >
            {t('shipping.earlyPostal.text', { date: format.date(earliestPostalDate) })}
          </Notice>
        )}
        <Fieldset legend={t('shipping.deliveryAddress')}>
          <AddressFields
            prefix={null}
            section="shipping"
            getInputProps={(path) => form.getInputProps(path as never)}
          />
        </Fieldset>
        <ChangeFormButtons submitting={submitting} testId="delivery-change-submit" />
      </Stack>
    </Form>
  );
}

export default function Page({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation('order');
  const { order } = loaderData;
  return (
    <ChangePage
      lang={localeOr(params.lang)}
      introPrefix="order:changes.delivery."
      subject={<Text fw={600}>{t('orders.order', { reference: order.reference })}</Text>}
    >
      {order.delivery_changeable ? (
        <ChangeForm
          order={order}
          changeDate={loaderData.today}
          earliestPostalDate={loaderData.earliestPostalDate}
          pickupPoints={loaderData.pickupPoints}
        />
      ) : (
        <ClubContact reference={order.reference} reason={t('changes.deliveryClosed')} />
      )}
    </ChangePage>
  );
}
