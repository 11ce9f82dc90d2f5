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

export function DeliveryChoices({
  getInputProps,
  mode,
  pickupPoints,
  earliestDate,
  afterMode,
}: {
  getInputProps: (path: 'mode_livraison' | 'point_retrait' | 'date_livraison') => GetInputPropsReturnType;
  /** The mode chosen so far, which shows the pick-up points. */
  mode: string;
  pickupPoints: readonly PickupPoint[];
  earliestDate: string;
  /** What the page says under the modes about the one chosen. */
  afterMode?: ReactNode;
}) {
  const { t } = useTranslation('order');
  const hydrated = useHydrated();
  return (
    <>
      <Radio.Group
        name="mode_livraison"
        label={t('shipping.mode')}
        required
        {...getInputProps('mode_livraison')}
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
      {afterMode}
      {/* Before the scripts run, the mode chosen cannot show them: they are there from the start. */}
      {(!hydrated || mode === 'retrait') && (
        <PickupPoints pickupPoints={pickupPoints} inputProps={getInputProps('point_retrait')} />
      )}
      <TextInput
        type="date"
        name="date_livraison"
        label={t('shipping.date')}
        description={t('shipping.dateDescription')}
        min={earliestDate}
        required
        maw={320}
        {...getInputProps('date_livraison')}
      />
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
  return (
    <Radio.Group name="point_retrait" label={t('shipping.pickupPoint')} required {...inputProps}>
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
  );
}
