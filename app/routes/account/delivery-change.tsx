/**
 * The buyer changes a paid order's delivery (mode, date, pick-up point, delivery address) while none of its kits
 * is started (domain/registration-changes.ts). The form posts to this page's action (decision 0032), which saves
 * as PATCH /api/orders/{id} does; moving to email sends the documents at once. Once a kit is started the page says
 * whom to write to instead.
 */
import '../../styles/mantine-all.ts';
import {
  Anchor,
  Button,
  Fieldset,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, Link, data } from 'react-router';
import { requestContext } from '#request-context';
import type { PickupPoint, PresentedOrder } from '../../../contracts/orders.ts';
import { isValidCalendarDate, today } from '../../../domain/dates.ts';
import { localeOr } from '../../../domain/locales.ts';
import { deliveryChangeFormSchema } from '../../../domain/schemas/order.ts';
import { DELIVERY_MODES } from '../../../domain/statuses.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import forms from '../../components/forms/forms.module.css';
import { AddressFields } from '../../components/order/address-fields.tsx';
import { ClubContact } from '../../components/order/club-contact.tsx';
import { Notice } from '../../components/order/notice.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { useActionForm } from '../../lib/action-form.ts';
import { readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { useFormat } from '../../lib/format.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { requireUser } from '../../lib/require-user.ts';
import { isNotFound } from '../../lib/service-errors.ts';
import type { Route } from './+types/delivery-change';

const ADDRESS_FIELDS = ['nom', 'prenom', 'adresse', 'complement', 'code_postal', 'ville', 'pays'] as const;
const ADDRESS_PREFIX = 'adresse_livraison.';

function orderIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  let order: PresentedOrder;
  try {
    order = await services.orders.get(user.id, orderIdOf(args.params.orderId));
  } catch (error) {
    // Another person's order, or none.
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
  return {
    order,
    today: today(),
    earliestPostalDate: services.orders.earliestPostalDate(),
    pickupPoints: services.orders.pickupPoints(localeOr(args.params.lang)),
  };
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
    await actions.changeDelivery(user.id, orderIdOf(args.params.orderId), change);
  } catch (error) {
    // The API names the address's fields under `adresse_livraison`; the form has them at its top.
    const fields = (error as { fields?: Record<string, string> }).fields;
    if (fields)
      for (const [path, message] of Object.entries(fields)) {
        if (!path.startsWith(ADDRESS_PREFIX)) continue;
        delete fields[path];
        fields[path.slice(ADDRESS_PREFIX.length)] = message;
      }
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
  const { t, i18n } = useTranslation('order');
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
        {message && <FormAlert kind="error">{t(message.key, message.values ?? {})}</FormAlert>}
        {saved && (
          <FormAlert kind="success" testId="delivery-saved">
            {t('changes.saved')}
          </FormAlert>
        )}
        <Radio.Group
          name="mode_livraison"
          label={t('shipping.mode')}
          required
          {...form.getInputProps('mode_livraison')}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" spacing="sm">
            {DELIVERY_MODES.map((deliveryMode) => (
              <Paper key={deliveryMode} withBorder p="sm">
                <Radio
                  value={deliveryMode}
                  label={t(`deliveryModes.${deliveryMode}`)}
                  description={t(`shipping.modeDescriptions.${deliveryMode}`)}
                  styles={{ label: { fontWeight: 700 } }}
                />
              </Paper>
            ))}
          </SimpleGrid>
        </Radio.Group>
        {mode === 'email' && hydrated && order.mode_livraison !== 'email' && (
          <Text size="sm" c="gray.7" data-testid="email-now">
            {t('changes.emailNow')}
          </Text>
        )}
        {/* Before the scripts run, the mode chosen cannot show them: they are there from the start. */}
        {(!hydrated || mode === 'retrait') && (
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
          min={changeDate}
          required
          maw={320}
          {...form.getInputProps('date_livraison')}
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
        <Group>
          <Button type="submit" loading={submitting} data-testid="delivery-change-submit">
            {t('changes.submit')}
          </Button>
          <Anchor component={Link} to={`/${i18n.language}/account?tab=orders`}>
            {t('changes.backToOrders')}
          </Anchor>
        </Group>
      </Stack>
    </Form>
  );
}

export default function Page({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation('order');
  const { order } = loaderData;
  const lang = localeOr(params.lang);
  return (
    <Stack gap="lg" className={forms.readable}>
      <Anchor component={Link} to={`/${lang}/account?tab=orders`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('changes.backToOrders')}
        </Group>
      </Anchor>
      <PageIntro prefix="order:changes.delivery." noindex>
        <Text fw={600}>{t('orders.order', { reference: order.reference })}</Text>
      </PageIntro>
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
    </Stack>
  );
}
