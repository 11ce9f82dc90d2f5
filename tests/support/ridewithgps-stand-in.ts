/**
 * A stand-in for Ride with GPS's OAuth and API v1, answering as github.com/ridewithgps/developers documents them:
 * the authorization page (approves at once, or declines with `error=access_denied`), `POST /oauth/token.json`
 * and `/oauth/revoke.json` with JSON bodies, `GET /api/v1/trips.json` (newest updated first, `page` and
 * `page_size` 20 to 200, `meta.pagination.next_page_url`), `GET /api/v1/trips/:id.json` with `track_points`
 * (`x` longitude, `y` latitude, `e` elevation, `t` unix seconds). Errors are `{ "error": "…" }`. A test can make
 * the next API call answer 429, 404 or 500. Tests point RWGPS_URL at `url`.
 */
import crypto from 'node:crypto';
import type { TrackPoint } from '../../domain/track/analyse.ts';
import { type RecordedRequest, type StandInReply, startHttpStandIn } from './http-stand-in.ts';

export const RWGPS_STAND_IN_CLIENT = { id: 'rwgps-client', secret: 'rwgps-stand-in-secret' };

export interface StandInTrip {
  id: number;
  name: string;
  /** One of reference/activity_types.md, e.g. `cycling:road`, `running:generic`. */
  activity_type: string;
  points: readonly TrackPoint[];
}

export interface RideWithGpsStandIn {
  url: string;
  requests: RecordedRequest[];
  /** Each authorization is for a new user with these trips. */
  everyUser(trips: () => StandInTrip[]): void;
  nextAuthorization(answer: { decline?: boolean }): void;
  failNext(reply: StandInReply): void;
  /** The user deletes a trip on Ride with GPS. */
  deleteTrip(tripId: number): void;
  issuedTokens(): string[];
  close(): Promise<void>;
}

const json = (body: unknown, status = 200): StandInReply => ({ status, body });
const unauthorized = json({ error: 'Failed to authenticate the user' }, 401);
const notFound = json({ error: 'Record not found' }, 404);

function tripSummary(trip: StandInTrip) {
  const first = trip.points[0];
  const last = trip.points.at(-1);
  return {
    id: trip.id,
    url: `/api/v1/trips/${trip.id}.json`,
    name: trip.name,
    departed_at: new Date(first?.time ?? 0).toISOString(),
    activity_type: trip.activity_type,
    is_stationary: false,
    distance: 1000 * trip.points.length,
    elevation_gain: 100,
    // Uploaded an hour after the ride ended.
    updated_at: new Date((last?.time ?? 0) + 3_600_000).toISOString(),
  };
}

const trackPoints = (trip: StandInTrip) =>
  trip.points.map((point) => ({
    x: point.lon,
    y: point.lat,
    e: point.ele,
    t: point.time === null ? null : Math.round(point.time / 1000),
  }));

export async function startRideWithGpsStandIn(port = 0): Promise<RideWithGpsStandIn> {
  const http = await startHttpStandIn(port);
  const codes = new Map<string, StandInTrip[]>();
  const tokens = new Map<string, StandInTrip[]>();
  const issued: string[] = [];
  let newUser: () => StandInTrip[] = () => [];
  let authorization: { decline?: boolean } = {};
  let failure: StandInReply | null = null;
  const deleted = new Set<number>();
  const token = () => crypto.randomBytes(20).toString('hex');

  function oauth(request: RecordedRequest): StandInReply {
    if (request.method === 'GET' && request.path === '/oauth/authorize') {
      const back = new URL(request.query.get('redirect_uri') ?? '');
      const state = request.query.get('state');
      if (state !== null) back.searchParams.set('state', state);
      if (authorization.decline) back.searchParams.set('error', 'access_denied');
      else {
        const code = token();
        codes.set(code, newUser());
        back.searchParams.set('code', code);
      }
      authorization = {};
      return { status: 302, headers: { location: back.toString() } };
    }
    const body = JSON.parse(request.body || '{}') as Record<string, string>;
    const client =
      body.client_id === RWGPS_STAND_IN_CLIENT.id && body.client_secret === RWGPS_STAND_IN_CLIENT.secret;
    if (request.method === 'POST' && request.path === '/oauth/token.json') {
      const trips = codes.get(body.code ?? '');
      codes.delete(body.code ?? '');
      if (!client || body.grant_type !== 'authorization_code' || !trips || !body.redirect_uri)
        return json({ error: 'invalid_grant' }, 400);
      const accessToken = token();
      tokens.set(accessToken, trips);
      issued.push(accessToken);
      return json({
        access_token: accessToken,
        token_type: 'Bearer',
        scope: 'user',
        created_at: 0,
        user_id: issued.length,
      });
    }
    if (request.method === 'POST' && request.path === '/oauth/revoke.json') {
      if (!client) return unauthorized;
      tokens.delete(body.token ?? '');
      return json({});
    }
    return notFound;
  }

  function tripsPage(request: RecordedRequest, trips: StandInTrip[]): StandInReply {
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('page_size') ?? 20);
    if (size < 20 || size > 200) return json({ error: 'page_size must be between 20 and 200' }, 400);
    const sorted = trips
      .filter((trip) => !deleted.has(trip.id))
      .map(tripSummary)
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    const pageCount = Math.max(1, Math.ceil(sorted.length / size));
    return json({
      trips: sorted.slice((page - 1) * size, page * size),
      meta: {
        pagination: {
          record_count: sorted.length,
          page_count: pageCount,
          page_size: size,
          next_page_url:
            page < pageCount ? `${http.url}/api/v1/trips.json?page=${page + 1}&page_size=${size}` : null,
        },
      },
    });
  }

  function api(request: RecordedRequest): StandInReply {
    if (failure) {
      const reply = failure;
      failure = null;
      return reply;
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const trips = tokens.get(bearer);
    if (!trips) return unauthorized;
    if (request.method === 'GET' && request.path === '/api/v1/trips.json') return tripsPage(request, trips);
    const match = /^\/api\/v1\/trips\/(\d+)\.json$/.exec(request.path);
    const trip = match && trips.find((entry) => String(entry.id) === match[1] && !deleted.has(entry.id));
    if (request.method !== 'GET' || !trip) return notFound;
    return json({ trip: { ...tripSummary(trip), track_points: trackPoints(trip) } });
  }

  http.reset((request) => {
    if (request.path === '/ready') return json({ ready: true });
    return request.path.startsWith('/oauth/') ? oauth(request) : api(request);
  });

  return {
    url: http.url,
    requests: http.requests,
    everyUser(trips) {
      newUser = trips;
    },
    nextAuthorization(answer) {
      authorization = answer;
    },
    failNext(reply) {
      failure = reply;
    },
    deleteTrip(tripId) {
      deleted.add(tripId);
    },
    issuedTokens: () => [...issued],
    close: () => http.close(),
  };
}
