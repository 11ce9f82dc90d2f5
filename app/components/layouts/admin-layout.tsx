/**
 * Layout `admin`: a sidebar (Dashboard; registrations: to process, email, pick-up point, processed;
 * homologations: scan, in progress, history; administrators) shown from 992 px, an overlay drawer below,
 * and a top bar with the way back to the site.
 */
import '../../styles/mantine-all.ts';
import { AppShell, Burger, Button, Group, NavLink as MantineNavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconArrowLeft,
  IconCertificate,
  IconGauge,
  IconHistory,
  IconInbox,
  IconMail,
  IconMapPin,
  IconCircleCheck,
  IconQrcode,
  IconShieldLock,
  IconUserShield,
  IconHourglass,
  IconAdjustments,
  IconListSearch,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, isRouteErrorResponse, useLocation } from 'react-router';
import type { Route } from './+types/admin-layout';
import { can, type Permission } from '../../../domain/permissions.ts';
import { useRootData } from '../../lib/root-data.ts';
import { homologationListUrl } from '../admin/types.ts';
import { ErrorPage } from '../error-page.tsx';
import { LanguageSwitcher } from '../language-switcher.tsx';
import { Logo } from '../logo.tsx';
import { UserMenu } from '../user-menu.tsx';

function SidebarLink({
  to,
  label,
  icon,
  onNavigate,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <MantineNavLink
      component={Link}
      to={to}
      // The page's code and data start loading on hover, focus or touch: see docs/decisions/0021.
      prefetch="intent"
      label={label}
      leftSection={icon}
      active={pathname === to}
      aria-current={pathname === to ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/** The administrator's own pages: the people and their roles, the audit log, the club's settings. */
const CLUB_LINKS = [
  { permission: 'people.manage', path: 'people', label: 'adminNav.people', Icon: IconShieldLock },
  { permission: 'audit.read', path: 'audit', label: 'adminNav.audit', Icon: IconListSearch },
  { permission: 'settings.manage', path: 'settings', label: 'adminNav.settings', Icon: IconAdjustments },
] as const satisfies readonly { permission: Permission; path: string; label: string; Icon: unknown }[];

function ClubLinks({
  may,
  onNavigate,
}: {
  may: (permission: Permission) => boolean;
  onNavigate: () => void;
}) {
  const { t, i18n } = useTranslation();
  return CLUB_LINKS.filter((entry) => may(entry.permission)).map(({ path, label, Icon }) => (
    <SidebarLink
      key={path}
      to={`/${i18n.language}/administration/${path}`}
      label={t(label)}
      icon={<Icon size={18} aria-hidden />}
      onNavigate={onNavigate}
    />
  ));
}

/** The admin pages by area; following a link closes the drawer on a narrow screen. */
function AdminSidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const roles = useRootData()?.user?.roles ?? [];
  const base = `/${i18n.language}/administration`;
  const link = (to: string, label: string, icon: ReactNode) => (
    <SidebarLink to={to} label={label} icon={icon} onNavigate={onNavigate} />
  );
  // Each person sees the areas their roles open (domain/permissions.ts); the pages refuse the others anyway.
  const may = (permission: Permission) => can(roles, permission);
  return (
    <ScrollArea>
      {link(`${base}/dashboard`, t('adminNav.dashboard'), <IconGauge size={18} aria-hidden />)}
      {may('registrations.read') && (
        <MantineNavLink
          label={t('adminNav.inscriptions')}
          leftSection={<IconInbox size={18} aria-hidden />}
          defaultOpened
          childrenOffset={16}
        >
          {link(
            `${base}/inscriptions/consent`,
            t('adminNav.consent'),
            <IconUserShield size={16} aria-hidden />,
          )}
          {link(
            `${base}/inscriptions/traitements`,
            t('adminNav.toProcess'),
            <IconInbox size={16} aria-hidden />,
          )}
          {link(`${base}/inscriptions/email`, t('adminNav.email'), <IconMail size={16} aria-hidden />)}
          {link(`${base}/inscriptions/retrait`, t('adminNav.pickup'), <IconMapPin size={16} aria-hidden />)}
          {link(
            `${base}/inscriptions/traites`,
            t('adminNav.processed'),
            <IconCircleCheck size={16} aria-hidden />,
          )}
        </MantineNavLink>
      )}
      {(may('cards.scan') || may('homologations.read')) && (
        <MantineNavLink
          label={t('adminNav.homologations')}
          leftSection={<IconCertificate size={18} aria-hidden />}
          defaultOpened
          childrenOffset={16}
        >
          {may('cards.scan') &&
            link(`${base}/homologations/scan`, t('adminNav.scan'), <IconQrcode size={16} aria-hidden />)}
          {may('homologations.read') &&
            link(
              homologationListUrl(i18n.language, 'in_progress'),
              t('adminNav.inProgress'),
              <IconHourglass size={16} aria-hidden />,
            )}
          {may('homologations.read') &&
            link(
              homologationListUrl(i18n.language, 'history'),
              t('adminNav.history'),
              <IconHistory size={16} aria-hidden />,
            )}
        </MantineNavLink>
      )}
      {may('money.read') &&
        link(
          `${base}/cancellation-requests`,
          t('adminNav.cancellationRequests'),
          <IconArrowBackUp size={18} aria-hidden />,
        )}
      <ClubLinks may={may} onNavigate={onNavigate} />
      <MantineNavLink
        component={Link}
        to={`/${i18n.language}`}
        label={t('adminNav.backToSite')}
        leftSection={<IconArrowLeft size={18} aria-hidden />}
        hiddenFrom="sm"
      />
    </ScrollArea>
  );
}

function AdminTopBar({ opened, onToggle }: { opened: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={opened}
          onClick={onToggle}
          hiddenFrom="md"
          size="sm"
          aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={opened}
          data-testid="admin-burger"
        />
        <Logo size={32} />
        <Text fw={800} visibleFrom="xs">
          {t('adminNav.label')}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button
          component={Link}
          to={`/${i18n.language}`}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          visibleFrom="sm"
        >
          {t('adminNav.backToSite')}
        </Button>
        <LanguageSwitcher />
        <UserMenu />
      </Group>
    </Group>
  );
}

function AdminFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <AdminTopBar opened={opened} onToggle={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('adminNav.label')} data-testid="admin-sidebar">
        <AdminSidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" className="page-transition">
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminFrame>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </AdminFrame>
  );
}
