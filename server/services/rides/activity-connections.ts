/**
 * A rider's connection to one activity service (decisions 0037, 0051): the OAuth authorization bound to the
 * session (activity-authorization.ts), the tokens kept encrypted and refreshed before they expire
 * (activity-tokens.ts), the club's shared budget of calls (activity-budget.ts), the rides of some days, a ride's
 * points written as the GPX file the check reads, and the revocation (on "Disconnect" and with the account).
 *
 * The service always exists: when the club has not configured its service, `configured` is false and every method
 * refuses with 404 `not_found`, as the routes that then do not exist answer (one rule for the API, the pages and
 * the CLI).
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type DaySpan, defaultDaySpan, spanInstants } from '../../../domain/activity-days.ts';
import type { StoredTrack } from '../../../contracts/tracks.ts';
import type { TrackAnalysis } from '../../../domain/schemas/track.ts';
import type { CalendarDate } from '../../../domain/dates.ts';
import type { ActivitySummary, ConnectionStatus } from '../../../contracts/activities.ts';
import type { ActivityProviderClient } from '../../activities/provider.ts';
import type { Database } from '../../db/client.ts';
import { activityConnections, candidates, orders } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { writeGpx } from '../../track/write-gpx.ts';
import { spend } from './activity-budget.ts';
import {
  type AuthorizationCallback,
  type AuthorizationDeps,
  completeAuthorization,
  startAuthorization,
} from './activity-authorization.ts';
import {
  connectionRow,
  disconnect,
  ofUser,
  revokeQuietly,
  tokenContext,
  withAccess,
} from './activity-tokens.ts';
import { type Caller, signedIn } from '../guards.ts';
import type { RateLimits } from '../platform/rate-limits.ts';
import { type TokenCipher, TokenCipherError } from './token-cipher.ts';
import type { TracksService } from './tracks.ts';

interface Deps {
  db: Database;
  /** The check and the attachment a ride goes through, as an uploaded file does. */
  tracks: TracksService;
  /** Null when the club has not configured the service. */
  client: ActivityProviderClient | null;
  cipher: TokenCipher;
  rateLimits: RateLimits;
  /** The callback's address registered with the service (activity-sources.ts). */
  redirectUri: string;
  log?: FastifyBaseLogger;
}

/** The day of the rider's registration's ride when the club recorded it, the latest first. */
async function rideDay(db: Database, userId: number): Promise<CalendarDate | null> {
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
async function rideFile(deps: AuthorizationDeps, userId: number, activityId: string): Promise<Uint8Array> {
  const ride = await withAccess(deps, userId, 2, (accessToken) =>
    deps.client.fetchPoints(accessToken, activityId),
  );
  return Buffer.from(writeGpx({ name: ride.name, points: ride.points }));
}

/**
 * Before an account is deleted: reads the connection now, and answers what revokes it once the account is gone
 * (the tokens go with it, by cascade).
 */
async function revocationFor(deps: AuthorizationDeps, userId: number): Promise<() => Promise<void>> {
  const row = await connectionRow(deps, userId);
  if (!row) return async () => {};
  let accessToken: string;
  let refreshToken: string;
  try {
    accessToken = await deps.cipher.open(row.accessToken, tokenContext(deps, userId, 'access'));
    refreshToken = await deps.cipher.open(row.refreshToken, tokenContext(deps, userId, 'refresh'));
  } catch (error) {
    // Tokens that no longer open cannot be revoked; they go with the account all the same.
    if (error instanceof TokenCipherError) return async () => {};
    throw error;
  }
  const expired = row.expiresAt.getTime() <= Date.now();
  return () =>
    revokeQuietly(deps, userId, async () =>
      expired
        ? (await spend(deps, userId, 1, () => deps.client.refresh(refreshToken))).accessToken
        : accessToken,
    );
}

/** The operations of a configured service. */
function connectedService(deps: AuthorizationDeps, tracks: TracksService) {
  return {
    async status(userId: number): Promise<ConnectionStatus> {
      const [row] = await deps.db
        .select({ createdAt: activityConnections.createdAt })
        .from(activityConnections)
        .where(ofUser(deps, userId));
      return { connected: Boolean(row), since: row?.createdAt.toISOString() ?? null };
    },
    startAuthorization: (sessionToken: string, returnTo: string) =>
      startAuthorization(deps, sessionToken, returnTo),
    completeAuthorization: (sessionToken: string, userId: number, callback: AuthorizationCallback) =>
      completeAuthorization(deps, sessionToken, userId, callback),
    defaultSpan: async (userId: number): Promise<DaySpan> => defaultDaySpan(await rideDay(deps.db, userId)),
    listRides: (userId: number, span: DaySpan): Promise<ActivitySummary[]> =>
      withAccess(deps, userId, 1, (accessToken) => deps.client.listRides(accessToken, spanInstants(span))),
    checkRide: async (userId: number, activityId: string, ip: string): Promise<TrackAnalysis> =>
      tracks.check(await rideFile(deps, userId, activityId), ip),
    async attachRide(
      caller: Caller,
      candidateId: number,
      activityId: string,
      ip: string,
    ): Promise<StoredTrack> {
      const user = signedIn(caller);
      // Another person's candidate is 404 before the service is asked.
      await tracks.assertOwner(candidateId, user);
      const file = await rideFile(deps, user.id, activityId);
      return tracks.attach(candidateId, user, file, ip, { source: deps.provider, activityId });
    },
    disconnect: (userId: number) => disconnect(deps, userId),
    revocationFor: (userId: number) => revocationFor(deps, userId),
  };
}

type ConnectedService = ReturnType<typeof connectedService>;

export function createActivityConnectionsService({ client, tracks, ...deps }: Deps) {
  const connected = client ? connectedService({ ...deps, client, provider: client.id }, tracks) : null;
  /** The one rule: without the club's configuration, nothing about the service exists. */
  const configured = (): ConnectedService => {
    if (!connected) throw notFound();
    return connected;
  };
  return {
    configured: connected !== null,
    status: (userId: number) => configured().status(userId),
    /** Where to send the rider to authorize the site; the state serves once, from this session, for 10 minutes. */
    startAuthorization: (sessionToken: string, returnTo: string) =>
      configured().startAuthorization(sessionToken, returnTo),
    completeAuthorization: (sessionToken: string, userId: number, callback: AuthorizationCallback) =>
      configured().completeAuthorization(sessionToken, userId, callback),
    /** The days looked at when the rider names none. */
    defaultSpan: (userId: number) => configured().defaultSpan(userId),
    listRides: (userId: number, span: DaySpan) => configured().listRides(userId, span),
    /** The same analysis as for an uploaded file. */
    checkRide: (userId: number, activityId: string, ip: string) =>
      configured().checkRide(userId, activityId, ip),
    /** Attaches the ride as an upload is attached, for the candidate's buyer only. */
    attachRide: (caller: Caller, candidateId: number, activityId: string, ip: string) =>
      configured().attachRide(caller, candidateId, activityId, ip),
    /** Revokes the authorization at the service (when it answers) and deletes the tokens. */
    disconnect: (userId: number) => configured().disconnect(userId),
    /** What revokes the connection once the account is deleted; nothing to revoke when there is no service. */
    revocationFor: async (userId: number): Promise<() => Promise<void>> =>
      connected ? connected.revocationFor(userId) : async () => {},
  };
}

export type ActivityConnectionsService = ReturnType<typeof createActivityConnectionsService>;
