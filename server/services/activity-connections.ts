/**
 * A rider's connection to an activity service (Strava, decision 0037): the OAuth authorization bound to the
 * session, the tokens kept encrypted and refreshed before they expire, the rides of some days, a ride's points
 * written as the GPX file the check reads, and the revocation (on "Disconnect" and with the account).
 *
 * Strava's budget is the club's, not the rider's: every call spends from shared counters (Redis when configured)
 * kept below Strava's own limits, and a 429 from Strava closes them until its window opens again.
 */
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ActivityProvider } from '../../domain/activity-providers.ts';
import { type DaySpan, defaultDaySpan, spanInstants } from '../../domain/activity-days.ts';
import type { StoredTrack } from '../../contracts/tracks.ts';
import type { TrackAnalysis } from '../../domain/schemas/track.ts';
import type { CalendarDate } from '../../domain/dates.ts';
import { safeRedirectPath } from '../../domain/redirects.ts';
import type { ActivitySummary, AuthorizationOutcome, ConnectionStatus } from '../../contracts/activities.ts';
import type { ActivityProviderClient } from '../activities/provider.ts';
import { ProviderError } from '../activities/provider.ts';
import type { Database } from '../db/client.ts';
import { activityConnections, candidates, oauthStates, orders } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { recordStravaCall, recordStravaWait } from '../metrics.ts';
import { writeGpx } from '../track/write-gpx.ts';
import type { LimitRule, RateLimits } from './rate-limits.ts';
import { type TokenCipher, TokenCipherError } from './token-cipher.ts';
import type { TracksService, Viewer } from './tracks.ts';
import { hashToken, newToken } from './tokens.ts';

