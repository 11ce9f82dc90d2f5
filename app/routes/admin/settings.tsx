/**
 * The club's settings (issue 47, decision 0053): a section per setting, each a form posted to this page's action
 * (decision 0032) with the version it was read from, and the history of versions with a restore. A change made
 * meanwhile by someone else is refused with what was typed kept, shown against the new values.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ShouldRevalidateFunctionArgs, data } from 'react-router';
import { requestContext } from '#request-context';
import { fieldErrors } from '../../../domain/schemas/common.ts';
import { settingsPatchSchema } from '../../../domain/settings.ts';
import { AdminPage } from '../../components/admin/admin-page.tsx';
import { AdminHeading } from '../../components/admin/admin-heading.tsx';
import { ContactSection, FeeSection, HeatSection } from '../../components/admin/settings/other-sections.tsx';
import { NoticeSection } from '../../components/admin/settings/notice-section.tsx';
import { PickupPointsSection } from '../../components/admin/settings/pickup-points-section.tsx';
import { PriceSection } from '../../components/admin/settings/price-section.tsx';
import { RegistrationsSection } from '../../components/admin/settings/registrations-section.tsx';
import { SettingsHistory } from '../../components/admin/settings/settings-history.tsx';
import { readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import type { FormRefusal } from '../../lib/form-refusal.ts';
import { formFieldErrors, isSettingsIntent, settingsPatchOf } from '../../lib/settings-form.ts';
import { requireStaff } from '../../lib/require-user.ts';
import type { Route } from './+types/settings';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireStaff(args, 'settings.manage');
  // The history's page: the newest versions, or those older than `versions_before` (a plain link, no script).
  const before = Number(new URL(args.request.url).searchParams.get('versions_before'));
  const [settings, versions, staff] = await Promise.all([
    services.settings.get(user),
    services.settings.versions(user, Number.isInteger(before) && before > 1 ? { before } : {}),
    services.accounts.listStaff(user),
  ]);
  // Who made each version, by name while they are still staff (an id otherwise).
  const names = Object.fromEntries(
    staff.map((person) => [person.id, `${person.prenom} ${person.nom}`.trim() || person.email]),
  );
  return { settings, versions, names, paged: Number.isInteger(before) && before > 1 };
}

const STALE = { settings_changed: 'admin:settings.stale' };

/**
 * A refusal (4xx) leaves the page's data as it was, except when another version came first (412): the forms then
 * show the new version, with what was typed kept, so that saving again goes through.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 412 || defaultShouldRevalidate;
}

/** One setting's form (its `intent`), or `restore` of an earlier version; `version` is the version read. */
export async function action(args: Route.ActionArgs) {
  const { user, services } = requireStaff(args, 'settings.manage');
  const { actions } = args.context.get(requestContext);
  const values = await readForm(args.request);
  const version = Number(values.version);
  try {
    if (values.intent === 'restore') {
      const restore = Number(values.restore);
      if (!Number.isInteger(restore) || restore < 1) throw data(null, { status: 400 });
      const restored = await actions.restoreSettings(restore, version);
      return { intent: 'restore', version: restored.version, posted: values } as const;
    }
    if (!isSettingsIntent(values.intent)) throw data(null, { status: 400 });
    const current = await services.settings.get(user);
    const parsed = settingsPatchSchema.safeParse(settingsPatchOf(values.intent, values, current));
    if (!parsed.success) {
      const refusal: FormRefusal = {
        fields: formFieldErrors(fieldErrors(parsed.error)),
        values,
        intent: values.intent,
      };
      return data(refusal, { status: 400 });
    }
    const saved = await actions.changeSettings(parsed.data, version);
    return { intent: values.intent, version: saved.version, posted: values } as const;
  } catch (error) {
    return serviceRefusal(error, values, { codeMessages: STALE });
  }
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings, versions, names, paged } = loaderData;
  return (
    <AdminPage>
      <AdminHeading title={t('admin:settings.title')} intro={t('admin:settings.intro')} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <PriceSection settings={settings} />
          <RegistrationsSection settings={settings} />
        </SimpleGrid>
        <NoticeSection settings={settings} />
        <PickupPointsSection settings={settings} />
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
          <FeeSection settings={settings} />
          <HeatSection settings={settings} />
          <ContactSection settings={settings} />
        </SimpleGrid>
        <SettingsHistory versions={versions} names={names} current={settings.version} paged={paged} />
      </Stack>
    </AdminPage>
  );
}
