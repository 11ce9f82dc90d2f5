/** The signed-in user's menu (account, settings, sign out), or the sign-in link for visitors. */
import { Avatar, Button, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../lib/sign-out.ts';
import { useRootData } from '../lib/root-data.ts';

export function UserMenu() {
  const { t, i18n } = useTranslation();
  const user = useRootData()?.user;
  const signOut = useSignOut();
  const lang = i18n.language;
  if (!user) {
    return (
      <Button component={Link} to={`/${lang}/login`} variant="default" viewTransition>
        {t('nav.login')}
      </Button>
    );
  }
  const name = `${user.prenom} ${user.nom}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.userMenu', { name })} data-testid="user-menu">
          <Avatar color="club" radius="xl" size={36}>
            {(user.prenom[0] ?? '') + (user.nom[0] ?? '')}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item component={Link} to={`/${lang}/account`} leftSection={<IconUser size={16} aria-hidden />}>
          {t('nav.account')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={`/${lang}/account?tab=password`}
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
