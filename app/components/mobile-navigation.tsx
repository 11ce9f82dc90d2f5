/**
 * The nav bar folded into a full-screen panel below 1200 px (seven links and the account need that width). It is a popover (the HTML Popover API) opened by the
 * burger: the browser opens and closes it (its close button, Escape, the burger), with or without the client.
 */
import { Button, CloseButton, Divider, Group, Stack, Text } from '@mantine/core';
import type { RefObject, ToggleEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MainNavLinks, useNavLinks } from './nav-links.tsx';
import classes from './site-header.module.css';
import { UserMenu } from './user-menu.tsx';

export function MobileNavigation({
  id,
  panelRef,
  onToggle,
}: {
  id: string;
  panelRef: RefObject<HTMLDivElement | null>;
  onToggle: (event: ToggleEvent<HTMLDivElement>) => void;
}) {
  const { t } = useTranslation();
  const links = useNavLinks();
  // A link followed inside the page (with the client) leaves the header in place: close the panel first.
  const close = () => panelRef.current?.hidePopover();
  return (
    <div
      ref={panelRef}
      id={id}
      popover="auto"
      onToggle={onToggle}
      className={classes.mobilePanel}
      data-testid="mobile-navigation"
    >
      <Group justify="space-between" wrap="nowrap" mb="md">
        <Text fw={700} size="lg">
          {t('site.name')}
        </Text>
        <CloseButton
          size="lg"
          popoverTarget={id}
          popoverTargetAction="hide"
          aria-label={t('nav.closeMenu')}
        />
      </Group>
      <Stack component="nav" aria-label={t('nav.main')} gap={4}>
        <MainNavLinks className={classes.drawerLink} onClick={close} />
        <Divider my="sm" />
        <Button component={Link} to={links.register} onClick={close} fullWidth>
          {t('nav.register')}
        </Button>
        {links.admin && (
          <Button component={Link} to={links.admin} variant="outline" onClick={close} fullWidth>
            {t('nav.admin')}
          </Button>
        )}
        {/* The account's list opens over this panel: an entry chosen there closes both at once. */}
        <Group
          justify="center"
          mt="sm"
          onClick={(event) => {
            if ((event.target as Element).closest('a, [data-sign-out]')) close();
          }}
        >
          <UserMenu testId="mobile-user-menu" />
        </Group>
      </Stack>
    </div>
  );
}
