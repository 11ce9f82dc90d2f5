/** The texts of a service's refusals (the API's codes, Strava's or the neutral ones), in the `track` namespace. */
import { activityFailureOf } from '../../../domain/activity-failures.ts';

const OTHER_CODES: Record<string, string> = {
  not_connected: 'track:sources.errors.not_connected',
  validation: 'track:sources.errors.validation',
  not_found: 'track:sources.errors.activity_not_found',
};

export function activityErrorKey(code: string): string {
  const kind = activityFailureOf(code);
  return kind ? `track:sources.errors.${kind}` : (OTHER_CODES[code] ?? 'track:errors.generic');
}
