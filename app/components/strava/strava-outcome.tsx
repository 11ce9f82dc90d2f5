/**
 * How the Strava authorization went, on the page the rider came back to (`?strava=connected`, set by
 * GET /api/strava/callback): one line, rendered by the server, so it shows before any script runs.
 */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AUTHORIZATION_OUTCOMES, type AuthorizationOutcome } from '../../../contracts/activities.ts';

const isOutcome = (value: string | null): value is AuthorizationOutcome =>
  (AUTHORIZATION_OUTCOMES as readonly (string | null)[]).includes(value);

export function StravaOutcome() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const outcome = searchParams.get('strava');
  if (!isOutcome(outcome)) return null;
  return (
    <Alert
      color={outcome === 'connected' ? 'teal' : 'yellow'}
      role="status"
      mb="md"
      data-testid="strava-outcome"
    >
      {t(`track:strava.outcome.${outcome}`)}
    </Alert>
  );
}
