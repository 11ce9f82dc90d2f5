/** The club page: its history, the spirit of the challenge and the totals the club has published. */
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BREVET_COUNTS, CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import { useFormat } from '../../lib/format.ts';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { Paragraphs } from '../../components/public/paragraphs.tsx';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';

/** Complete HTML that works without scripts (docs/decisions/0041-pages-without-scripts.md). */
export const handle = WITHOUT_CLIENT;

function BrevetTotals() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  return (
    <Stack component="section" gap="md" aria-labelledby="club-totals">
      <Title order={2} id="club-totals">
        {t('club:totals.title')}
      </Title>
      <Text>{t('club:totals.intro')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="brevet-totals">
        <Card padding="lg" bg="club.8" c="white" radius="md">
          <Text fz={28} fw={800} lh={1.2}>
            {t('club:totals.total', { total: format.number(BREVET_COUNTS.total) })}
          </Text>
        </Card>
        {CHALLENGE_IDS.map((id) => (
          <Card key={id} padding="lg" withBorder radius="md">
            <Text fz={22} fw={700} lh={1.3}>
              {t(`club:totals.${id}`, { value: format.number(BREVET_COUNTS[id]) })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm" c="gray.7">
        {t('club:totals.note')}
      </Text>
      <Group>
        <Button component={Link} to={`/${i18n.language}/laureates`} variant="outline">
          {t('club:totals.seeRanking')}
        </Button>
      </Group>
    </Stack>
  );
}

export default function ClubPage() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PublicIntro namespace="club" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} mb={48}>
        <Stack component="section" gap="sm" aria-labelledby="club-history">
          <Title order={2} id="club-history">
            {t('club:history.title')}
          </Title>
          <Paragraphs i18nKey="club:history.paragraphs" />
        </Stack>
        <Stack component="section" gap="sm" aria-labelledby="club-spirit">
          <Title order={2} id="club-spirit">
            {t('club:spirit.title')}
          </Title>
          <Paragraphs i18nKey="club:spirit.paragraphs" />
        </Stack>
      </SimpleGrid>
      <BrevetTotals />
      <Card component="section" withBorder padding="xl" mt={48} bg="gray.0" aria-labelledby="club-join">
        <Title order={2} id="club-join">
          {t('club:join.title')}
        </Title>
        <Text mt="xs">{t('club:join.text')}</Text>
        <Group mt="md">
          <Button component={Link} to={`/${i18n.language}/order`} size="md">
            {t('club:join.cta')}
          </Button>
        </Group>
      </Card>
    </>
  );
}