export const ACTIVITY_SERVICE_LIMITS = {
  /** Below Strava's default read budget (100 requests per 15 minutes, 1,000 a day) for the whole site. */
  site15Minutes: { keyPrefix: 'strava-site-15min', points: 90, durationSeconds: 15 * 60 },
  siteDay: { keyPrefix: 'strava-site-day', points: 900, durationSeconds: 24 * 60 * 60 },
  /** One rider may not spend the club's budget alone. */
  perUser: { keyPrefix: 'strava-user', points: 30, durationSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

const STATE_LIFETIME_MS = 10 * 60 * 1000;
/** Refreshed this long before Strava's expiry, so that a token never dies during a call. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** Key of the site-wide counters. */
const SITE = 'site';

export const notConnected = () => new AppError(409, 'not_connected', 'Connect your Strava account first');
const revoked = () =>
  new AppError(409, 'strava_revoked', 'Strava no longer gives access to your rides: connect again');
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
const unavailable = () =>
  new AppError(503, 'strava_unavailable', 'Strava cannot be reached: try later or upload the file', {
    headers: { 'retry-after': '60' },
  });

interface Deps {
  db: Database;
  /** The check and the attachment a ride goes through, as an uploaded file does. */
  tracks: TracksService;
  client: ActivityProviderClient;
  cipher: TokenCipher;
  rateLimits: RateLimits;
  /** `{PUBLIC_URL}/api/strava/callback`: the address registered with the service. */
  redirectUri: string;
  log?: FastifyBaseLogger;
}

type ConnectionRow = typeof activityConnections.$inferSelect;

export function createActivityConnectionsService(deps: Deps) {
  const { db, client, cipher, rateLimits, tracks } = deps;
  const provider: ActivityProvider = client.id;
  const context = (userId: number, kind: 'access' | 'refresh') => `${provider}:${userId}:${kind}`;
  const ofUser = (userId: number) =>
    and(eq(activityConnections.userId, userId), eq(activityConnections.provider, provider));

  async function connection(userId: number): Promise<ConnectionRow> {
    const [row] = await db.select().from(activityConnections).where(ofUser(userId));
    if (!row) throw notConnected();
    return row;
  }

  async function forget(userId: number): Promise<void> {
    await db.delete(activityConnections).where(ofUser(userId));
  }

  /** Spends the budgets, calls the service, and turns its failures into the site's answers. */
  async function spend<T>(userId: number, cost: number, action: () => Promise<T>): Promise<T> {
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
    try {
      const answer = await action();
      recordStravaCall('ok');
      return answer;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      recordStravaCall(error.failure);
      switch (error.failure) {
        case 'unauthorized':
          throw error;
        case 'not_found':
          throw activityNotFound();
        case 'not_a_ride':
          throw notARide();
        case 'rate_limited': {
          const seconds = error.retryAfterSeconds ?? 15 * 60;
          await rateLimits.block(ACTIVITY_SERVICE_LIMITS.site15Minutes, SITE, seconds);
          if (seconds > 15 * 60) await rateLimits.block(ACTIVITY_SERVICE_LIMITS.siteDay, SITE, seconds);
          recordStravaWait('strava');
          throw rateLimited(seconds);
        }
        default:
          deps.log?.warn(
            { provider, failure: error.failure, reason: error.message },
            'activity service failed',
          );
          throw unavailable();
      }
    }
  }

  /** Opens a sealed token; one that no longer opens (the key was replaced) is a connection to make again. */
  async function opened(row: ConnectionRow, kind: 'access' | 'refresh'): Promise<string> {
    try {
      return await cipher.open(
        kind === 'access' ? row.accessToken : row.refreshToken,
        context(row.userId, kind),
      );
    } catch (error) {
      if (!(error instanceof TokenCipherError)) throw error;
      await forget(row.userId);
      throw revoked();
    }
  }

  /**
   * A new token pair from the refresh token. A refused refresh means the rider revoked the site, unless another
   * request (or instance) refreshed first: Strava then refuses the refresh token it just replaced.
   */
  async function refreshed(row: ConnectionRow): Promise<string> {
    const refreshToken = await opened(row, 'refresh');
    let tokens;
    try {
      tokens = await spend(row.userId, 1, () => client.refresh(refreshToken));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const [current] = await db.select().from(activityConnections).where(ofUser(row.userId));
      if (current && current.updatedAt.getTime() > row.updatedAt.getTime()) return opened(current, 'access');
      await forget(row.userId);
      throw revoked();
    }
    await db
      .update(activityConnections)
      .set({
        accessToken: await cipher.seal(tokens.accessToken, context(row.userId, 'access')),
        refreshToken: await cipher.seal(tokens.refreshToken, context(row.userId, 'refresh')),
        expiresAt: tokens.expiresAt,
        updatedAt: new Date(),
      })
      .where(ofUser(row.userId));
    return tokens.accessToken;
  }

  /** Runs `action` with a valid access token: refreshed before expiry, and once more if the service says 401. */
  async function withAccess<T>(
    userId: number,
    cost: number,
    action: (accessToken: string) => Promise<T>,
  ): Promise<T> {
    const row = await connection(userId);
    const accessToken =
      row.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS
        ? await opened(row, 'access')
        : await refreshed(row);
    try {
      return await spend(userId, cost, () => action(accessToken));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
    // Read again: the refresh token may have been replaced since (by the refresh above, or elsewhere).
    const again = await refreshed(await connection(userId));
    try {
      return await spend(userId, cost, () => action(again));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await forget(userId);
      throw revoked();
    }
  }

  /**
   * Revokes the site's access at the service with the token `accessToken` gives. A refusal (revoked already, the
   * service down, the budget spent) is only logged: the tokens go anyway, and the rider can also revoke at Strava.
   */
  async function revokeQuietly(userId: number, accessToken: () => Promise<string>): Promise<void> {
    try {
      const token = await accessToken();
      await spend(userId, 1, () => client.revoke(token));
    } catch (error) {
      if (!(error instanceof ProviderError) && !(error instanceof AppError)) throw error;
      deps.log?.warn(
        { provider, code: (error as AppError).code ?? 'unauthorized' },
        'revocation not confirmed',
      );
    }
  }

  /** The day of the rider's registration's ride when the club recorded it, the latest first. */
  async function rideDay(userId: number): Promise<CalendarDate | null> {
    const [row] = await db
      .select({ day: candidates.date_passage })
      .from(candidates)
      .innerJoin(orders, eq(orders.id, candidates.orderId))
      .where(and(eq(orders.userId, userId), isNotNull(candidates.date_passage)))
      .orderBy(desc(candidates.date_passage))
      .limit(1);
    return row?.day ?? null;
  }

  /** The ride's points as the GPX file the check reads and the homologation keeps. */
  async function rideFile(userId: number, activityId: string): Promise<Uint8Array> {
    const ride = await withAccess(userId, 2, (accessToken) => client.fetchPoints(accessToken, activityId));
    return Buffer.from(writeGpx({ name: ride.name, points: ride.points }));
  }

  return {
    provider,

    async status(userId: number): Promise<ConnectionStatus> {
      const [row] = await db
        .select({ createdAt: activityConnections.createdAt })
        .from(activityConnections)
        .where(ofUser(userId));
      return { connected: Boolean(row), since: row?.createdAt.toISOString() ?? null };
    },

    /** Where to send the rider to authorize the site; the state serves once, from this session, for 10 minutes. */
    async startAuthorization(sessionToken: string, returnTo: string): Promise<string> {
      const state = newToken();
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
      await db.insert(oauthStates).values({
        stateHash: hashToken(state),
        sessionHash: hashToken(sessionToken),
        provider,
        returnTo,
        expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
      });
      return client.authorizeUrl({ state, redirectUri: deps.redirectUri });
    },

    /**
     * The service sent the rider back. The state must be one this session started and not yet used; then the
     * code becomes tokens. Answers the page to return to and how it went.
     */
    async completeAuthorization(
      sessionToken: string,
      userId: number,
      callback: { state?: string; code?: string; scope?: string; error?: string },
    ): Promise<{ returnTo: string | null; outcome: AuthorizationOutcome }> {
      if (!callback.state) return { returnTo: null, outcome: 'invalid' };
      const [pending] = await db
        .delete(oauthStates)
        .where(
          and(
            eq(oauthStates.stateHash, hashToken(callback.state)),
            eq(oauthStates.sessionHash, hashToken(sessionToken)),
            eq(oauthStates.provider, provider),
          ),
        )
        .returning();
      if (!pending || pending.expiresAt.getTime() < Date.now()) return { returnTo: null, outcome: 'invalid' };
      const returnTo = safeRedirectPath(pending.returnTo);
      if (callback.error) return { returnTo, outcome: 'denied' };
      if (!callback.code) return { returnTo, outcome: 'invalid' };
      if (!client.grantsEnough(callback.scope ?? '')) return { returnTo, outcome: 'scope' };
      let granted;
      try {
        granted = await spend(userId, 1, () => client.exchangeCode(callback.code!));
      } catch (error) {
        if (error instanceof ProviderError || error instanceof AppError)
          return { returnTo, outcome: 'failed' };
        throw error;
      }
      const values = {
        athleteId: granted.athleteId,
        accessToken: await cipher.seal(granted.accessToken, context(userId, 'access')),
        refreshToken: await cipher.seal(granted.refreshToken, context(userId, 'refresh')),
        expiresAt: granted.expiresAt,
        scope: callback.scope ?? client.scope,
        updatedAt: new Date(),
      };
      await db
        .insert(activityConnections)
        .values({ userId, provider, ...values })
        .onConflictDoUpdate({
          target: [activityConnections.userId, activityConnections.provider],
          set: values,
        });
      return { returnTo, outcome: 'connected' };
    },

    /** The days looked at when the rider names none. */
    async defaultSpan(userId: number): Promise<DaySpan> {
      return defaultDaySpan(await rideDay(userId));
    },

    async listRides(userId: number, span: DaySpan): Promise<ActivitySummary[]> {
      return withAccess(userId, 1, (accessToken) => client.listRides(accessToken, spanInstants(span)));
    },

    /** The same analysis as for an uploaded file. */
    async checkRide(userId: number, activityId: string, ip: string): Promise<TrackAnalysis> {
      return tracks.check(await rideFile(userId, activityId), ip);
    },

    /** Attaches the ride as an upload is attached; another person's candidate is 404 before the service is asked. */
    async attachRide(
      user: Viewer,
      candidateId: number,
      activityId: string,
      ip: string,
    ): Promise<StoredTrack> {
      await tracks.assertOwner(candidateId, user);
      const file = await rideFile(user.id, activityId);
      return tracks.attach(candidateId, user, file, ip, { source: provider, activityId });
    },

    /** Revokes the authorization at the service (when it answers) and deletes the tokens. */
    async disconnect(userId: number): Promise<void> {
      const row = await connection(userId);
      await revokeQuietly(userId, () =>
        row.expiresAt.getTime() > Date.now() ? opened(row, 'access') : refreshed(row),
      );
      await forget(userId);
    },

    /**
     * Before an account is deleted: reads the connection now, and answers what revokes it once the account is
     * gone (the tokens go with it, by cascade).
     */
    async revocationFor(userId: number): Promise<() => Promise<void>> {
      const [row] = await db.select().from(activityConnections).where(ofUser(userId));
      if (!row) return async () => {};
      let accessToken: string;
      let refreshToken: string;
      try {
        accessToken = await cipher.open(row.accessToken, context(userId, 'access'));
        refreshToken = await cipher.open(row.refreshToken, context(userId, 'refresh'));
      } catch (error) {
        // Tokens that no longer open cannot be revoked; they go with the account all the same.
        if (error instanceof TokenCipherError) return async () => {};
        throw error;
      }
      const expired = row.expiresAt.getTime() <= Date.now();
      return () =>
        revokeQuietly(userId, async () =>
          expired ? (await spend(userId, 1, () => client.refresh(refreshToken))).accessToken : accessToken,
        );
    },
  };
}

export type ActivityConnectionsService = ReturnType<typeof createActivityConnectionsService>;
