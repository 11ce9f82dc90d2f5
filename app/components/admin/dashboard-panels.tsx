/**
 * The dashboard's panels: what waits for the volunteers (each count opens its list), the season's orders and
 * revenue, the laureates total, registrations and homologations per month (a chart, with the same figures as a
 * table for screen readers and on request), and the latest actions of the audit log.
 */
import { LEDGER_TABLES } from '../../../domain/schemas/refunds.ts';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Switch,
  Table,
  Text,
  ThemeIcon,
  Timeline,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconCash,
  IconDownload,
  IconScale,
  IconChevronRight,
  IconHourglass,
  IconInbox,
  IconMail,
  IconMapPin,
  IconMedal,
  IconReceipt,
  IconUserShield,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { actionLabel } from './candidate-sections.tsx';
import { useFormat } from '../../lib/format.ts';
import { personName } from './labels.tsx';
import { homologationListUrl, type DashboardData } from './types.ts';
import classes from './dashboard-panels.module.css';

function CountCard({
  to,
  label,
  count,
  icon,
  open,
  note,
}: {
  to: string;
  label: string;
  count: string;
  icon: ReactNode;
  open: string;
  /** A second figure inside the same list (the riders' answers among the cards to judge). */
  note?: string;
}) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.countCard} data-testid="count-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fz={32} fw={800} lh={1.1}>
            {count}
          </Text>
          <Text size="sm" fw={600} mt={4}>
            {label}
          </Text>
          {note && (
            <Text size="xs" fw={600} c="blue.9" mt={2} data-testid="count-note">
              {note}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
      <Group gap={2} mt="sm" c="club.7">
        <Text size="xs" fw={700} c="inherit">
          {open}
        </Text>
        <IconChevronRight size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

export function ActionCounts({ counts }: { counts: DashboardData['counts'] }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const base = `/${i18n.language}/administration`;
  const icon = { size: 20, 'aria-hidden': true } as const;
  const open = t('admin:dashboard.openList');
  return (
    <section aria-labelledby="dashboard-to-do">
      <Title order={2} size="h3" id="dashboard-to-do" mb="sm">
        {t('admin:dashboard.toDo')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        <CountCard
          to={`${base}/inscriptions/consent`}
          label={t('admin:dashboard.counts.consent')}
          count={format.number(counts.consent)}
          icon={<IconUserShield {...icon} />}
          open={open}
        />
        <CountCard
          to={`${base}/inscriptions/traitements`}
          label={t('admin:dashboard.counts.traitements')}
          count={format.number(counts.traitements)}
          icon={<IconInbox {...icon} />}
          open={open}
        />
        <CountCard
          to={`${base}/inscriptions/email`}
          label={t('admin:dashboard.counts.email')}
          count={format.number(counts.email)}
          icon={<IconMail {...icon} />}
          open={open}
        />
        <CountCard
          to={`${base}/inscriptions/retrait`}
          label={t('admin:dashboard.counts.retrait')}
          count={format.number(counts.retrait)}
          icon={<IconMapPin {...icon} />}
          open={open}
        />
        <CountCard
          to={homologationListUrl(i18n.language, 'in_progress')}
          label={t('admin:dashboard.counts.in_progress')}
          count={format.number(counts.in_progress)}
          icon={<IconHourglass {...icon} />}
          open={open}
          note={
            counts.evidence_answered > 0
              ? t('admin:dashboard.counts.evidenceAnswered', { count: counts.evidence_answered })
              : undefined
          }
        />
        <CountCard
          to={`${base}/cancellation-requests`}
          label={t('admin:dashboard.counts.cancellation_requests')}
          count={format.number(counts.cancellation_requests)}
          icon={<IconArrowBackUp {...icon} />}
          open={open}
        />
      </SimpleGrid>
    </section>
  );
}

function Figure({
  label,
  value,
  icon,
  note,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  note?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fz={28} fw={800} lh={1.2}>
            {value}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color="gray" size="lg" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The season's orders and takings (for those who may read the money), and the laureates (for everyone). */
export function SeasonFigures({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { season } = data;
  const period = season
    ? t('admin:dashboard.season.period', { from: format.date(season.from), to: format.date(season.to) })
    : undefined;
  const icon = { size: 20, 'aria-hidden': true } as const;
  return (
    <section aria-labelledby="dashboard-season">
      <Title order={2} size="h3" id="dashboard-season" mb="sm">
        {t('admin:dashboard.season.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {season && (
          <Figure
            label={t('admin:dashboard.season.orders')}
            value={format.number(season.orders)}
            note={period}
            icon={<IconReceipt {...icon} />}
          />
        )}
        {season && (
          <Figure
            label={t('admin:dashboard.season.revenue')}
            value={format.money(season.revenueCents, season.currency)}
            note={period}
            icon={<IconCash {...icon} />}
          />
        )}
        <Figure
          label={t('admin:dashboard.laureates')}
          value={format.number(data.laureatesTotal)}
          note={t('admin:dashboard.laureatesNote')}
          icon={<IconMedal {...icon} />}
        />
      </SimpleGrid>
    </section>
  );
}

/** The season's money (decision 0039): payments confirmed in, refunds out, and the net, with the ledger to download. */
export function MoneyFigures({ season }: { season: NonNullable<DashboardData['season']> }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { money, currency, from, to } = season;
  const icon = { size: 20, 'aria-hidden': true } as const;
  return (
    <section aria-labelledby="dashboard-money">
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} size="h3" id="dashboard-money">
          {t('admin:dashboard.money.title')}
        </Title>
        <Group gap="md">
          {LEDGER_TABLES.map((table) => (
            <Anchor
              key={table}
              href={`/api/admin/ledger.csv?from=${from}&to=${to}&lang=${i18n.language}&table=${table}`}
              download
              display="inline-flex"
              style={{ alignItems: 'center', gap: 4 }}
              data-testid={`ledger-download-${table}`}
            >
              <IconDownload size={16} aria-hidden />
              {t(`admin:dashboard.money.ledger.${table}`)}
            </Anchor>
          ))}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="dashboard-money">
        <Figure
          label={t('admin:dashboard.money.in')}
          value={format.money(money.inCents, currency)}
          icon={<IconCash {...icon} />}
        />
        <Figure
          label={t('admin:dashboard.money.out')}
          value={format.money(money.outCents, currency)}
          icon={<IconArrowBackUp {...icon} />}
        />
        <Figure
          label={t('admin:dashboard.money.net')}
          value={format.money(money.netCents, currency)}
          icon={<IconScale {...icon} />}
        />
      </SimpleGrid>
    </section>
  );
}

function MonthlyTable({ monthly, caption }: { monthly: DashboardData['monthly']; caption: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table striped data-testid="monthly-table">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('admin:dashboard.chart.month')}</Table.Th>
          <Table.Th scope="col" ta="end">
            {t('admin:dashboard.chart.registrations')}
          </Table.Th>
          <Table.Th scope="col" ta="end">
            {t('admin:dashboard.chart.homologations')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {monthly.map((row) => (
          <Table.Tr key={row.month}>
            <Table.Th scope="row" fw={400}>
              {format.month(row.month)}
            </Table.Th>
            <Table.Td ta="end">{format.number(row.registrations)}</Table.Td>
            <Table.Td ta="end">{format.number(row.homologations)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function MonthlyChart({ monthly }: { monthly: DashboardData['monthly'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [asTable, setAsTable] = useState(false);
  const registrations = t('admin:dashboard.chart.registrations');
  const homologations = t('admin:dashboard.chart.homologations');
  const data = monthly.map((row) => ({
    month: format.month(row.month),
    [registrations]: row.registrations,
    [homologations]: row.homologations,
  }));
  const caption = t('admin:dashboard.chart.caption');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-chart">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={2} size="h3" id="dashboard-chart">
          {t('admin:dashboard.chart.title')}
        </Title>
        <Switch
          label={t('admin:dashboard.chart.showTable')}
          checked={asTable}
          onChange={(event) => setAsTable(event.currentTarget.checked)}
        />
      </Group>
      {asTable ? (
        <MonthlyTable monthly={monthly} caption={caption} />
      ) : (
        <>
          {/* The chart is a picture for sighted readers; screen readers get the same figures as a table. */}
          <div aria-hidden data-testid="monthly-chart">
            <BarChart
              h={280}
              data={data}
              dataKey="month"
              series={[
                { name: registrations, color: 'club.6' },
                { name: homologations, color: 'teal.6' },
              ]}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              tickLine="y"
              valueFormatter={(value) => format.number(value)}
              // Hidden from assistive technologies (the table says the same), so nothing in it takes the focus.
              barChartProps={{ accessibilityLayer: false }}
            />
          </div>
          <VisuallyHidden>
            <MonthlyTable monthly={monthly} caption={caption} />
          </VisuallyHidden>
        </>
      )}
    </Card>
  );
}

export function LatestActions({ actions }: { actions: NonNullable<DashboardData['latestActions']> }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-latest">
      <Title order={2} size="h3" id="dashboard-latest" mb="md">
        {t('admin:dashboard.latest.title')}
      </Title>
      {actions.length === 0 ? (
        <Text c="dimmed">{t('admin:dashboard.latest.empty')}</Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="latest-actions">
          {actions.map((entry) => (
            <Timeline.Item
              key={entry.id}
              title={
                entry.entity === 'candidate' ? (
                  <Link
                    to={`/${i18n.language}/administration/candidates/${entry.entityId}`}
                    className={classes.actionLink}
                  >
                    {actionLabel(t, entry.action)}
                  </Link>
                ) : (
                  actionLabel(t, entry.action)
                )
              }
            >
              <Text size="xs" c="dimmed">
                <time dateTime={String(entry.createdAt)}>{format.dateTime(entry.createdAt)}</time>
                {' · '}
                {entry.actor ? personName(t, entry.actor) : t('admin:system')}
                {' · '}
                {t(`admin:entities.${entry.entity}`, { defaultValue: entry.entity })}{' '}
                {entry.reference ?? `#${entry.entityId}`}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}
