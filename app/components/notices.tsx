/**
 * The dismissible messages of the default layout: two banners (the new enamelled medals; returning users asked
 * to create a new account, which only a visitor who is not signed in can need: every account that signs in here
 * was made on this site) and the cookie notice. Dismissals are remembered in a cookie, so the server renders
 * the page without them next time and nothing jumps. On a page without the client, `data-dismiss` lets the page's
 * starter do the same (app/lib/page-without-client.server.ts). On a phone they are stacked tightly in small type
 * (notices.module.css) so the page's own first screen stays visible.
 */
import { SITE_COOKIES } from '../../contracts/cookies.ts';
import { CookieList } from './cookie-list.tsx';
import { Alert, Anchor, Button, CloseButton, Container, Group, Paper, Text } from '@mantine/core';
import { IconInfoCircle, IconMedal } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dismissable } from '../../contracts/cookies.ts';
import { rememberDismissed } from '../lib/preferences.ts';
import { useRootData } from '../lib/root-data.ts';
import classes from './notices.module.css';

function useDismissed() {
  const initial = useRootData()?.dismissed ?? [];
  const [dismissed, setDismissed] = useState<Dismissable[]>(initial);
  const dismiss = (item: Dismissable) => {
    rememberDismissed(item);
    setDismissed((current) => [...current, item]);
  };
  return { isDismissed: (item: Dismissable) => dismissed.includes(item), dismiss };
}

export function Banners() {
  const { t } = useTranslation();
  const { isDismissed, dismiss } = useDismissed();
  const signedIn = Boolean(useRootData()?.user);
  const banners = [
    { id: 'medals' as const, text: t('banners.medals'), icon: <IconMedal aria-hidden /> },
    ...(signedIn
      ? []
      : [
          { id: 'new-account' as const, text: t('banners.newAccount'), icon: <IconInfoCircle aria-hidden /> },
        ]),
  ].filter((banner) => !isDismissed(banner.id));
  if (banners.length === 0) return null;
  return (
    <Container size="xl" className={classes.banners}>
      <div className={classes.stack}>
        {banners.map((banner) => (
          <Alert
            key={banner.id}
            icon={banner.icon}
            color={banner.id === 'medals' ? 'club' : 'blue'}
            variant="light"
            data-testid={`banner-${banner.id}`}
            data-dismiss={banner.id}
            classNames={{ root: classes.banner, icon: classes.bannerIcon }}
            withCloseButton
            closeButtonLabel={t('banners.dismiss')}
            onClose={() => dismiss(banner.id)}
          >
            <Text size="sm" c="dark.8" className={classes.bannerText}>
              {banner.text}
            </Text>
          </Alert>
        ))}
      </div>
    </Container>
  );
}

export function CookieNotice() {
  const { t, i18n } = useTranslation();
  const { isDismissed, dismiss } = useDismissed();
  if (isDismissed('cookies')) return null;
  return (
    <Paper
      role="region"
      aria-label={t('cookies.label')}
      shadow="md"
      withBorder
      className={classes.cookie}
      data-testid="cookie-notice"
      data-dismiss="cookies"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div className={classes.cookieText}>
          <Text size="sm" className={classes.cookieText}>
            {t('cookies.text')}
          </Text>
          {/* Every cookie, its purpose and lifetime: the privacy page's list, folded (opens without scripts). */}
          <details className={classes.cookieDetails}>
            <summary>{t('cookies.listSummary', { number: SITE_COOKIES.length })}</summary>
            <CookieList size="sm" />
          </details>
        </div>
        <CloseButton
          className={classes.cookieClose}
          aria-label={t('banners.dismiss')}
          onClick={() => dismiss('cookies')}
        />
      </Group>
      <Group justify="flex-end" gap="sm" className={classes.cookieActions}>
        <Anchor component={Link} to={`/${i18n.language}/privacy`} size="sm">
          {t('cookies.privacyLink')}
        </Anchor>
        <Button size="xs" onClick={() => dismiss('cookies')}>
          {t('cookies.accept')}
        </Button>
      </Group>
    </Paper>
  );
}
