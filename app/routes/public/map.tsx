/**
 * The map of the day (`/{lang}/map`): where the four roads go, where the route card is stamped, the landmarks on the
 * way, and on request the rider's own position. Drawn from the road model, so it needs no network once loaded and
 * prints on one page.
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DayMap } from '../../components/map/day-map.tsx';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';

/** A drawing and lists; its one button is an island (components/map/locate-island.ts). */
export const handle = WITHOUT_CLIENT;

export default function MapPage() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PublicIntro namespace="map">
        <Text size="sm" c="gray.7" maw={820}>
          {t('rules:tabs.checks.intro')}
        </Text>
      </PublicIntro>
      <Stack gap="lg">
        <DayMap />
        <Text size="sm">
          {t('map:more')}{' '}
          <Anchor component={Link} to={`/${i18n.language}/roads`}>
            {t('map:roadsLink')}
          </Anchor>{' '}
          ·{' '}
          <Anchor component={Link} to={`/${i18n.language}/rules?tab=checks`}>
            {t('map:rulesLink')}
          </Anchor>
        </Text>
      </Stack>
    </>
  );
}
