/**
 * The offline page (`/{lang}/offline`): what the service worker shows, in the rider's language, for a page it does
 * not keep when there is no network. It names the pages that do open without a network, and "Try again" goes back
 * to the address that failed (`?from=`, this site's own paths only). Plain links: a document load, which the
 * worker answers from what it keeps.
 */
import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { localeOr } from '../../../domain/locales.ts';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { offlineLinks, safeReturnPath } from '../../service-worker/offline-scope.ts';
import type { Route } from './+types/offline';

export default function OfflinePage({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = localeOr(params.lang);
  const [searchParams] = useSearchParams();
  // Read once live: the kept copy of this page was drawn without the address it now stands in for.
  const live = useHydrated();
  const retry = (live && safeReturnPath(searchParams.get('from'))) || `/${lang}/offline`;

  return (
    <>
      <PublicIntro namespace="offline" noindex />
      <Stack gap="lg" maw={720}>
        <div>
          <Button component="a" href={retry} size="md" data-testid="offline-retry">
            {t('offline:retry')}
          </Button>
        </div>
        <Title order={2} size="h3">
          {t('offline:kept')}
        </Title>
        <List spacing="xs" data-testid="offline-kept">
          {offlineLinks(lang).map((link) => (
            <List.Item key={link.label}>
              <Anchor href={link.href}>{t(`offline:pages.${link.label}`)}</Anchor>
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="gray.7">
          {t('offline:privacy')}
        </Text>
      </Stack>
    </>
  );
}
