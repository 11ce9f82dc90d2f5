/**
 * The site's nav bar: Club, roads, rules, shop, laureates, stats, the registration button, ADMIN for admins,
 * the user menu and the language switcher. Below 992 px the links fold into a burger menu.
 */
import { Box, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import { MOBILE_NAVIGATION_ID } from './mobile-navigation-id.ts';
import { ShopLink, useNavLinks } from './nav-links.tsx';
import classes from './site-header.module.css';
import { UserMenu } from './user-menu.tsx';

const MobileNavigation = lazy(() => import('./mobile-navigation.tsx'));

export function SiteHeader() {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code is fetched on the first press of the burger, then kept.
  const [drawerWanted, setDrawerWanted] = useState(false);
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
          <Text fw={800} size="md" className={classes.brandName} visibleFrom="xs">
            {t('site.shortName')}
          </Text>
        </UnstyledButton>

        <Group component="nav" aria-label={t('nav.main')} gap={4} visibleFrom="md" wrap="nowrap">
          {links.pages.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={classes.link}
              viewTransition
              prefetch="intent"
            >
              {link.label}
            </NavLink>
          ))}
          <ShopLink className={classes.link} />
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
          <Box visibleFrom="md">
            <UserMenu />
          </Box>
          <LanguageSwitcher />
          <Burger
            opened={opened}
            onClick={() => {
              setDrawerWanted(true);
              toggle();
            }}
            hiddenFrom="md"
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls={MOBILE_NAVIGATION_ID}
          />
        </Group>
      </Group>

      {drawerWanted && (
        <Suspense fallback={null}>
          <MobileNavigation opened={opened} onClose={close} />
        </Suspense>
      )}
    </Box>
  );
}
