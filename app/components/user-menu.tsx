/** The signed-in user's menu (account, settings, sign out), or the sign-in link for visitors. */
import { Avatar, Button } from '@mantine/core';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../lib/sign-out.ts';
import { useRootData } from '../lib/root-data.ts';
import { DisclosureItem, HeaderDisclosure } from './header-disclosure.tsx';
import classes from './site-header.module.css';

/** `testId` tells the header's menu from the phone panel's copy (both are in the page, one of them hidden). */
export function UserMenu({ testId = 'user-menu' }: { testId?: string }) {
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
    <HeaderDisclosure
      label={t('nav.userMenu', { name })}
      heading={name}
      triggerProps={{ className: classes.avatarButton, 'data-testid': testId }}
      trigger={
        <Avatar color="club" radius="xl" size={36}>
          {(user.prenom[0] ?? '') + (user.nom[0] ?? '')}
        </Avatar>
      }
    >
      {(close) => (
        <>
          <DisclosureItem kind="link" to={`/${lang}/account`} onClick={close} icon={<IconUser size={16} />}>
            {t('nav.account')}
          </DisclosureItem>
          <DisclosureItem
            kind="link"
            to={`/${lang}/account?tab=password`}
            onClick={close}
            icon={<IconSettings size={16} />}
          >
            {t('nav.settings')}
          </DisclosureItem>
          <DisclosureItem
            kind="button"
            icon={<IconLogout size={16} />}
            data-sign-out
            onClick={() => {
              close();
              void signOut();
            }}
          >
            {t('nav.logout')}
          </DisclosureItem>
        </>
      )}
    </HeaderDisclosure>
  );
}
