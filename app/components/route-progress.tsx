/**
 * The loading bar of route changes: it appears only when a navigation takes more than 200 ms, trickles for up
 * to 5 s, then waits at its last position until the page is there. Between navigations it is hidden from
 * assistive technology; during one it is a named progress bar.
 */
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

const SHOW_AFTER_MS = 200;
const TRICKLE_FOR_MS = 5_000;

export function RouteProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    let shown = false;
    const show = setTimeout(() => {
      shown = true;
      nprogress.start();
    }, SHOW_AFTER_MS);
    const stopTrickle = setTimeout(() => nprogress.stop(), SHOW_AFTER_MS + TRICKLE_FOR_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(stopTrickle);
      if (shown) nprogress.complete();
    };
  }, [busy]);
  return <NavigationProgress size={3} aria-label={t('loading')} aria-hidden={!busy} />;
}
