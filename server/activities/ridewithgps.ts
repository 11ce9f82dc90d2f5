/**
 * Ride with GPS through its API v1 and OAuth 2 (github.com/ridewithgps/developers: authentication.md,
 * endpoints/trips.md, reference/track_points.md, reference/activity_types.md), a thin typed client over `fetch`.
 *
 * What its documentation says, followed here: authorize at `/oauth/authorize` (client_id, redirect_uri,
 * response_type=code), exchange at `POST /oauth/token.json` (grant_type, code, client_id, client_secret,
 * redirect_uri), which answers `access_token` and `user_id`; calls carry `Authorization: Bearer`; revoke at
 * `POST /oauth/revoke.json` (client_id, client_secret, token). Trips are listed by `GET /api/v1/trips.json`,
 * newest *updated* first, `page` and `page_size` (20 to 200), `meta.pagination.next_page_url` null on the last
 * page; `GET /api/v1/trips/:id.json` gives `trip.track_points` with `x` longitude, `y` latitude, `e` elevation
 * (m), `t` unix seconds.
 *
 * What it does not say: `state` (the authorization page is standard OAuth 2, which sends it back; the stand-in
 * does), `scope` (the answer says "user"), a token lifetime or a refresh token (none is given: tokens last until
 * revoked), a filter of trips by date, or rate limits (a 429 is read as one anyway).
 */
import type { ActivitySummary } from '../../contracts/activities.ts';
import { z } from '../../domain/schemas/zod.ts';
import type { TrackPoint } from '../../domain/track/analyse.ts';
import { bearer, call, type HttpSession, json, kilometres, NEVER_EXPIRES } from './http.ts';
import {
  type ActivityPoints,
  type ActivityProviderClient,
  type AuthorizedConnection,
  ProviderError,
} from './provider.ts';

export interface RideWithGpsOptions {
  clientId: string;
  clientSecret: string;
  /** `https://ridewithgps.com` unless a stand-in is configured: both `/oauth/…` and `/api/v1/…` live there. */
  url: string;
  /** Where the callback is: the token exchange must repeat it. */
  redirectUri: string;
  timeoutMs?: number;
}

/** The only scope the documentation shows; the authorization gives access to the rider's trips. */
const SCOPE = 'user';
const PAGE_SIZE = 200;
/** 2,000 trips back is far more than a month of anyone's rides; beyond, the list stops rather than loops. */
const MAX_PAGES = 10;

/** Ride with GPS's activity types that are a ride on the road with one's own legs (not indoor, virtual or e-bike). */
const NOT_RIDES = new Set(['cycling:indoor', 'cycling:virtual']);
const isRideType = (type: string | null | undefined) =>
  type === undefined || type === null || (type.startsWith('cycling:') && !NOT_RIDES.has(type));

const tokenSchema = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.number(), z.string()]),
});
const tripSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string().nullable().catch(''),
  departed_at: z.string(),
  updated_at: z.string().optional(),
  activity_type: z.string().nullable().optional(),
  is_stationary: z.boolean().nullable().optional(),
  distance: z.number().nullable().catch(0),
  elevation_gain: z.number().nullable().catch(0),
});
const pageSchema = z.object({
  trips: z.array(tripSchema),
  meta: z.object({ pagination: z.object({ next_page_url: z.string().nullable().optional() }) }).optional(),
});
const trackPointSchema = z.object({
  x: z.number().nullable().optional(),
  y: z.number().nullable().optional(),
  e: z.number().nullable().optional(),
  t: z.number().nullable().optional(),
});
const detailSchema = z.object({
  trip: tripSchema.extend({ track_points: z.array(trackPointSchema).catch([]) }),
});

type Trip = z.infer<typeof tripSchema>;

const isRide = (trip: Trip) => isRideType(trip.activity_type) && trip.is_stationary !== true;

/** Track points as the site reads them; a point without a position is left out. */
export function trackPointsToPoints(trackPoints: z.infer<typeof trackPointSchema>[]): TrackPoint[] {
  return trackPoints.flatMap(({ x, y, e, t }) =>
    typeof x === 'number' && typeof y === 'number'
      ? [
          {
            lat: y,
            lon: x,
            ele: typeof e === 'number' && Number.isFinite(e) ? e : null,
            time: typeof t === 'number' ? t * 1000 : null,
          },
        ]
      : [],
  );
}

