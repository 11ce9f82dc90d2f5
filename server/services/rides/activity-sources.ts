/**
 * Every activity service a rider can bring a ride from, one connection service each (activity-connections.ts):
 * Strava (decision 0037), Ride with GPS and intervals.icu (decision 0051). A service the club has not configured
 * still has its entry, which refuses everything with 404, as its routes that then do not exist answer.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ACTIVITY_PROVIDERS, type ActivityProvider } from '../../../domain/activity-providers.ts';
import { createIntervalsClient } from '../../activities/intervals.ts';
import type { ActivityProviderClient } from '../../activities/provider.ts';
import { createRideWithGpsClient } from '../../activities/ridewithgps.ts';
import { createStravaClient } from '../../activities/strava.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { RateLimits } from '../platform/rate-limits.ts';
import { type ActivityConnectionsService, createActivityConnectionsService } from './activity-connections.ts';
import type { TokenCipher } from './token-cipher.ts';
import type { TracksService } from './tracks.ts';

/**
 * Where each service sends the rider back, as registered with it. Strava's address predates the others and stays,
 * since the club's application at Strava names it.
 */
export const callbackPath = (provider: ActivityProvider) =>
  provider === 'strava' ? '/api/strava/callback' : `/api/rides/${provider}/callback`;

/** The client of each service the club configured (docs/DEPLOY.md), or null. */
function configuredClient(
  provider: ActivityProvider,
  config: Config,
  redirectUri: string,
): ActivityProviderClient | null {
  switch (provider) {
    case 'strava':
      return config.strava ? createStravaClient(config.strava) : null;
    case 'ridewithgps':
      return config.rideWithGps ? createRideWithGpsClient({ ...config.rideWithGps, redirectUri }) : null;
    case 'intervals':
      return config.intervals ? createIntervalsClient(config.intervals) : null;
  }
}

export type ActivitySources = Record<ActivityProvider, ActivityConnectionsService>;

export function createActivitySources(deps: {
  db: Database;
  config: Config;
  tracks: TracksService;
  cipher: TokenCipher;
  rateLimits: RateLimits;
  log?: FastifyBaseLogger;
}): ActivitySources {
  const { config, ...shared } = deps;
  const entry = (provider: ActivityProvider) => {
    const redirectUri = `${config.publicUrl}${callbackPath(provider)}`;
    const client = configuredClient(provider, config, redirectUri);
    return [provider, createActivityConnectionsService({ ...shared, client, redirectUri })] as const;
  };
  return Object.fromEntries(ACTIVITY_PROVIDERS.map(entry)) as ActivitySources;
}

/** The services the club configured, in the order the pages show them. */
export const configuredSources = (sources: ActivitySources): ActivityProvider[] =>
  ACTIVITY_PROVIDERS.filter((provider) => sources[provider].configured);
