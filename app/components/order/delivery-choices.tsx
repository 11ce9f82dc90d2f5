/**
 * How a kit is delivered (post, email, pick-up point), the pick-up point and the desired date: the same fields
 * when ordering (routes/order/shipping.tsx) and when changing a paid order's delivery
 * (routes/account/delivery-change.tsx).
 */
import { Paper, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickupPoint } from '../../../contracts/orders.ts';
import { DELIVERY_MODES } from '../../../domain/statuses.ts';
import { useHydrated } from '../../lib/hydrated.ts';

/** What useZodForm's getInputProps gives: the field's id besides Mantine's props. */
type WithId = GetInputPropsReturnType & { id?: string };

/** The label keys of the delivery's fields, which the fields and an error summary show. */
export const DELIVERY_LABELS = {
  mode_livraison: 'order:shipping.mode',
  point_retrait: 'order:shipping.pickupPoint',
  date_livraison: 'order:shipping.date',
};

export function DeliveryChoices({
  getInputProps,
  mode,
  pickupPoints,
  earliestDate,
  afterMode,
  dateForEmail = true,
}: {
  getInputProps: (path: 'mode_livraison' | 'point_retrait' | 'date_livraison') => GetInputPropsReturnType;
  /** The mode chosen so far, which shows the pick-up points. */
  mode: string;
  pickupPoints: readonly PickupPoint[];
  earliestDate: string;
  /** What the page says under the modes about the one chosen. */
  afterMode?: ReactNode;
  /** False where a delivery by email needs no date (a new order's documents go out at once). */
  dateForEmail?: boolean;
}) {
  const { t } = useTranslation('order');
  const hydrated = useHydrated();
  // The group's id goes to its first choice, so that a link to the field (an error summary's) focuses a control.
  const { id: modeId, ...modeProps } = getInputProps('mode_livraison') as WithId;
  return (
    <>
      <Radio.Group name="mode_livraison" label={t(DELIVERY_LABELS.mode_livraison)} required {...modeProps}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" spacing="sm">
          {DELIVERY_MODES.map((deliveryMode, index) => (
            <Paper key={deliveryMode} withBorder p="sm">
              <Radio
                id={index === 0 ? modeId : undefined}
                value={deliveryMode}
                label={t(`deliveryModes.${deliveryMode}`)}
                description={t(`shipping.modeDescriptions.${deliveryMode}`)}
                styles={{ label: { fontWeight: 700 } }}
              />
            </Paper>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {afterMode}
      {/* Before the scripts run, the mode chosen cannot show them: they are there from the start. */}
      {(!hydrated || mode === 'retrait') && (
        <PickupPoints pickupPoints={pickupPoints} inputProps={getInputProps('point_retrait')} />
      )}
      {(dateForEmail || !hydrated || mode !== 'email') && (
        <TextInput
          type="date"
          name="date_livraison"
          label={t(DELIVERY_LABELS.date_livraison)}
          description={t('shipping.dateDescription')}
          min={earliestDate}
          required
          maw={320}
          {...getInputProps('date_livraison')}
        />
      )}
    </>
  );
}

function PickupPoints({
  pickupPoints,
  inputProps,
}: {
  pickupPoints: readonly PickupPoint[];
  inputProps: GetInputPropsReturnType;
}) {
  const { t } = useTranslation('order');
  const { id, ...groupProps } = inputProps as WithId;
  return (
    <Radio.Group name="point_retrait" label={t(DELIVERY_LABELS.point_retrait)} required {...groupProps}>
      <Stack gap="sm" mt="xs">
        {pickupPoints.map((point, index) => (
          <Paper key={point.id} withBorder p="sm">
            <Radio
              id={index === 0 ? id : undefined}
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
  );
}
