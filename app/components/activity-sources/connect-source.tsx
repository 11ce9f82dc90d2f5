/**
 * The link that starts a service's authorization: a plain link to GET /api/rides/{provider}/connect, which sends
 * the rider to the service and, once they allowed the site, back to `returnTo`. A document navigation, with or
 * without scripts.
 */
import { Button } from '@mantine/core';
import { IconBrandStrava } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_PROVIDER_NAMES, type ActivityProvider } from '../../../domain/activity-providers.ts';

export function ConnectSource({ provider, returnTo }: { provider: ActivityProvider; returnTo: string }) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={`/api/rides/${provider}/connect?return_to=${encodeURIComponent(returnTo)}`}
      // Strava's brand mark, which its guidelines ask for beside its name; the others have none to give.
      leftSection={provider === 'strava' ? <IconBrandStrava size={18} aria-hidden /> : undefined}
      style={{ alignSelf: 'flex-start' }}
      data-testid={`${provider}-connect`}
    >
      {t('track:sources.connect', { service: ACTIVITY_PROVIDER_NAMES[provider] })}
    </Button>
  );
}
