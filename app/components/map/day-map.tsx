/**
 * The map of the day: Mont Ventoux drawn from the road model (no tiles, so it works offline and prints), its four
 * roads, the three start towns and the summit where the route card is stamped, and numbered landmarks listed below
 * the map. On a phone that allows it, a button shows the rider's position; it is asked only on that button and
 * never leaves the browser: the page has no client, so the button is an island (locate-island.ts).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mapLandmarks, STAMP_ROADS } from '../../../domain/day-map.ts';
import { LOCALE_TAGS, localeOr } from '../../../domain/locales.ts';
import { roadLine } from '../../../domain/track/road-model.ts';
import { ROAD_IDS, roadById, SUMMIT_ALTITUDE_M } from '../../../domain/ventoux.ts';
import { useFormat } from '../../lib/format.ts';
import { ROAD_COLOURS, SUMMIT, projection, svgPoints } from '../track/mountain-drawing.ts';
import { ScrollRegion } from '../public/scroll-region.tsx';
import type { LocateConfig } from './locate-config.ts';
import classes from './day-map.module.css';

// The massif is about 1.8 times as wide as it is tall.
const SIZE = { width: 720, height: 440, pad: 40 };
const LANDMARKS = mapLandmarks();

/** What the island needs: the map's projection and the status line's texts, in the page's language. */
function useLocateConfig(): LocateConfig {
  const { t, i18n } = useTranslation();
  const distance = t('roads:units.km', { value: '%KM%' });
  return {
    projection: { ...projection([], SIZE).parameters },
    summit: SUMMIT,
    locale: LOCALE_TAGS[localeOr(i18n.language)],
    messages: {
      onMap: t('map:position.onMap', { distance }),
      offMap: t('map:position.offMap', { distance }),
      denied: t('map:position.denied'),
      unavailable: t('map:position.unavailable'),
    },
  };
}

/** Hidden without scripts, where it could do nothing; the island shows it and answers its press. */
function LocateMe() {
  const { t } = useTranslation();
  const config = useLocateConfig();
  return (
    <div hidden data-locate-me={JSON.stringify(config)} className={classes.noPrint}>
      <Group gap="sm">
        <Button
          variant="default"
          className={classes.locate}
          leftSection={<IconCurrentLocation size={18} aria-hidden />}
          data-testid="locate-me"
        >
          {t('map:position.button')}
        </Button>
        <Text size="sm" c="gray.7" role="status" data-testid="position-status">
          {t('map:position.privacy')}
        </Text>
      </Group>
    </div>
  );
}

/** A stamp: where the route card is stamped (a town at the foot of an ascent, the summit). */
function Stamp({ x, y }: { x: number; y: number }) {
  return (
    <rect x={x - 7} y={y - 7} width="14" height="14" rx="3" fill="#ed1c24" stroke="#fff" strokeWidth="2" />
  );
}

/** Lengths and heights in the page's language. */
function useUnits() {
  const { t } = useTranslation();
  const format = useFormat();
  return {
    km: (value: number) => t('roads:units.km', { value: format.number(value) }),
    metres: (value: number) => t('roads:units.m', { value: format.number(value) }),
  };
}

/** The four roads with their length and climb, and the stamp's symbol. */
function RoadLegend() {
  const { t } = useTranslation();
  const { km, metres } = useUnits();
  return (
    <ul className={classes.legend} aria-label={t('map:legend.roads')}>
      {ROAD_IDS.map((road) => (
        <li key={road}>
          <svg width="28" height="10" aria-hidden>
            <line
              x1="0"
              y1="5"
              x2="28"
              y2="5"
              stroke={ROAD_COLOURS[road]}
              strokeWidth="4"
              strokeDasharray={road === 'forest' ? '8 5' : undefined}
            />
          </svg>{' '}
          {t(`track:roads.${road}`)} · {km(roadById(road).lengthKm)} · {metres(roadById(road).gainM)}
        </li>
      ))}
      <li>
        <svg width="28" height="14" aria-hidden>
          <Stamp x={14} y={7} />
        </svg>{' '}
        {t('map:legend.stamp')}
      </li>
    </ul>
  );
}