interface RideWithGpsSession extends HttpSession {
  readonly options: RideWithGpsOptions;
  readonly url: string;
}

function summary(trip: Trip): ActivitySummary {
  return {
    id: String(trip.id),
    name: trip.name ?? '',
    start: new Date(trip.departed_at).toISOString(),
    distanceKm: kilometres(trip.distance ?? 0),
    climbM: Math.round(trip.elevation_gain ?? 0),
  };
}

/** The documentation's request bodies are JSON. */
const jsonPost = (body: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function authorizeUrl(session: RideWithGpsSession, state: string, redirectUri: string): string {
  const query = new URLSearchParams({
    client_id: session.options.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    state,
  });
  return `${session.url}/oauth/authorize?${query}`;
}

async function exchangeCode(session: RideWithGpsSession, code: string): Promise<AuthorizedConnection> {
  const body = {
    grant_type: 'authorization_code',
    code,
    client_id: session.options.clientId,
    client_secret: session.options.clientSecret,
    redirect_uri: session.options.redirectUri,
  };
  const response = await call(session, `${session.url}/oauth/token.json`, jsonPost(body), true);
  const answer = await json(session, response, tokenSchema);
  return {
    accessToken: answer.access_token,
    refreshToken: '',
    expiresAt: NEVER_EXPIRES,
    athleteId: String(answer.user_id),
  };
}

async function listRides(
  session: RideWithGpsSession,
  accessToken: string,
  { after, before }: { after: Date; before: Date },
): Promise<ActivitySummary[]> {
  const found: Trip[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const query = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
    const response = await call(session, `${session.url}/api/v1/trips.json?${query}`, {
      headers: bearer(accessToken),
    });
    const { trips, meta } = await json(session, response, pageSchema);
    found.push(...trips);
    // Newest updated first: a trip last updated before `after` cannot have started after it, nor those below.
    const oldest = trips.at(-1)?.updated_at;
    if (!meta?.pagination.next_page_url || trips.length === 0) break;
    if (oldest !== undefined && Date.parse(oldest) < after.getTime()) break;
  }
  return found
    .filter((trip) => {
      const start = Date.parse(trip.departed_at);
      return isRide(trip) && start >= after.getTime() && start <= before.getTime();
    })
    .map(summary)
    .sort((a, b) => b.start.localeCompare(a.start));
}

async function fetchPoints(
  session: RideWithGpsSession,
  accessToken: string,
  activityId: string,
): Promise<ActivityPoints> {
  const path = `/api/v1/trips/${encodeURIComponent(activityId)}.json`;
  const response = await call(session, `${session.url}${path}`, { headers: bearer(accessToken) });
  const { trip } = await json(session, response, detailSchema);
  if (!isRide(trip)) throw new ProviderError('not_a_ride', 'The trip is not a ride');
  return { name: trip.name ?? '', points: trackPointsToPoints(trip.track_points) };
}

async function revoke(session: RideWithGpsSession, accessToken: string): Promise<void> {
  const body = {
    client_id: session.options.clientId,
    client_secret: session.options.clientSecret,
    token: accessToken,
  };
  await call(session, `${session.url}/oauth/revoke.json`, jsonPost(body));
}

export function createRideWithGpsClient(options: RideWithGpsOptions): ActivityProviderClient {
  const session: RideWithGpsSession = {
    service: 'Ride with GPS',
    options,
    url: options.url.replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs ?? 15_000,
  };
  return {
    id: 'ridewithgps',
    scope: SCOPE,
    authorizeUrl: ({ state, redirectUri }) => authorizeUrl(session, state, redirectUri),
    // Nothing to choose on its authorization page: a granted authorization reads the trips.
    grantsEnough: () => true,
    exchangeCode: (code) => exchangeCode(session, code),
    refresh: () => Promise.reject(new ProviderError('unauthorized', 'Ride with GPS has no refresh token')),
    listRides: (accessToken, range) => listRides(session, accessToken, range),
    fetchPoints: (accessToken, activityId) => fetchPoints(session, accessToken, activityId),
    revoke: (accessToken) => revoke(session, accessToken),
  };
}
