/**
 * What "Check my ride" shows of the activity services for the signed-in rider: one entry per service the club
 * configured (none when it configured none), each with the link to connect, or the rides of the days in the
 * address (`?after=…&before=…`, by default the ride's day or the last two weeks). A service refusing or being
 * down leaves the page working, with its reason beside that service only.
 */
import type { ActivityFailure, ActivitySummary } from '../../contracts/activities.ts';
import { type ServiceFailure, isServiceFailure } from '../../contracts/action-services.ts';
import type { ActivitySourceReader, LoaderServices } from '../../contracts/loader-services.ts';
import { activityFailureOf } from '../../domain/activity-failures.ts';
import type { DaySpan } from '../../domain/activity-days.ts';
import { ACTIVITY_PROVIDERS, type ActivityProvider } from '../../domain/activity-providers.ts';
import { activityDaysQuery } from '../../domain/schemas/activities.ts';

export interface ActivitySourceState {
  provider: ActivityProvider;
  connected: boolean;
  span: DaySpan | null;
  rides: ActivitySummary[] | null;
  /** Why the rides could not be read: the API's code, and for a rate limit the seconds to wait. */
  error: ActivityFailure | null;
}

/** The services the club configured, in the order the pages show them. */
export const configuredProviders = (services: LoaderServices): ActivityProvider[] =>
  ACTIVITY_PROVIDERS.filter((provider) => services.activitySources[provider].configured);

/** A service down, or refusing the club's application: answered 503, yet said to the rider like any refusal. */
export function isActivityOutage(failure: ServiceFailure): boolean {
  const kind = activityFailureOf(failure.code);
  return kind === 'unavailable' || kind === 'refused';
}

/** A refusal of a service, as the pages show it. */
export function activityFailure(failure: ServiceFailure): ActivityFailure {
  const retryAfter = Number(failure.headers?.['retry-after']);
  return { code: failure.code, retryAfter: Number.isFinite(retryAfter) ? retryAfter : null };
}

async function sourceState(
  provider: ActivityProvider,
  source: ActivitySourceReader,
  userId: number,
  url: URL,
): Promise<ActivitySourceState> {
  const { connected } = await source.status(userId);
  if (!connected) return { provider, connected, span: null, rides: null, error: null };
  const asked = activityDaysQuery.safeParse({
    after: url.searchParams.get('after') ?? undefined,
    before: url.searchParams.get('before') ?? undefined,
  });
  const span =
    asked.success && asked.data.after && asked.data.before
      ? { after: asked.data.after, before: asked.data.before }
      : await source.defaultSpan(userId);
  if (!asked.success)
    return { provider, connected, span, rides: null, error: { code: 'validation', retryAfter: null } };
  try {
    return { provider, connected, span, rides: await source.listRides(userId, span), error: null };
  } catch (failure) {
    if (!isServiceFailure(failure)) throw failure;
    const stillConnected = activityFailureOf(failure.code) !== 'revoked' && failure.code !== 'not_connected';
    return { provider, connected: stillConnected, span, rides: null, error: activityFailure(failure) };
  }
}

/** Each configured service's state, read side by side. */
export function activitySourcesState(
  services: LoaderServices,
  userId: number,
  url: URL,
): Promise<ActivitySourceState[]> {
  return Promise.all(
    configuredProviders(services).map((provider) =>
      sourceState(provider, services.activitySources[provider], userId, url),
    ),
  );
}
