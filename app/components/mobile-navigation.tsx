/**
 * The nav bar folded into a full-screen drawer below 992 px. Loaded the first time the burger is pressed, so the
 * drawer's code (focus trap, scroll lock, transitions) stays out of every page's first load.
 */
import { Button, Divider, Drawer, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { MOBILE_NAVIGATION_ID } from './mobile-navigation-id.ts';
import { ShopLink, useNavLinks } from './nav-links.tsx';
import classes from './site-header.module.css';
import { UserMenu } from './user-menu.tsx';

export default function MobileNavigation({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const links = useNavLinks();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="100%"
      padding="md"
      title={t('site.name')}
      hiddenFrom="md"
      id={MOBILE_NAVIGATION_ID}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack component="nav" aria-label={t('nav.main')} gap={4}>
        {links.pages.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end={link.end}
            className={classes.drawerLink}
            onClick={onClose}
            prefetch="intent"
          >
            {link.label}
          </NavLink>
        ))}
        <ShopLink className={classes.drawerLink} onClick={onClose} />
        <Divider my="sm" />
        <Button component={Link} to={links.register} onClick={onClose} fullWidth>
          {t('nav.register')}
        </Button>
        {links.admin && (
          <Button component={Link} to={links.admin} variant="outline" onClick={onClose} fullWidth>
            {t('nav.admin')}
          </Button>
        )}
        <Group justify="center" mt="sm">
          <UserMenu />
        </Group>
      </Stack>
    </Drawer>
  );
}
