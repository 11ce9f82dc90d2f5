/**
 * How a service's authorization went, on the page the rider came back to (`?strava=connected`,
 * `?ridewithgps=denied`…, set by the callback): one line, rendered by the server, so it shows before any script.
 */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AUTHORIZATION_OUTCOMES, type AuthorizationOutcome } from '../../../contracts/activities.ts';
import { ACTIVITY_PROVIDERS, ACTIVITY_PROVIDER_NAMES } from '../../../domain/activity-providers.ts';

const isOutcome = (value: string | null): value is AuthorizationOutcome =>
  (AUTHORIZATION_OUTCOMES as readonly (string | null)[]).includes(value);

export function SourceOutcome() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return ACTIVITY_PROVIDERS.map((provider) => {
    const outcome = searchParams.get(provider);
    if (!isOutcome(outcome)) return null;
    return (
      <Alert
        key={provider}
        color={outcome === 'connected' ? 'teal' : 'yellow'}
        role="status"
        mb="md"
        data-testid={`${provider}-outcome`}
      >
        {/* Strava's own wording where it differs (its 2026 limits, its checkbox): the `_strava` keys. */}
        {t(`track:sources.outcome.${outcome}`, {
          service: ACTIVITY_PROVIDER_NAMES[provider],
          context: provider,
        })}
      </Alert>
    );
  });
}
