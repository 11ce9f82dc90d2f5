/** The roads page: the summit, a comparison of the four roads, then each road with its figures and profile. */
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROADS, ROAD_TOP_ALTITUDE_M, SUMMIT_ALTITUDE_M } from '../../../domain/ventoux.ts';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { AscentProfile } from '../../components/public/ascent-profile.tsx';
import { useFormat } from '../../lib/format.ts';
import { sharedAltitudeDomain } from '../../components/public/profile-geometry.ts';
import { RoadFacts } from '../../components/public/road-facts.tsx';
import { RoadsComparison } from '../../components/public/roads-comparison.tsx';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';

/** Complete HTML that works without scripts (docs/decisions/0041-pages-without-scripts.md). */
export const handle = WITHOUT_CLIENT;

const ALTITUDE_DOMAIN = sharedAltitudeDomain(ROADS);

export default function RoadsPage() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  return (
    <>
      <PublicIntro namespace="roads">
        <Group gap="sm" wrap="wrap">
          <Badge size="xl" variant="filled" color="dark" radius="sm" data-testid="summit-altitude">
            {t('roads:summit', { altitude: format.number(SUMMIT_ALTITUDE_M) })}
          </Badge>
          <Text size="sm" c="gray.7" maw={640}>
            {t('roads:roadTopNote', { altitude: format.number(ROAD_TOP_ALTITUDE_M) })}
          </Text>
        </Group>
        <Anchor component={Link} to={`/${i18n.language}/map`} data-testid="roads-map">
          {t('roads:mapLink')}
        </Anchor>
      </PublicIntro>

      <Stack component="section" gap="sm" mb={48} aria-labelledby="comparison">
        <Title order={2} id="comparison">
          {t('roads:comparison.title')}
        </Title>
        <RoadsComparison />
      </Stack>

      {ROADS.map((road) => (
        <Stack
          key={road.id}
          component="section"
          gap="md"
          mb={56}
          aria-labelledby={road.id}
          data-testid={`road-${road.id}`}
        >
          <div>
            <Title order={2} id={road.id} style={{ scrollMarginTop: 80 }}>
              {t(`roads:roads.${road.id}.title`)}
            </Title>
            <Text c="gray.7" fw={600}>
              {t(`roads:roads.${road.id}.side`)}
            </Text>
          </div>
          <Text maw={760}>{t(`roads:roads.${road.id}.description`)}</Text>
          <RoadFacts road={road} />
          <AscentProfile road={road} altitudeDomain={ALTITUDE_DOMAIN} />
        </Stack>
      ))}

      <Text size="sm" c="gray.7">
        {t('roads:landmarksNote')}
      </Text>
    </>
  );
}
