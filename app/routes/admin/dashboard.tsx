/**
 * The administration's home: what waits for the volunteers, the season's figures, registrations and
 * homologations per month, and the latest actions.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { ActivityRefusals } from '../../components/admin/activity-refusals.tsx';
import {
  ActionCounts,
  LatestActions,
  MoneyFigures,
  MonthlyChart,
  SeasonFigures,
} from '../../components/admin/dashboard-panels.tsx';
import type { DashboardData } from '../../components/admin/types.ts';
import type { Route } from './+types/dashboard';
import { requireStaff } from '../../lib/require-user.ts';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireStaff(args);
  const dashboard: DashboardData = await services.admin.dashboard(user);
  return { dashboard };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { dashboard } = loaderData;
  return (
    <AdminPage>
      <AdminHeading title={t('admin:dashboard.title')} intro={t('admin:dashboard.intro')} />
      <Stack gap="xl">
        <ActivityRefusals refusals={dashboard.activityRefusals} />
        <ActionCounts counts={dashboard.counts} />
        <SeasonFigures data={dashboard} />
        {/* Each panel for those whose roles read it (the service leaves the others out). */}
        {dashboard.season && <MoneyFigures season={dashboard.season} />}
        <SimpleGrid cols={{ base: 1, xl: dashboard.latestActions ? 2 : 1 }} spacing="lg">
          <MonthlyChart monthly={dashboard.monthly} />
          {dashboard.latestActions && <LatestActions actions={dashboard.latestActions} />}
        </SimpleGrid>
      </Stack>
    </AdminPage>
  );
}
