/**
 * The site's nav bar: Club, roads, rules, shop, laureates, stats, the registration button, ADMIN for admins,
 * the user menu and the language switcher. Below 992 px the links fold into a burger menu.
 */
import { Box, Burger, Button, Divider, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useRootData } from '../lib/root-data.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import classes from './site-header.module.css';
import { UserMenu } from './user-menu.tsx';

function useNavLinks() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return [
    { to: `/${lang}`, label: t('nav.club'), end: true },
    { to: `/${lang}/roads`, label: t('nav.roads') },
    { to: `/${lang}/rules`, label: t('nav.rules') },
    { to: `/${lang}/laureates`, label: t('nav.laureates') },
    { to: `/${lang}/stats`, label: t('nav.stats') },
  ];
}

export function SiteHeader() {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const root = useRootData();
  const user = root?.user;
  const lang = i18n.language;
  const links = useNavLinks();
  const registerTo = user
    ? `/${lang}/order`
    : `/${lang}/login?redirectTo=${encodeURIComponent(`/${lang}/order`)}`;
  const shopUrl = root?.settings.shopUrl;

  const shopLink = (onClick?: () => void) =>
    shopUrl && (
      <a
        href={shopUrl}
        className={classes.link}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClick}
        aria-label={t('nav.shopExternal')}
      >
        {t('nav.shop')} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: '-2px' }} />
      </a>
    );

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
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={classes.link} viewTransition>
              {link.label}
            </NavLink>
          ))}
          {shopLink()}
        </Group>

        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to={registerTo}
            visibleFrom="sm"
            viewTransition
            data-testid="register-button"
          >
            {t('nav.register')}
          </Button>
          {user?.role === 'admin' && (
            <Button component={Link} to={`/${lang}/administration`} variant="outline" visibleFrom="sm">
              {t('nav.admin')}
            </Button>
          )}
          <Box visibleFrom="md">
            <UserMenu />
          </Box>
          <LanguageSwitcher />
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="md"
            aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={opened}
            aria-controls="mobile-navigation"
          />
        </Group>
      </Group>

      <Drawer
        opened={opened}
        onClose={close}
        size="100%"
        padding="md"
        title={t('site.name')}
        hiddenFrom="md"
        id="mobile-navigation"
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      >
        <Stack component="nav" aria-label={t('nav.main')} gap={4}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={classes.drawerLink} onClick={close}>
              {link.label}
            </NavLink>
          ))}
          {shopLink(close)}
          <Divider my="sm" />
          <Button component={Link} to={registerTo} onClick={close} fullWidth>
            {t('nav.register')}
          </Button>
          {user?.role === 'admin' && (
            <Button
              component={Link}
              to={`/${lang}/administration`}
              variant="outline"
              onClick={close}
              fullWidth
            >
              {t('nav.admin')}
            </Button>
          )}
          <Group justify="center" mt="sm">
            <UserMenu />
          </Group>
        </Stack>
      </Drawer>
    </Box>
  );
}
