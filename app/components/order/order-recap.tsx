/**
 * The recap of an order before payment (routes/order/payment.tsx): its candidates, its delivery and billing, and
 * the price from the server, each with the link back to the step that changes it.
 */
import { Anchor, Badge, Divider, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PickupPoint } from '../../../contracts/orders.ts';
import { countryName } from '../../../domain/countries.ts';
import { localeOr } from '../../../domain/locales.ts';
import { useFormat } from '../../lib/format.ts';
import type { AddressDraft, OrderDraft } from './draft.ts';
import { PriceLines } from './price-summary.tsx';
import { postalAddressLines } from '../../../domain/postal-address.ts';

export type Step = 'order' | 'shipping';
type Price = Parameters<typeof PriceLines>[0]['price'];

function AddressLines({ address }: { address: AddressDraft | undefined }) {
  const { i18n } = useTranslation();
  if (!address) return null;
  const locale = localeOr(i18n.language);
  // The country by its name in the page's language, as on the forms; the code only if the name is unknown.
  const country = countryName(address.pays, locale) ?? address.pays.toUpperCase();
  return (
    <Text size="sm">
      {address.prenom} {address.nom}
      {postalAddressLines(address).map((line, index) => (
        <span key={index}>
          <br />
          {line}
        </span>
      ))}
      <br />
      {country}
    </Text>
  );
}

export function EditLink({ step }: { step: Step }) {
  const { t, i18n } = useTranslation('order');
  return (
    <Anchor component={Link} to={`/${i18n.language}/${step}`} size="sm">
      {t(step === 'order' ? 'payment.editCandidates' : 'payment.editDelivery')}
    </Anchor>
  );
}

function CandidatesRecap({ draft }: { draft: OrderDraft }) {
  const { t } = useTranslation('order');
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text fw={700}>{t('payment.candidates')}</Text>
        <EditLink step="order" />
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
  );
}

function DeliveryRecap({ draft, pickupPoints }: { draft: OrderDraft; pickupPoints: readonly PickupPoint[] }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const point = pickupPoints.find((entry) => entry.id === draft.point_retrait);
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text fw={700}>{t('payment.delivery')}</Text>
        <EditLink step="shipping" />
      </Group>
      {draft.mode_livraison && <Text size="sm">{t(`deliveryModes.${draft.mode_livraison}`)}</Text>}
      {/* By email no date was asked: one left in the draft from another mode is not the order's. */}
      {draft.date_livraison && draft.mode_livraison !== 'email' && (
        <Text size="sm">{t('payment.deliveryDate', { date: format.date(draft.date_livraison) })}</Text>
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
  );
}

export function OrderRecap({
  draft,
  pickupPoints,
  price,
}: {
  draft: OrderDraft;
  pickupPoints: readonly PickupPoint[];
  price: Price;
}) {
  const { t } = useTranslation('order');
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="recap-title">
      <Title order={2} size="h3" id="recap-title" mb="md">
        {t('payment.recap')}
      </Title>
      <Stack gap="md">
        <CandidatesRecap draft={draft} />
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DeliveryRecap draft={draft} pickupPoints={pickupPoints} />
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
  );
}
