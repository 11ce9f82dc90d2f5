/**
 * The privacy page: what is collected and why, cookies, each kind of data with why and how long it is kept (from
 * the personal-data registry and the retention settings, decision 0043), rights, a copy of one's data, hiding
 * one's results, contact.
 */
import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestContext } from '#request-context';
import type { DataKindPolicy } from '../../../contracts/personal-data.ts';
import { DATA_COPY_ANCHOR } from '../../lib/account-sections.ts';
import type { Route } from './+types/privacy';
import { useTextList } from '../../components/public/paragraphs.tsx';
import { CookieList } from '../../components/cookie-list.tsx';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { TextWithNode } from '../../components/public/text-with-node.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';

/** Complete HTML that works without scripts (docs/decisions/0041-pages-without-scripts.md). */
export const handle = WITHOUT_CLIENT;

const S = 'privacy:sections';

export function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return { policies: services.retention.policies() };
}

function Section({ id, children }: { id: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack component="section" gap="xs" aria-labelledby={`privacy-${id}`}>
      <Title order={2} id={`privacy-${id}`} size="h3">
        {t(`${S}.${id}.title`)}
      </Title>
      {children}
    </Stack>
  );
}

function Bullets({ i18nKey }: { i18nKey: string }) {
  return (
    <List spacing={6} withPadding>
      {useTextList(i18nKey).map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

/** A sentence of the catalogue with the contact address as a mailto link in it. */
function WithContact({ i18nKey }: { i18nKey: string }) {
  const { t } = useTranslation();
  const email = useRootData()?.settings.contactEmail ?? '';
  return (
    <Text>
      <TextWithNode
        render={(marker) => t(i18nKey, { email: marker })}
        node={
          <Anchor href={`mailto:${email}`} c="club.8" fw={600}>
            {email}
          </Anchor>
        }
      />
    </Text>
  );
}

/** A line that starts with its label in bold ("Why:", "How long:"). */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text mt={4}>
      <Text span fw={600}>
        {label}
      </Text>{' '}
      {children}
    </Text>
  );
}

/** Each kind of data: what it is, why it is kept, and how long (with the period the club set). */
function DataKinds({ policies }: { policies: DataKindPolicy[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {policies.map(({ kind, period }) => (
        <div key={kind} data-testid={`data-kind-${kind}`}>
          <Title order={3} size="h4">
            {t(`privacy:data.kinds.${kind}.name`)}
          </Title>
          <Labelled label={t('privacy:data.labels.why')}>{t(`privacy:data.kinds.${kind}.purpose`)}</Labelled>
          <Labelled label={t('privacy:data.labels.howLong')}>
            {t(`privacy:data.kinds.${kind}.keep`, {
              period: period ? t(`privacy:data.periods.${period.unit}`, { count: period.amount }) : '',
            })}
          </Labelled>
        </div>
      ))}
    </Stack>
  );
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PublicIntro namespace="privacy" />
      <Stack gap={40} maw={820}>
        <Section id="controller">
          <WithContact i18nKey={`${S}.controller.text`} />
        </Section>

        <Section id="collected">
          <Text>{t(`${S}.collected.intro`)}</Text>
          {(['account', 'order', 'payment', 'rides', 'results'] as const).map((part) => (
            <div key={part}>
              <Title order={3} size="h4" mt="xs">
                {t(`${S}.collected.${part}.title`)}
              </Title>
              <Text mt={4}>{t(`${S}.collected.${part}.text`)}</Text>
            </div>
          ))}
          <Text mt="xs">{t(`${S}.collected.legalBasis`)}</Text>
        </Section>

        <Section id="recipients">
          <Text>{t(`${S}.recipients.text`)}</Text>
        </Section>

        <Section id="cookies">
          <Text>{t(`${S}.cookies.intro`)}</Text>
          <CookieList />
          <Text fw={600}>{t(`${S}.cookies.noTracking`)}</Text>
        </Section>

        <Section id="retention">
          <Text>{t(`${S}.retention.intro`)}</Text>
          <DataKinds policies={loaderData.policies} />
        </Section>

        <Section id="rights">
          <Text>{t(`${S}.rights.intro`)}</Text>
          <Bullets i18nKey={`${S}.rights.items`} />
          <WithContact i18nKey={`${S}.rights.howTo`} />
          <Text>{t(`${S}.rights.complaint`)}</Text>
        </Section>

        <Card component="section" withBorder padding="lg" bg="gray.0" aria-labelledby="privacy-copy">
          <Title order={2} id="privacy-copy" size="h3">
            {t(`${S}.copy.title`)}
          </Title>
          <Text mt="xs">{t(`${S}.copy.text`)}</Text>
          <Group mt="md">
            <Button component={Link} to={`/${i18n.language}/account#${DATA_COPY_ANCHOR}`} variant="outline">
              {t(`${S}.copy.link`)}
            </Button>
          </Group>
        </Card>

        <Card component="section" withBorder padding="lg" bg="gray.0" aria-labelledby="privacy-publicDisplay">
          <Title order={2} id="privacy-publicDisplay" size="h3">
            {t(`${S}.publicDisplay.title`)}
          </Title>
          <Text mt="xs">{t(`${S}.publicDisplay.text`)}</Text>
          <Group mt="md">
            <Button component={Link} to={`/${i18n.language}/public-display-restriction`} variant="outline">
              {t(`${S}.publicDisplay.link`)}
            </Button>
          </Group>
        </Card>

        <Section id="updates">
          <Text>{t(`${S}.updates.text`)}</Text>
        </Section>
      </Stack>
    </>
  );
}
