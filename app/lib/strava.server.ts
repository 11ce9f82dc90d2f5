/**
 * What "Check my ride" shows of Strava for the signed-in rider: nothing when the club has not configured it; the
 * link to connect; or the rides of the days in the address (`?after=…&before=…`, by default the ride's day or
 * the last two weeks). Strava refusing or being down leaves the page working, with its reason.
 */
import type { ActivitySummary, StravaFailure } from '../../contracts/activities.ts';
import { type ServiceFailure, isServiceFailure } from '../../contracts/action-services.ts';
import type { LoaderServices } from '../../contracts/loader-services.ts';
import type { DaySpan } from '../../domain/activity-days.ts';
import { activityDaysQuery } from '../../domain/schemas/activities.ts';

export interface StravaRidesState {
  connected: boolean;
  span: DaySpan | null;
  rides: ActivitySummary[] | null;
  /** Why the rides could not be read: the API's code, and for a rate limit the seconds to wait. */
  error: StravaFailure | null;
}

/** Strava down, or refusing the club's application: answered 503, yet said to the rider like any refusal. */
export function isStravaOutage(failure: ServiceFailure): boolean {
  return failure.code === 'strava_unavailable' || failure.code === 'strava_refused';
}

/** A refusal of the Strava services, as the pages show it. */
export function stravaFailure(failure: ServiceFailure): StravaFailure {
  const retryAfter = Number(failure.headers?.['retry-after']);
  return { code: failure.code, retryAfter: Number.isFinite(retryAfter) ? retryAfter : null };
}

export async function stravaRidesState(
  services: LoaderServices,
  userId: number,
  url: URL,
): Promise<StravaRidesState | null> {
  const connections = services.activityConnections;
  if (!connections.configured) return null;
  const { connected } = await connections.status(userId);
  if (!connected) return { connected, span: null, rides: null, error: null };
  const asked = activityDaysQuery.safeParse({
    after: url.searchParams.get('after') ?? undefined,
    before: url.searchParams.get('before') ?? undefined,
  });
  const span =
    asked.success && asked.data.after && asked.data.before
      ? { after: asked.data.after, before: asked.data.before }
      : await connections.defaultSpan(userId);
  if (!asked.success)
    return { connected, span, rides: null, error: { code: 'validation', retryAfter: null } };
  try {
    return { connected, span, rides: await connections.listRides(userId, span), error: null };
  } catch (failure) {
    if (!isServiceFailure(failure)) throw failure;
    const stillConnected = failure.code !== 'strava_revoked' && failure.code !== 'not_connected';
    return { connected: stillConnected, span, rides: null, error: stravaFailure(failure) };
  }
}
