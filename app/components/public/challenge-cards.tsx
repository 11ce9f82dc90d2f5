/** The three challenges as cards: their figures from the domain, what the name means, rules and registration. */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHALLENGES } from '../../../domain/ventoux.ts';
import { useFormat } from '../../lib/format.ts';
import { rulesTabPath } from './rules-tabs.ts';
import classes from './challenge-cards.module.css';

export function ChallengeCards() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const lang = i18n.language;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {CHALLENGES.map((challenge) => {
        const key = `home:challenges.${challenge.id}`;
        return (
          <Card
            key={challenge.id}
            withBorder
            padding="lg"
            radius="md"
            className={classes.card}
            data-testid={`challenge-${challenge.id}`}
          >
            <Stack gap="sm" h="100%">
              <div>
                <Group justify="space-between" align="baseline" gap="xs">
                  <Title order={3} c="club.8">
                    {t(`${key}.title`)}
                  </Title>
                  <Badge variant="light" color="gray" c="dark.6" radius="sm">
                    {t('home:challenges.since', { year: challenge.since })}
                  </Badge>
                </Group>
                <Text fw={600}>{t(`${key}.tagline`)}</Text>
              </div>
              <ul className={classes.figures}>
                <li>{t('home:challenges.ascents', { count: challenge.ascents.length })}</li>
                <li>{t('home:challenges.distance', { km: format.number(challenge.distanceKm) })}</li>
                <li>{t('home:challenges.gain', { gain: format.number(challenge.gainM) })}</li>
              </ul>
              <Text>{t(`${key}.description`)}</Text>
              <Text size="sm" c="gray.7" fs="italic">
                {t(`${key}.nameMeaning`)}
              </Text>
              <Group mt="auto" gap="sm">
                <Button component={Link} to={`/${lang}/order`}>
                  {t('home:challenges.registerLink')}
                </Button>
                <Button component={Link} to={rulesTabPath(lang, 'options')} variant="outline">
                  {t('home:challenges.rulesLink')}
                </Button>
              </Group>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
