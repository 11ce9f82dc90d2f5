/**
 * An activity service's budget is the club's, not the rider's: every call spends from shared counters (Redis when
 * configured) kept below the service's own limits, and a 429 from the service closes them until its window opens
 * again. The service's failures become the site's answers here (activity-errors.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ActivityProvider } from '../../../domain/activity-providers.ts';
import { ProviderError } from '../../activities/provider.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordActivityServiceCall, recordActivityServiceWait } from '../../metrics.ts';
import { activityErrors } from './activity-errors.ts';
import type { LimitRule, RateLimits } from '../platform/rate-limits.ts';
import { clearApplicationRefusal, recordApplicationRefusal } from './activity-service-refusals.ts';

/**
 * The club's budget of calls to one service. Strava's figures sit below its default read budget (100 requests per
 * 15 minutes, 1,000 a day); Ride with GPS and intervals.icu document none, so the same prudence serves them, each
 * with counters of its own (Strava's keys keep their first names).
 */
export function serviceLimits(provider: ActivityProvider) {
  return {
    site15Minutes: { keyPrefix: `${provider}-site-15min`, points: 90, durationSeconds: 15 * 60 },
    siteDay: { keyPrefix: `${provider}-site-day`, points: 900, durationSeconds: 24 * 60 * 60 },
    /** One rider may not spend the club's budget alone. */
    perUser: { keyPrefix: `${provider}-user`, points: 30, durationSeconds: 15 * 60 },
  } satisfies Record<string, LimitRule>;
}

/** Key of the site-wide counters. */
const SITE = 'site';

export interface BudgetDeps {
  db: Database;
  provider: ActivityProvider;
  rateLimits: RateLimits;
  log?: FastifyBaseLogger;
}

/** Spends the rider's and the site's budgets; the club's own limit reached is the service's 429 to the rider. */
async function consumeBudgets(deps: BudgetDeps, userId: number, cost: number): Promise<void> {
  const limits = serviceLimits(deps.provider);
  try {
    await deps.rateLimits.consume(limits.perUser, String(userId), cost);
    await deps.rateLimits.consume(limits.site15Minutes, SITE, cost);
    await deps.rateLimits.consume(limits.siteDay, SITE, cost);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') {
      recordActivityServiceWait(deps.provider, 'club');
      throw activityErrors(deps.provider).rateLimited(Number(error.headers?.['retry-after'] ?? 60));
    }
    throw error;
  }
}

/** The site's answer to a failure of the service; an `unauthorized` stays a ProviderError for the token logic. */
async function answerFor(deps: BudgetDeps, error: ProviderError): Promise<Error> {
  const errors = activityErrors(deps.provider);
  const limits = serviceLimits(deps.provider);
  switch (error.failure) {
    case 'unauthorized':
      return error;
    case 'not_found':
      return errors.activityNotFound();
    case 'not_a_ride':
      return errors.notARide();
    case 'rate_limited': {
      const seconds = error.retryAfterSeconds ?? 15 * 60;
      await deps.rateLimits.block(limits.site15Minutes, SITE, seconds);
      if (seconds > 15 * 60) await deps.rateLimits.block(limits.siteDay, SITE, seconds);
      recordActivityServiceWait(deps.provider, 'service');
      return errors.rateLimited(seconds);
    }
    case 'application_refused':
      deps.log?.warn(
        { provider: deps.provider, refusal: error.refusal },
        "the service refuses the club's application",
      );
      await recordApplicationRefusal(deps.db, deps.provider, error.refusal ?? 'inactive');
      return errors.applicationRefused();
    default:
      deps.log?.warn(
        { provider: deps.provider, failure: error.failure, reason: error.message },
        'activity service failed',
      );
      return errors.unavailable();
  }
}

/** Spends the budgets, calls the service, and turns its failures into the site's answers. */
export async function spend<T>(
  deps: BudgetDeps,
  userId: number,
  cost: number,
  action: () => Promise<T>,
): Promise<T> {
  await consumeBudgets(deps, userId, cost);
  try {
    const answer = await action();
    recordActivityServiceCall(deps.provider, 'ok');
    await clearApplicationRefusal(deps.db, deps.provider);
    return answer;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    recordActivityServiceCall(deps.provider, error.failure);
    throw await answerFor(deps, error);
  }
}
