/** The privacy page: what is collected and why, cookies, retention, rights, hiding one's results, contact. */
import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextList } from '../../components/public/paragraphs.tsx';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { TextWithNode } from '../../components/public/text-with-node.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';

/** Complete HTML that works without scripts (docs/decisions/0041-pages-without-scripts.md). */
export const handle = WITHOUT_CLIENT;

const S = 'privacy:sections';

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

export default function PrivacyPage() {
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
          <Bullets i18nKey={`${S}.cookies.items`} />
          <Text fw={600}>{t(`${S}.cookies.noTracking`)}</Text>
        </Section>

        <Section id="retention">
          <Bullets i18nKey={`${S}.retention.items`} />
        </Section>

        <Section id="rights">
          <Text>{t(`${S}.rights.intro`)}</Text>
          <Bullets i18nKey={`${S}.rights.items`} />
          <WithContact i18nKey={`${S}.rights.howTo`} />
          <Text>{t(`${S}.rights.complaint`)}</Text>
        </Section>

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
