/** The content of each section of the rules page, from the `rules` namespace. */
import { Anchor, Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBike,
  IconCar,
  IconHelmet,
  IconMail,
  IconMapPin,
  IconMedal,
  IconSun,
  IconTruckDelivery,
  IconWind,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClubPostalAddress as Address } from '../../../contracts/club-address.ts';
import { DEFAULT_CURRENCY } from '../../../domain/prices.ts';
import { CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import { ClubPostalAddress } from '../club-postal-address.tsx';
import { useFormat } from '../../lib/format.ts';
import { useRootData } from '../../lib/root-data.ts';
import { useTextList } from './paragraphs.tsx';
import { type RulesTab, SAFETY_ITEM_IDS } from './rules-tabs.ts';
import classes from './rules-panels.module.css';

function PanelHeading({ tab }: { tab: RulesTab }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} mb="md">
      <Title order={2}>{t(`rules:tabs.${tab}.title`)}</Title>
      <Text c="gray.7">{t(`rules:tabs.${tab}.intro`)}</Text>
    </Stack>
  );
}

function Bullets({ items }: { items: string[] }) {
  return (
    <List spacing="xs" withPadding>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

function OptionsPanel() {
  const { t } = useTranslation();
  return (
    <>
      <PanelHeading tab="options" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {CHALLENGE_IDS.map((id) => (
          <Card key={id} withBorder padding="lg" id={`rules-${id}`}>
            <Title order={3} size="h4" c="club.8">
              {t(`rules:tabs.options.${id}.title`)}
            </Title>
            <Text mt="xs">{t(`rules:tabs.options.${id}.text`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder padding="lg" mt="md" bg="gray.0">
        <Title order={3} size="h4">
          {t('rules:tabs.options.oneDay.title')}
        </Title>
        <Text mt="xs">{t('rules:tabs.options.oneDay.text')}</Text>
      </Card>
    </>
  );
}

function RegistrationPanel() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  // The club's price in force, the next one planned and its fee on an approved cancellation request (decision 0053).
  const settings = useRootData()?.settings;
  const price = format.money(settings?.priceCents ?? 0, DEFAULT_CURRENCY);
  const next = settings?.nextPrice;
  const feeCents = settings?.refundFeeCents ?? 0;
  const deliveryIcons: Record<string, ReactNode> = {
    postal: <IconTruckDelivery size={18} aria-hidden />,
    email: <IconMail size={18} aria-hidden />,
    pickup: <IconMapPin size={18} aria-hidden />,
  };
  return (
    <>
      <PanelHeading tab="registration" />
      <Bullets items={useTextList('rules:tabs.registration.items', { price })} />
      {next && (
        <Text mt="xs" data-testid="rules-next-price">
          {t('rules:tabs.registration.nextPrice', {
            date: format.date(next.from),
            price: format.money(next.cents, DEFAULT_CURRENCY),
          })}
        </Text>
      )}
      <Text mt="md" data-testid="rules-cancellation">
        {feeCents > 0
          ? t('rules:tabs.registration.cancellation', {
              fee: format.money(feeCents, DEFAULT_CURRENCY),
            })
          : t('rules:tabs.registration.cancellationFree')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mt="lg">
        <Card withBorder padding="lg">
          <Title order={3} size="h4">
            {t('rules:tabs.registration.age.title')}
          </Title>
          <Bullets items={useTextList('rules:tabs.registration.age.items')} />
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h4">
            {t('rules:tabs.registration.insurance.title')}
          </Title>
          <Text mt="xs">{t('rules:tabs.registration.insurance.text')}</Text>
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h4">
            {t('rules:tabs.registration.delivery.title')}
          </Title>
          <Text mt="xs">{t('rules:tabs.registration.delivery.intro')}</Text>
          {/* Room between the modes and beside their icons: each a line of its own on a phone too. */}
          <List
            spacing="sm"
            mt="md"
            center
            styles={{ itemWrapper: { gap: 'var(--mantine-spacing-sm)' }, itemLabel: { lineHeight: 1.5 } }}
          >
            {(['postal', 'email', 'pickup'] as const).map((mode) => (
              <List.Item
                key={mode}
                icon={
                  <ThemeIcon size={28} radius="xl" variant="light" color="gray">
                    {deliveryIcons[mode]}
                  </ThemeIcon>
                }
              >
                {t(`rules:tabs.registration.delivery.modes.${mode}`)}
              </List.Item>
            ))}
          </List>
        </Card>
      </SimpleGrid>
      <Button component={Link} to={`/${i18n.language}/order`} mt="lg" size="md">
        {t('rules:tabs.registration.cta')}
      </Button>
    </>
  );
}

const SAFETY_ICONS: Record<(typeof SAFETY_ITEM_IDS)[number], ReactNode> = {
  gear: <IconBike aria-hidden />,
  heat: <IconSun aria-hidden />,
  lights: <IconHelmet aria-hidden />,
  weather: <IconWind aria-hidden />,
  traffic: <IconCar aria-hidden />,
};
const SAFETY_ITEMS = SAFETY_ITEM_IDS.map((id) => ({ id, icon: SAFETY_ICONS[id] }));

function SafetyPanel() {
  const { t } = useTranslation();
  return (
    <>
      <PanelHeading tab="safety" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {SAFETY_ITEMS.map((item) => (
          <Card key={item.id} withBorder padding="lg">
            <ThemeIcon size={40} radius="md" variant="light" color="club.8">
              {item.icon}
            </ThemeIcon>
            <Title order={3} size="h4" mt="sm">
              {t(`rules:tabs.safety.items.${item.id}.title`)}
            </Title>
            <Text mt="xs">{t(`rules:tabs.safety.items.${item.id}.text`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}

function ChecksPanel() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PanelHeading tab="checks" />
      <Bullets items={useTextList('rules:tabs.checks.items')} />
      <Text mt="md" fs="italic">
        {t('rules:tabs.checks.note')}
      </Text>
      <Text mt="md">
        <Anchor component={Link} to={`/${i18n.language}/map`} data-testid="rules-map">
          {t('rules:tabs.checks.map')}
        </Anchor>
      </Text>
    </>
  );
}

/** What every section is given: the club's postal address, where the route card goes back. */
interface RulesPanelProps {
  postalAddress: Address;
}

function HomologationPanel({ postalAddress }: RulesPanelProps) {
  const { t, i18n } = useTranslation();
  const steps = useTextList('rules:tabs.homologation.steps');
  return (
    <>
      <PanelHeading tab="homologation" />
      <List type="ordered" spacing="sm" className={classes.steps}>
        {steps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <Card withBorder padding="lg" mt="md" bg="gray.0" maw={480} data-testid="rules-return-address">
        <Title order={3} size="h4" mb="xs">
          {t('rules:tabs.homologation.returnAddress')}
        </Title>
        <ClubPostalAddress address={postalAddress} size="md" />
      </Card>
      <Text mt="md" fs="italic">
        {t('rules:tabs.homologation.note')}
      </Text>
      <Text mt="md">
        <Anchor component={Link} to={`/${i18n.language}/track-check`} data-testid="rules-track-check">
          {t('rules:tabs.homologation.trackCheck')}
        </Anchor>
      </Text>
    </>
  );
}

function RewardsPanel() {
  return (
    <>
      <PanelHeading tab="rewards" />
      <List
        spacing="sm"
        center
        icon={
          <ThemeIcon size={28} radius="xl" variant="light" color="club.8">
            <IconMedal size={18} aria-hidden />
          </ThemeIcon>
        }
      >
        {useTextList('rules:tabs.rewards.items').map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </>
  );
}

export const RULES_PANELS: Record<RulesTab, (props: RulesPanelProps) => ReactNode> = {
  options: OptionsPanel,
  registration: RegistrationPanel,
  safety: SafetyPanel,
  checks: ChecksPanel,
  homologation: HomologationPanel,
  rewards: RewardsPanel,
};
