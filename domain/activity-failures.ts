/**
 * What can go wrong when the site reads a ride at an activity service, whichever service it is, and the error
 * codes that say it. Strava's came first and keep the codes its clients and pages know (`strava_rate_limited`, …,
 * docs/API.md); the services added beside it share neutral ones (`provider_rate_limited`, …).
 */
import type { ActivityProvider } from './activity-providers.ts';

export const ACTIVITY_FAILURES = [
  'revoked',
  'activity_not_found',
  'not_a_ride',
  'rate_limited',
  'unavailable',
  'refused',
] as const;
export type ActivityFailureKind = (typeof ACTIVITY_FAILURES)[number];

export const activityErrorCode = (provider: ActivityProvider, kind: ActivityFailureKind): string =>
  provider === 'strava' ? `strava_${kind}` : `provider_${kind}`;

/** The failure a code names, whichever service answered it; null for any other code. */
export function activityFailureOf(code: string): ActivityFailureKind | null {
  const kind = code.replace(/^(strava|provider)_/, '');
  return code !== kind && (ACTIVITY_FAILURES as readonly string[]).includes(kind)
    ? (kind as ActivityFailureKind)
    : null;
}
