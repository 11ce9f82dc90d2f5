/**
 * The site's answers when an activity service fails, with the codes of domain/activity-failures.ts. The pages say
 * them in the rider's language, naming the service.
 */
import { ACTIVITY_PROVIDER_NAMES, type ActivityProvider } from '../../../domain/activity-providers.ts';
import { AppError } from '../../errors.ts';
import { type ActivityFailureKind, activityErrorCode } from '../../../domain/activity-failures.ts';

export function activityErrors(provider: ActivityProvider) {
  const service = ACTIVITY_PROVIDER_NAMES[provider];
  const code = (kind: ActivityFailureKind) => activityErrorCode(provider, kind);
  return {
    revoked: () =>
      new AppError(409, code('revoked'), `${service} no longer gives access to your rides: connect again`),
    activityNotFound: () =>
      new AppError(
        404,
        code('activity_not_found'),
        `${service} has no such ride of yours (deleted, or not shared with the site)`,
      ),
    notARide: () => new AppError(422, code('not_a_ride'), 'This activity is not a ride'),
    rateLimited: (seconds: number) =>
      new AppError(
        429,
        code('rate_limited'),
        `${service} allows no more requests for now: try later or upload the file`,
        { headers: { 'retry-after': String(seconds) } },
      ),
    /** The service refuses the club's application: no wait helps the rider, the file does (the dashboard tells). */
    applicationRefused: () =>
      new AppError(
        503,
        code('refused'),
        `${service} does not let the club's site read rides at the moment: upload the ride's file instead`,
      ),
    unavailable: () =>
      new AppError(503, code('unavailable'), `${service} cannot be reached: try later or upload the file`, {
        headers: { 'retry-after': '60' },
      }),
  };
}
