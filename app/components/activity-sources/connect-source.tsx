/**
 * The link that starts a service's authorization: a plain link to GET /api/rides/{provider}/connect, which sends
 * the rider to the service and, once they allowed the site, back to `returnTo`. A document navigation, with or
 * without scripts.
 */
import { Button } from '@mantine/core';
import { IconActivity, IconBrandStrava, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_PROVIDER_NAMES, type ActivityProvider } from '../../../domain/activity-providers.ts';

const ICONS = { strava: IconBrandStrava, ridewithgps: IconRoute, intervals: IconActivity };

export function ConnectSource({ provider, returnTo }: { provider: ActivityProvider; returnTo: string }) {
  const { t } = useTranslation();
  const Icon = ICONS[provider];
  return (
    <Button
      component="a"
      href={`/api/rides/${provider}/connect?return_to=${encodeURIComponent(returnTo)}`}
      leftSection={<Icon size={18} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
      data-testid={`${provider}-connect`}
    >
      {t('track:sources.connect', { service: ACTIVITY_PROVIDER_NAMES[provider] })}
    </Button>
  );
}
