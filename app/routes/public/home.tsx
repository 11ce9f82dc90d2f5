/**
 * The home page: the carousel, the club and the challenge in a few words, the three challenges, the latest
 * laureates (from the database, through the laureate teaser service), the club's history and its organisers.
 */
import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestContext } from '#request-context';
import { countryName } from '../../../domain/countries.ts';
import { localeOr } from '../../../domain/locales.ts';
import { ChallengeCards } from '../../components/public/challenge-cards.tsx';
import { ClubHistory } from '../../components/public/club-history.tsx';
import { HeroCarousel } from '../../components/public/hero-carousel.tsx';
import { LaureatesTeaser } from '../../components/public/laureates-teaser.tsx';
import { OrganiserCards } from '../../components/public/organiser-cards.tsx';
import { Paragraphs } from '../../components/public/paragraphs.tsx';
import { Seo } from '../../components/seo.tsx';
import type { Route } from './+types/home';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';

/** Complete HTML that works without scripts (docs/decisions/0041-pages-without-scripts.md). */
export const handle = WITHOUT_CLIENT;

const LATEST_LAUREATES = 5;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const locale = localeOr(params.lang);
  const teaser = await services.laureateTeaser.teaser(LATEST_LAUREATES);
  return {
    teaser: {
      total: teaser.total,
      latest: teaser.latest.map((entry) => ({
        ...entry,
        countryName: entry.pays ? (countryName(entry.pays, locale) ?? null) : null,
      })),
    },
  };
}

function Section({
  id,
  title,
  intro,
  shaded = false,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  shaded?: boolean;
  children: ReactNode;
}) {
  return (
    <Box component="section" py={56} bg={shaded ? 'gray.0' : undefined} aria-labelledby={id}>
      <Container size="lg">
        <Title order={2} id={id} mb={intro ? 'xs' : 'lg'}>
          {title}
        </Title>
        {intro && (
          <Text c="gray.7" size="lg" mb="lg" maw={760}>
            {intro}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <>
      <Seo title={t('home:meta.title')} description={t('home:meta.description')} />
      <Box pt="xl" pb={40}>
        <Container size="lg">
          <Stack gap="xs" mb="lg">
            <Title order={1}>{t('home:heading')}</Title>
            <Text size="lg" c="gray.7" maw={820}>
              {t('home:intro')}
            </Text>
          </Stack>
          <HeroCarousel />
        </Container>
      </Box>

      <Box component="section" py={56} bg="gray.0" aria-label={t('home:presentation.title')}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
            <Stack gap="sm">
              <Title order={2}>{t('home:presentation.title')}</Title>
              <Paragraphs i18nKey="home:presentation.paragraphs" />
              <Group>
                <Button component={Link} to={`/${lang}/club`} variant="outline">
                  {t('home:presentation.cta')}
                </Button>
              </Group>
            </Stack>
            <Stack gap="sm" data-testid="challenge-giant">
              <Title order={2}>{t('home:challengeGiant.title')}</Title>
              <Text>{t('home:challengeGiant.text')}</Text>
              <Group>
                <Button component={Link} to={`/${lang}/roads`} variant="outline">
                  {t('home:challengeGiant.cta')}
                </Button>
                <Button component={Link} to={`/${lang}/track-check`} variant="outline">
                  {t('nav.trackCheck')}
                </Button>
              </Group>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>

      <Section id="home-challenges" title={t('home:challenges.title')} intro={t('home:challenges.intro')}>
        <ChallengeCards />
      </Section>

      <Section id="home-laureates" title={t('home:laureates.title')} shaded>
        <LaureatesTeaser teaser={loaderData.teaser} />
      </Section>

      <Section id="home-history" title={t('home:history.title')} intro={t('home:history.intro')}>
        <ClubHistory />
      </Section>

      <Section
        id="home-organisers"
        title={t('home:organisers.title')}
        intro={t('home:organisers.intro')}
        shaded
      >
        <OrganiserCards />
      </Section>
    </>
  );
}
