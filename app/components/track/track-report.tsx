/**
 * What the track check found, for the rider (track-check page) and the volunteers (admin candidate file): the
 * verdict per challenge, the ascents with their times, the problems, the flags for a person to look at, the track
 * on the map, each ascent's profile.
 */
import { Badge, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackAnalysis, TrackAscent, TrackProblem, Verdict } from '../../../domain/schemas/track.ts';
import {
  CHALLENGE_IDS,
  type Road,
  type RoadId,
  SUMMIT_ALTITUDE_M,
  roadById,
} from '../../../domain/ventoux.ts';
import { useFormat } from '../../lib/format.ts';
import { AscentProfile } from '../public/ascent-profile.tsx';
import { useMissingRoads } from './missing-roads.ts';
import { TrackFlagList } from './track-flags.tsx';
import { TrackMap } from './track-map.tsx';
import { useTrackTimes } from './track-times.ts';
import classes from './track.module.css';

export const VERDICT_COLOURS: Record<Verdict, string> = {
  // teal.9 rather than green.9: white bold small text needs 4.5:1 (green.9 falls just short).
  complete: 'teal.9',
  incomplete: 'gray.7',
  needs_review: 'orange.9',
};

/** The ascent's own kilometre profile as a road, so the roads page's drawing serves unchanged. */
function ascentAsRoad(ascent: TrackAscent, index: number): Road | null {
  if (!ascent.profile) return null;
  return {
    ...roadById(ascent.road),
    // The drawing derives element ids from the road id: one per ascent, as a road may be climbed twice.
    id: `${ascent.road}-${index + 1}` as RoadId,
    profile: ascent.profile.map((point) => ({ km: point.km, altitudeM: point.altitude_m })),
    profileComplete: true,
    landmarks: [],
  };
}

export function ProblemText({ problem }: { problem: TrackProblem }) {
  const { t } = useTranslation();
  const format = useFormat();
  const times = useTrackTimes();
  return (
    <>
      {t(`track:problems.${problem.code}`, {
        road: problem.road ? t(`track:roads.${problem.road}`) : '',
        at: problem.at ? times.clock(problem.at) : '',
        minutes: problem.seconds ? Math.round(problem.seconds / 60) : 0,
        km: format.number(problem.distance_km ?? 0, { maximumFractionDigits: 1 }),
        speed: problem.speed_kmh ?? 0,
        reached: problem.reached ? t(`roads:landmarks.${problem.reached}`) : '',
        days: (problem.days ?? []).map(times.day).join(', '),
        count: problem.count ?? 0,
      })}
    </>
  );
}

type Ascent = TrackAnalysis['ascents'][number];

/**
 * A value of the ascents table with its column's name, which only a narrow box shows (the table is then a card
 * per ascent); a screen reader has the column header already.
 */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td>
      <span className={classes.cellLabel} aria-hidden>
        {label}
      </span>
      {children}
    </td>
  );
}

