/** The home page's glimpse of the ranking: the laureate total and the latest homologations, or an invitation. */
import { Anchor, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flagFile } from '../../../contracts/flags.ts';
import type { LaureateTeaser, TeaserLaureate } from '../../../contracts/laureates.ts';
import { useFormat } from '../../lib/format.ts';

export interface TeaserEntry extends TeaserLaureate {
  /** The country's name in the page language, resolved by the loader (keeps the country lists off the page). */
  countryName: string | null;
}

export interface LaureatesTeaserData extends Omit<LaureateTeaser, 'latest'> {
  latest: TeaserEntry[];
}

function LatestEntry({ entry }: { entry: TeaserEntry }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Anchor component={Link} to={`/${i18n.language}/laureates/${entry.laureateId}`} fw={700} c="dark.9">
        {entry.prenom} {entry.nom}
      </Anchor>
      <Text size="sm" c="club.8" fw={600}>
        {t('home:laureates.number', {
          challenge: t(`home:challenges.${entry.epreuve}.title`),
          number: entry.numero,
        })}
      </Text>
      {entry.pays && (
        <Group gap={6} mt={4} wrap="nowrap">
          <img src={flagFile(entry.pays)} width={20} height={15} alt="" loading="lazy" />
          <Text size="sm">{entry.countryName ?? entry.pays.toUpperCase()}</Text>
        </Group>
      )}
      <Text size="xs" c="gray.7" mt={4}>
        {t('home:laureates.certifiedOn', { date: format.timestamp(entry.homologatedAt) })}
      </Text>
    </Paper>
  );
}

export function LaureatesTeaser({ teaser }: { teaser: LaureatesTeaserData }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (teaser.total === 0) {
    return (
      <Card withBorder padding="xl" radius="md" ta="center" data-testid="laureates-empty">
        <Stack align="center" gap="sm">
          <IconTrophy size={40} aria-hidden color="var(--mantine-color-club-8)" />
          <Text size="lg">{t('home:laureates.empty')}</Text>
          <Button component={Link} to={`/${lang}/order`}>
            {t('home:laureates.emptyCta')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="md" data-testid="laureates-teaser">
      <Text fz={28} fw={800} c="club.8" data-testid="laureates-total">
        {t('home:laureates.count', { count: teaser.total })}
      </Text>
      <Title order={3} size="h4">
        {t('home:laureates.latest')}
      </Title>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, md: Math.min(teaser.latest.length, 5) }}
        spacing="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {teaser.latest.map((entry) => (
          <LatestEntry key={entry.homologationId} entry={entry} />
        ))}
      </SimpleGrid>
      <Group>
        <Button component={Link} to={`/${lang}/laureates`} variant="outline">
          {t('home:laureates.seeRanking')}
        </Button>
      </Group>
    </Stack>
  );
}
