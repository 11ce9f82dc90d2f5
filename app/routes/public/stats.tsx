/**
 * The ranking in figures: key numbers, then each breakdown as a chart with its table. The numbers are
 * server-rendered, charts included (SVG and HTML, no chart library).
 */
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { requestContext } from '#request-context';
import { countryName } from '../../../domain/countries.ts';
import { localeOr } from '../../../domain/locales.ts';
import type { Statistics } from '../../../domain/schemas/statistics.ts';
import { CHALLENGE_IDS } from '../../../domain/ventoux.ts';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { ChartSection } from '../../components/stats/chart-section.tsx';
import { FigureTable } from '../../components/stats/figure-table.tsx';
import { ColumnsFigure, DonutFigure, RowsFigure } from '../../components/stats/stats-charts.tsx';
import { useFormat } from '../../lib/format.ts';
import type { Route } from './+types/stats';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';

/** Complete HTML that works without scripts (docs/decisions/0041-pages-without-scripts.md). */
export const handle = WITHOUT_CLIENT;

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return { statistics: await services.statistics.count() };
}

function useStatsFormat() {
  const format = useFormat();
  return {
    locale: localeOr(format.lang),
    number: (value: number) => format.number(value),
    percent: format.percent,
    decimal: (value: number) => format.number(value, { maximumFractionDigits: 1 }),
  };
}

function KeyFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={30} fw={800} lh={1.2} c="club.8">
        {value}
      </Text>
    </Card>
  );
}

function AgeFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function CountrySection({ id, data }: { id: 'country' | 'nationality'; data: Statistics['byCountry'] }) {
  const { t } = useTranslation();
  const format = useStatsFormat();
  const label = (code: string) => countryName(code, format.locale) ?? code.toUpperCase();
  const bars = [
    ...data.top.map((entry) => ({ label: label(entry.code), value: entry.count })),
    ...(data.others > 0 ? [{ label: t('stats:others'), value: data.others }] : []),
  ];
  const rows = [
    ...data.top.map((entry) => ({
      key: entry.code,
      cells: [label(entry.code), format.number(entry.count), format.percent(entry.share)],
    })),
    ...(data.others > 0
      ? [
          {
            key: 'others',
            cells: [t('stats:others'), format.number(data.others), format.percent(data.othersShare)],
          },
        ]
      : []),
    ...(data.unknown > 0
      ? [{ key: 'unknown', cells: [t('stats:unknown'), format.number(data.unknown), ''] }]
      : []),
  ];
  const title = t(`stats:${id}.title`);
  return (
    <ChartSection
      id={id}
      title={title}
      chart={<RowsFigure bars={bars} format={format.number} />}
      table={
        <FigureTable
          caption={title}
          columns={[t(`stats:${id}.column`), t('stats:count'), t('stats:share')]}
          rows={rows}
          testId={`stats-${id}-table`}
        />
      }
    />
  );
}

/** The four numbers at the top: rides, laureates, the share who came back, the average age. */
function KeyFigures({ statistics }: { statistics: Statistics }) {
  const { t } = useTranslation();
  const format = useStatsFormat();
  const { totals, byAge, repeatRiders } = statistics;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <KeyFigure
        label={t('stats:totals.homologations')}
        value={format.number(totals.homologations)}
        testId="stats-total-homologations"
      />
      <KeyFigure
        label={t('stats:totals.laureates')}
        value={format.number(totals.laureates)}
        testId="stats-total-laureates"
      />
      <KeyFigure
        label={t('stats:totals.repeaters')}
        value={format.percent(repeatRiders.share)}
        testId="stats-repeaters"
      />
      <KeyFigure
        label={t('stats:totals.average')}
        value={byAge.average === null ? '-' : t('stats:years', { age: format.decimal(byAge.average) })}
        testId="stats-average-age"
      />
    </SimpleGrid>
  );
}

/** The rides by challenge. */
function ChallengeSection({ statistics }: { statistics: Statistics }) {
  const { t } = useTranslation();
  const format = useStatsFormat();
  const challengeRows = statistics.byChallenge.map((entry) => ({
    key: entry.epreuve,
    cells: [t(`stats:challenges.${entry.epreuve}`), format.number(entry.count), format.percent(entry.share)],
  }));
  return (
    <ChartSection
      id="challenge"
      title={t('stats:challenge.title')}
      chart={
        <DonutFigure
          bars={statistics.byChallenge.map((entry) => ({
            label: t(`stats:challenges.${entry.epreuve}`),
            value: entry.count,
          }))}
          format={format.number}
        />
      }
      table={
        <FigureTable
          caption={t('stats:challenge.title')}
          columns={[t('stats:challenge.column'), t('stats:count'), t('stats:share')]}
          rows={challengeRows}
          testId="stats-challenge-table"
        />
      }
    />
  );
}