/** The numbered landmarks of the map, with their altitude and where they stand on each road. */
function LandmarkList() {
  const { t } = useTranslation();
  const format = useFormat();
  const { metres } = useUnits();
  return (
    <ol className={classes.landmarks} aria-label={t('map:legend.landmarks')} data-testid="map-landmarks">
      {LANDMARKS.map((landmark) => (
        <li key={landmark.id}>
          <Text span fw={700}>
            {t(`roads:landmarks.${landmark.id}`)}
          </Text>{' '}
          · {metres(landmark.altitudeM)} ·{' '}
          {landmark.on
            .map(({ road, km: at }) =>
              t('map:landmarkOn', { km: format.number(at), road: t(`track:roads.${road}`) }),
            )
            .join(' · ')}
        </li>
      ))}
    </ol>
  );
}

/** The three start towns at the foot of their road, where the route card is stamped, with their altitude. */
function StartTowns({ project }: { project: ReturnType<typeof projection> }) {
  const { metres } = useUnits();
  return (
    <>
      {STAMP_ROADS.map((road) => {
        const foot = roadLine(road)[0]!;
        const [x, y] = project(foot.lat, foot.lon);
        const { startTown, startAltitudeM } = roadById(road);
        return (
          <g key={road} data-testid="map-town">
            <Stamp x={x} y={y} />
            <text x={x} y={y + 30} textAnchor="middle" fontSize="16" fontWeight="700" fill="#212529">
              {startTown}
            </text>
            <text x={x} y={y + 48} textAnchor="middle" fontSize="13" fill="#343a40">
              {metres(startAltitudeM)}
            </text>
          </g>
        );
      })}
    </>
  );
}

export function DayMap() {
  const { t } = useTranslation();
  const format = useFormat();
  const project = projection([], SIZE);
  const [summitX, summitY] = project(SUMMIT.lat, SUMMIT.lon);

  return (
    <Stack gap="md">
      <figure className={classes.figure}>
        {/* On a phone the map keeps a readable size and scrolls sideways. */}
        <ScrollRegion label={t('map:figure.scroll')}>
          <svg
            viewBox={`0 0 ${SIZE.width} ${SIZE.height}`}
            className={classes.map}
            role="img"
            aria-labelledby="day-map-title"
            data-testid="day-map"
          >
            <title id="day-map-title">{t('map:figure.label')}</title>
            <rect width={SIZE.width} height={SIZE.height} fill="#f8f9fa" />
            {ROAD_IDS.map((road) => (
              <polyline
                key={road}
                points={svgPoints(roadLine(road).map((point) => project(point.lat, point.lon)))}
                fill="none"
                stroke={ROAD_COLOURS[road]}
                strokeWidth="4"
                strokeDasharray={road === 'forest' ? '8 5' : undefined}
                strokeLinejoin="round"
                data-testid={`map-road-${road}`}
              >
                <title>{t(`track:roads.${road}`)}</title>
              </polyline>
            ))}
            {LANDMARKS.map((landmark, index) => {
              const [x, y] = project(landmark.lat, landmark.lon);
              return (
                <g key={landmark.id} data-testid="map-landmark">
                  <circle cx={x} cy={y} r="10" fill="#fff" stroke="#495057" strokeWidth="1.5" />
                  <text x={x} y={y + 4} textAnchor="middle" fontSize="11" fontWeight="700" fill="#212529">
                    {index + 1}
                  </text>
                </g>
              );
            })}
            <StartTowns project={project} />
            <g data-testid="map-summit">
              <Stamp x={summitX} y={summitY} />
              <text
                x={summitX}
                y={summitY - 26}
                textAnchor="middle"
                fontSize="16"
                fontWeight="700"
                fill="#212529"
              >
                {t('map:summit', { altitude: format.number(SUMMIT_ALTITUDE_M) })}
              </text>
            </g>
          </svg>
        </ScrollRegion>
        <figcaption className={classes.caption}>{t('map:figure.caption')}</figcaption>
      </figure>

      <LocateMe />

      <RoadLegend />

      <LandmarkList />
    </Stack>
  );
}
