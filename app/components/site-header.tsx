/**
 * The site's nav bar: Club, roads, rules, shop, laureates, stats, the ride check, the registration button, ADMIN
 * for admins, the user menu and the language switcher. Below 992 px the links fold into a burger menu.
 */
import { Box, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClosedOnNavigation, usePopoverIds } from './header-disclosure.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import { MobileNavigation } from './mobile-navigation.tsx';
import { MainNavLinks, useNavLinks } from './nav-links.tsx';
import classes from './site-header.module.css';
import { UserMenu } from './user-menu.tsx';

export function SiteHeader() {
  const { t, i18n } = useTranslation();
  // The phone panel is a popover: the browser opens it; with the client, the burger follows its state.
  const [opened, setOpened] = useState(false);
  const mobilePanel = useRef<HTMLDivElement>(null);
  const { id: mobileNavigationId } = usePopoverIds();
  useClosedOnNavigation(() => mobilePanel.current?.hidePopover());
  const lang = i18n.language;
  const links = useNavLinks();

  return (
    <Box component="header" className={classes.header}>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.inner}>
        <UnstyledButton
          component={Link}
          to={`/${lang}`}
          className={classes.brand}
          aria-label={t('site.logoAlt')}
        >
          <Logo />
          <Text fw={800} size="md" className={classes.brandName}>
            {t('site.shortName')}
          </Text>
        </UnstyledButton>

        <Group component="nav" aria-label={t('nav.main')} gap={4} visibleFrom="lg" wrap="nowrap">
          <MainNavLinks className={classes.link} viewTransition />
        </Group>

        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to={links.register}
            visibleFrom="sm"
            viewTransition
            data-testid="register-button"
          >
            {t('nav.register')}
          </Button>
          {links.admin && (
            <Button component={Link} to={links.admin} variant="outline" visibleFrom="sm">
              {t('nav.admin')}
            </Button>
          )}
          <Box visibleFrom="lg">
            <UserMenu />
          </Box>
          <LanguageSwitcher />
          <Burger
            opened={opened}
            popoverTarget={mobileNavigationId}
            hiddenFrom="lg"
            aria-label={t('nav.openMenu')}
            aria-expanded={opened}
          />
        </Group>
      </Group>

      <MobileNavigation
        id={mobileNavigationId}
        panelRef={mobilePanel}
        onToggle={(event) => setOpened(event.newState === 'open')}
      />
    </Box>
  );
}