/** The ascents of the ride, one table row each (a card each in a narrow box). */
function ReportAscents({ ascents, headingOrder }: { ascents: Ascent[]; headingOrder: 3 | 4 | 5 }) {
  const { t } = useTranslation();
  const format = useFormat();
  const times = useTrackTimes();
  // Not a section: the scrolling table is the region of that name (one landmark per name).
  return (
    <div>
      <Title order={headingOrder} id="track-ascents" mb="xs">
        {t('track:ascents.heading')}
      </Title>
      {ascents.length === 0 ? (
        <Text>{t('track:ascents.none')}</Text>
      ) : (
        <div className={classes.tableWrap} tabIndex={0} role="region" aria-labelledby="track-ascents">
          <table className={classes.table} data-testid="track-ascents">
            <thead>
              <tr>
                <th scope="col">{t('track:ascents.road')}</th>
                <th scope="col">{t('track:ascents.start')}</th>
                <th scope="col">{t('track:ascents.summit')}</th>
                <th scope="col">{t('track:ascents.duration')}</th>
                <th scope="col">{t('track:ascents.climb')}</th>
                <th scope="col">{t('track:ascents.distance')}</th>
              </tr>
            </thead>
            <tbody>
              {ascents.map((ascent, index) => (
                <tr key={index}>
                  <th scope="row">
                    {t(`track:roads.${ascent.road}`)}
                    {!ascent.counted && (
                      <Text component="span" c="red.9" fw={400}>
                        {' '}
                        ({t('track:ascents.notCounted')})
                      </Text>
                    )}
                  </th>
                  <Cell label={t('track:ascents.start')}>{times.clock(ascent.start_time)}</Cell>
                  <Cell label={t('track:ascents.summit')}>{times.clock(ascent.summit_time)}</Cell>
                  <Cell label={t('track:ascents.duration')}>{times.duration(ascent.duration_s)}</Cell>
                  <Cell label={t('track:ascents.climb')}>
                    {ascent.climb_m === null ? '—' : `${format.number(ascent.climb_m)} m`}
                  </Cell>
                  <Cell label={t('track:ascents.distance')}>
                    {`${format.number(ascent.distance_km, { maximumFractionDigits: 1 })} km`}
                  </Cell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The altitude profile of each ascent, on one altitude scale so that they compare at a glance. */
function ReportProfiles({ ascents, headingOrder }: { ascents: Ascent[]; headingOrder: 3 | 4 | 5 }) {
  const { t } = useTranslation();
  if (!ascents.some((ascent) => ascent.profile)) return null;
  const lowest = Math.min(...ascents.flatMap((a) => a.profile?.map((p) => p.altitude_m) ?? []), 600);
  const domain: [number, number] = [Math.floor(lowest / 250) * 250, SUMMIT_ALTITUDE_M + 90];
  return (
    <section aria-labelledby="track-profiles">
      <Title order={headingOrder} id="track-profiles" mb="xs">
        {t('track:profiles.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {ascents.map((ascent, index) => {
          const road = ascentAsRoad(ascent, index);
          return road && <AscentProfile key={index} road={road} altitudeDomain={domain} compact />;
        })}
      </SimpleGrid>
    </section>
  );
}

/**
 * "Regular" is said only of a ride that meets a challenge and asks nothing more: with flags below, or when every
 * challenge still lacks ascents, only the recording is said to be in order.
 */
function noProblemsText(analysis: TrackAnalysis): string {
  if (analysis.flags.length > 0) return 'track:problems.noneButFlags';
  const met = CHALLENGE_IDS.some((challenge) => analysis.verdict[challenge] === 'complete');
  return met ? 'track:problems.none' : 'track:problems.noneIncomplete';
}

/** Each challenge's verdict, and beside it the roads the ride still lacks for it. */
function ReportVerdicts({ analysis, headingOrder }: { analysis: TrackAnalysis; headingOrder: 3 | 4 | 5 }) {
  const { t } = useTranslation();
  const missingRoads = useMissingRoads();
  return (
    <section aria-labelledby="track-verdicts">
      <Title order={headingOrder} id="track-verdicts" mb="xs">
        {t('track:verdicts.heading')}
      </Title>
      <ul className={classes.verdicts}>
        {CHALLENGE_IDS.map((challenge) => {
          const missing = analysis.missing[challenge];
          return (
            <li key={challenge} data-testid={`verdict-${challenge}`}>
              <Group gap={6} wrap="nowrap">
                <Text fw={700}>{t(`track:challenges.${challenge}`)}</Text>
                <Badge color={VERDICT_COLOURS[analysis.verdict[challenge]]} variant="filled" size="lg">
                  {t(`track:verdicts.${analysis.verdict[challenge]}`)}
                </Badge>
              </Group>
              {missing.length > 0 && (
                <Text size="sm" data-testid={`missing-${challenge}`}>
                  {t('track:missing.challenge', {
                    challenge: t(`track:challenges.${challenge}`),
                    roads: missingRoads(missing),
                  })}
                </Text>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function TrackReport({
  analysis,
  headingOrder = 2,
}: {
  analysis: TrackAnalysis;
  headingOrder?: 2 | 3 | 4;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const times = useTrackTimes();
  const sub = (headingOrder + 1) as 3 | 4 | 5;

  return (
    <Stack gap="lg" data-testid="track-report">
      <div>
        <Title order={headingOrder}>{t('track:result.heading')}</Title>
        <Text c="gray.7">
          {t('track:result.summary', {
            format: analysis.format.toUpperCase(),
            points: format.number(analysis.points),
            day: analysis.day ? times.day(analysis.day) : t('track:result.noDay'),
          })}
        </Text>
      </div>

      <ReportVerdicts analysis={analysis} headingOrder={sub} />

      <ReportAscents ascents={analysis.ascents} headingOrder={sub} />

      <section aria-labelledby="track-problems">
        <Title order={sub} id="track-problems" mb="xs">
          {t('track:problems.heading')}
        </Title>
        {analysis.problems.length === 0 ? (
          <Text data-testid="track-no-problems">{t(noProblemsText(analysis))}</Text>
        ) : (
          <List data-testid="track-problems">
            {analysis.problems.map((problem, index) => (
              <List.Item key={index} data-code={problem.code}>
                <ProblemText problem={problem} />
              </List.Item>
            ))}
          </List>
        )}
      </section>

      {analysis.flags.length > 0 && (
        <section aria-labelledby="track-flags">
          <Title order={sub} id="track-flags" mb="xs">
            {t('track:flags.heading')}
          </Title>
          <Text size="sm" c="gray.7" mb="xs">
            {t('track:flags.intro')}
          </Text>
          <TrackFlagList flags={analysis.flags} />
        </section>
      )}

      <TrackMap track={analysis.track} label={t('track:map.label', { count: analysis.ascents.length })} />

      <ReportProfiles ascents={analysis.ascents} headingOrder={sub} />
    </Stack>
  );
}
