/**
 * Strava's budget is the club's, not the rider's: every call to the activity service spends from shared counters
 * (Redis when configured) kept below Strava's own limits, and a 429 from Strava closes them until its window
 * opens again. The service's failures become the site's answers here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ActivityProvider } from '../../../domain/activity-providers.ts';
import { ProviderError } from '../../activities/provider.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordStravaCall, recordStravaWait } from '../../metrics.ts';
import type { LimitRule, RateLimits } from '../platform/rate-limits.ts';
import { clearApplicationRefusal, recordApplicationRefusal } from './activity-service-refusals.ts';

export const ACTIVITY_SERVICE_LIMITS = {
  /** Below Strava's default read budget (100 requests per 15 minutes, 1,000 a day) for the whole site. */
  site15Minutes: { keyPrefix: 'strava-site-15min', points: 90, durationSeconds: 15 * 60 },
  siteDay: { keyPrefix: 'strava-site-day', points: 900, durationSeconds: 24 * 60 * 60 },
  /** One rider may not spend the club's budget alone. */
  perUser: { keyPrefix: 'strava-user', points: 30, durationSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

/** Key of the site-wide counters. */
const SITE = 'site';

const activityNotFound = () =>
  new AppError(
    404,
    'strava_activity_not_found',
    'Strava has no such ride of yours (deleted, or not shared with the site)',
  );
const notARide = () => new AppError(422, 'strava_not_a_ride', 'This activity is not a ride');
const rateLimited = (seconds: number) =>
  new AppError(
    429,
    'strava_rate_limited',
    'Strava allows no more requests for now: try later or upload the file',
    {
      headers: { 'retry-after': String(seconds) },
    },
  );
/** Strava refuses the club's application: no wait helps the rider, the file does (the dashboard tells the club). */
const applicationRefused = () =>
  new AppError(
    503,
    'strava_refused',
    "Strava does not let the club's site read rides at the moment: upload the ride's file instead",
  );
const unavailable = () =>
  new AppError(503, 'strava_unavailable', 'Strava cannot be reached: try later or upload the file', {
    headers: { 'retry-after': '60' },
  });

export interface BudgetDeps {
  db: Database;
  provider: ActivityProvider;
  rateLimits: RateLimits;
  log?: FastifyBaseLogger;
}

/** Spends the rider's and the site's budgets; the club's own limit reached is Strava's 429 to the rider. */
async function consumeBudgets(rateLimits: RateLimits, userId: number, cost: number): Promise<void> {
  try {
    await rateLimits.consume(ACTIVITY_SERVICE_LIMITS.perUser, String(userId), cost);
    await rateLimits.consume(ACTIVITY_SERVICE_LIMITS.site15Minutes, SITE, cost);
    await rateLimits.consume(ACTIVITY_SERVICE_LIMITS.siteDay, SITE, cost);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') {
      recordStravaWait('club');
      throw rateLimited(Number(error.headers?.['retry-after'] ?? 60));
    }
    throw error;
  }
}

/** The site's answer to a failure of the service; an `unauthorized` stays a ProviderError for the token logic. */
async function answerFor(deps: BudgetDeps, error: ProviderError): Promise<Error> {
  switch (error.failure) {
    case 'unauthorized':
      return error;
    case 'not_found':
      return activityNotFound();
    case 'not_a_ride':
      return notARide();
    case 'rate_limited': {
      const seconds = error.retryAfterSeconds ?? 15 * 60;
      await deps.rateLimits.block(ACTIVITY_SERVICE_LIMITS.site15Minutes, SITE, seconds);
      if (seconds > 15 * 60) await deps.rateLimits.block(ACTIVITY_SERVICE_LIMITS.siteDay, SITE, seconds);
      recordStravaWait('strava');
      return rateLimited(seconds);
    }
    case 'application_refused':
      deps.log?.warn(
        { provider: deps.provider, refusal: error.refusal },
        "the service refuses the club's application",
      );
      await recordApplicationRefusal(deps.db, deps.provider, error.refusal ?? 'inactive');
      return applicationRefused();
    default:
      deps.log?.warn(
        { provider: deps.provider, failure: error.failure, reason: error.message },
        'activity service failed',
      );
      return unavailable();
  }
}

/** Spends the budgets, calls the service, and turns its failures into the site's answers. */
export async function spend<T>(
  deps: BudgetDeps,
  userId: number,
  cost: number,
  action: () => Promise<T>,
): Promise<T> {
  await consumeBudgets(deps.rateLimits, userId, cost);
  try {
    const answer = await action();
    recordStravaCall('ok');
    await clearApplicationRefusal(deps.db, deps.provider);
    return answer;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    recordStravaCall(error.failure);
    throw await answerFor(deps, error);
  }
}