/** The rides by year, each challenge stacked. */
function YearSection({ statistics }: { statistics: Statistics }) {
  const { t } = useTranslation();
  const format = useStatsFormat();
  return (
    <ChartSection
      id="year"
      title={t('stats:year.title')}
      summary={
        statistics.unknownYear > 0 && (
          <Text size="sm" c="gray.7">
            {t('stats:year.unknown', { count: format.number(statistics.unknownYear) })}
          </Text>
        )
      }
      chart={
        <ColumnsFigure
          data={statistics.byYear.map((entry) => ({ ...entry, year: String(entry.year) }))}
          dataKey="year"
          series={CHALLENGE_IDS.map((id) => ({ name: id, label: t(`stats:challenges.${id}`) }))}
          format={format.number}
          stacked
        />
      }
      table={
        <FigureTable
          caption={t('stats:year.title')}
          columns={[
            t('stats:year.column'),
            ...CHALLENGE_IDS.map((id) => t(`stats:challenges.${id}`)),
            t('stats:year.total'),
          ]}
          rows={statistics.byYear.map((entry) => ({
            key: String(entry.year),
            cells: [
              String(entry.year),
              ...CHALLENGE_IDS.map((id) => format.number(entry[id])),
              format.number(entry.total),
            ],
          }))}
          testId="stats-year-table"
        />
      }
    />
  );
}

/** The age of the riders on the day, in bands, with the youngest and the oldest. */
function AgeSection({ statistics }: { statistics: Statistics }) {
  const { t } = useTranslation();
  const format = useStatsFormat();
  const { byAge } = statistics;
  const bandLabel = (band: { from: number; to: number | null }) =>
    band.to === null
      ? t('stats:age.bandOpen', { from: band.from })
      : t('stats:age.band', { from: band.from, to: band.to });
  const years = (age: number | null) => (age === null ? '-' : t('stats:years', { age }));
  return (
    <ChartSection
      id="age"
      title={t('stats:age.title')}
      summary={
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <AgeFigure label={t('stats:age.youngest')} value={years(byAge.youngest)} testId="stats-youngest" />
          <AgeFigure label={t('stats:age.oldest')} value={years(byAge.oldest)} testId="stats-oldest" />
          {byAge.unknown > 0 && (
            <Text c="gray.7">{t('stats:age.unknown', { count: format.number(byAge.unknown) })}</Text>
          )}
        </SimpleGrid>
      }
      chart={
        <RowsFigure
          bars={byAge.bands.map((band) => ({ label: bandLabel(band), value: band.count }))}
          format={format.number}
        />
      }
      table={
        <FigureTable
          caption={t('stats:age.title')}
          columns={[t('stats:age.column'), t('stats:count')]}
          rows={byAge.bands.map((band) => ({
            key: String(band.from),
            cells: [bandLabel(band), format.number(band.count)],
          }))}
          testId="stats-age-table"
        />
      }
    />
  );
}

/** The rides by civilité; one that nobody gave is left out. */
function CiviliteSection({ statistics }: { statistics: Statistics }) {
  const { t } = useTranslation();
  const format = useStatsFormat();
  const civiliteLabel = (civilite: 'm' | 'mme' | null) =>
    civilite ? t(`stats:civilite.${civilite}`) : t('stats:unknown');
  return (
    <ChartSection
      id="civilite"
      title={t('stats:civilite.title')}
      chart={
        <DonutFigure
          bars={statistics.byCivilite
            .filter((entry) => entry.count > 0)
            .map((entry) => ({ label: civiliteLabel(entry.civilite), value: entry.count }))}
          format={format.number}
        />
      }
      table={
        <FigureTable
          caption={t('stats:civilite.title')}
          columns={[t('stats:civilite.column'), t('stats:count'), t('stats:share')]}
          rows={statistics.byCivilite
            .filter((entry) => entry.count > 0)
            .map((entry) => ({
              key: entry.civilite ?? 'unknown',
              cells: [civiliteLabel(entry.civilite), format.number(entry.count), format.percent(entry.share)],
            }))}
          testId="stats-civilite-table"
        />
      }
    />
  );
}

/** How many laureates rode once, twice and more. */
function RepeatSection({ statistics }: { statistics: Statistics }) {
  const { t } = useTranslation();
  const format = useStatsFormat();
  const { repeatRiders } = statistics;
  return (
    <ChartSection
      id="repeat"
      title={t('stats:repeat.title')}
      summary={
        <Text>
          {t('stats:repeat.intro', {
            share: format.percent(repeatRiders.share),
            max: format.number(repeatRiders.maxRides),
          })}
        </Text>
      }
      chart={
        <RowsFigure
          bars={repeatRiders.distribution.map((entry) => ({
            label: String(entry.rides),
            value: entry.laureates,
          }))}
          format={format.number}
        />
      }
      table={
        <FigureTable
          caption={t('stats:repeat.title')}
          columns={[t('stats:repeat.column'), t('stats:repeat.laureates')]}
          rows={repeatRiders.distribution.map((entry) => ({
            key: String(entry.rides),
            cells: [String(entry.rides), format.number(entry.laureates)],
          }))}
          testId="stats-repeat-table"
        />
      }
    />
  );
}

export default function StatsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { statistics } = loaderData;
  if (statistics.totals.homologations === 0) {
    return (
      <>
        <PublicIntro namespace="stats" />
        <Text>{t('stats:empty')}</Text>
      </>
    );
  }

  return (
    <>
      <PublicIntro namespace="stats" />
      <Stack gap="xl">
        <KeyFigures statistics={statistics} />
        <ChallengeSection statistics={statistics} />
        <YearSection statistics={statistics} />
        <CountrySection id="country" data={statistics.byCountry} />
        <CountrySection id="nationality" data={statistics.byNationality} />
        <AgeSection statistics={statistics} />
        <CiviliteSection statistics={statistics} />
        <RepeatSection statistics={statistics} />
      </Stack>
    </>
  );
}
