/**
 * The link that starts the Strava authorization: a plain link to GET /api/strava/connect, which sends the rider to
 * Strava and, once they allowed the site, back to `returnTo`. A document navigation, with or without scripts.
 */
import { Button } from '@mantine/core';
import { IconBrandStrava } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function ConnectStrava({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={`/api/strava/connect?return_to=${encodeURIComponent(returnTo)}`}
      leftSection={<IconBrandStrava size={18} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
      data-testid="strava-connect"
    >
      {t('track:strava.connect')}
    </Button>
  );
}
