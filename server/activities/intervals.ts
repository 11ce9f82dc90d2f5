/**
 * intervals.icu through its API v1 and OAuth 2 (forum.intervals.icu "Intervals.icu OAuth support" and "API access
 * to Intervals.icu", the OpenAPI page intervals.icu/api-docs.html), a thin typed client over `fetch`.
 *
 * What its documentation says, followed here: authorize at `/oauth/authorize` (client_id, redirect_uri, scope,
 * state; a refusal comes back as `error=access_denied`), exchange the code within 2 minutes at
 * `POST /api/oauth/token` (client_id, client_secret, code as form data), which answers `access_token`, the granted
 * `scope` (comma separated, e.g. `ACTIVITY:READ`) and `athlete.id`; calls carry `Authorization: Bearer`; athlete
 * `0` means the token's own athlete; `GET /api/v1/athlete/{id}/activities?oldest=&newest=` lists activities (local
 * dates, newest first, no paging); `GET /api/v1/activity/{id}` and `GET /api/v1/activity/{id}/streams.json?types=`
 * give one activity and its streams (`latlng` has latitudes in `data` and longitudes in `data2`, `time` seconds
 * from the start, `altitude` metres). Activities that came from Strava are listed with `source: "STRAVA"` but
 * their data is not available through the API (Strava's terms): they are left out of the list.
 *
 * What it does not say: a token lifetime, a refresh token or a revocation endpoint (a rider revokes an
 * application on intervals.icu's settings page; the site then forgets its token), and rate limits.
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

export interface IntervalsOptions {
  clientId: string;
  clientSecret: string;
  /** `https://intervals.icu` unless a stand-in is configured. */
  url: string;
  timeoutMs?: number;
}

const SCOPE = 'ACTIVITY:READ';
const DAY_MS = 86_400_000;

/** intervals.icu's activity types (Strava's names) that are a ride on the road with one's own legs. */
const RIDE_TYPES = new Set(['Ride', 'GravelRide', 'MountainBikeRide', 'Handcycle', 'Velomobile']);

const tokenSchema = z.object({
  access_token: z.string().min(1),
  scope: z.string().optional(),
  athlete: z.object({ id: z.union([z.number(), z.string()]) }),
});
const activitySchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string().nullable().catch(''),
  type: z.string().nullable().optional(),
  source: z.string().nullable().optional(),
  start_date: z.string().nullable().optional(),
  distance: z.number().nullable().catch(0),
  total_elevation_gain: z.number().nullable().catch(0),
});
const streamSchema = z.object({
  type: z.string(),
  data: z.array(z.number().nullable()).catch([]),
  data2: z.array(z.number().nullable()).optional(),
});

type IntervalsActivity = z.infer<typeof activitySchema>;

const isRide = (activity: IntervalsActivity) => RIDE_TYPES.has(activity.type ?? '');
/** Strava's activities are listed without their data: nothing of them can be read. */
const isReadable = (activity: IntervalsActivity) =>
  activity.source !== 'STRAVA' && typeof activity.start_date === 'string';

/** The streams as points; `time` is seconds from `startMs`. Points without a position are left out. */
export function streamsToPoints(streams: z.infer<typeof streamSchema>[], startMs: number): TrackPoint[] {
  const byType = new Map(streams.map((stream) => [stream.type, stream]));
  const latlng = byType.get('latlng');
  const times = byType.get('time')?.data;
  const altitudes = byType.get('altitude')?.data;
  return (latlng?.data ?? []).flatMap((lat, index) => {
    const lon = latlng?.data2?.[index];
    if (typeof lat !== 'number' || typeof lon !== 'number') return [];
    const ele = altitudes?.[index];
    const seconds = times?.[index];
    return [
      {
        lat,
        lon,
        ele: typeof ele === 'number' && Number.isFinite(ele) ? ele : null,
        time: typeof seconds === 'number' ? startMs + seconds * 1000 : null,
      },
    ];
  });
}

interface IntervalsSession extends HttpSession {
  readonly options: IntervalsOptions;
  readonly url: string;
}

/** The rider may untick scopes on intervals.icu's page: ACTIVITY:READ, or WRITE which includes it, is needed. */
const readsActivities = (scope: string) =>
  scope.split(/[,\s]+/).some((granted) => granted === 'ACTIVITY:READ' || granted === 'ACTIVITY:WRITE');

const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);

function authorizeUrl(session: IntervalsSession, state: string, redirectUri: string): string {
  const query = new URLSearchParams({
    client_id: session.options.clientId,
    redirect_uri: redirectUri,
    scope: SCOPE,
    state,
  });
  return `${session.url}/oauth/authorize?${query}`;
}

async function exchangeCode(session: IntervalsSession, code: string): Promise<AuthorizedConnection> {
  const body = new URLSearchParams({
    client_id: session.options.clientId,
    client_secret: session.options.clientSecret,
    code,
  });
  const response = await call(session, `${session.url}/api/oauth/token`, { method: 'POST', body }, true);
  const answer = await json(session, response, tokenSchema);
  if (answer.scope !== undefined && !readsActivities(answer.scope))
    throw new ProviderError('unauthorized', 'intervals.icu granted no access to activities');
  return {
    accessToken: answer.access_token,
    refreshToken: '',
    expiresAt: NEVER_EXPIRES,
    athleteId: String(answer.athlete.id),
  };
}

async function listRides(
  session: IntervalsSession,
  accessToken: string,
  { after, before }: { after: Date; before: Date },
): Promise<ActivitySummary[]> {
  // `oldest` and `newest` are the athlete's local days: a day more each side, then the instants decide.
  const query = new URLSearchParams({
    oldest: isoDay(new Date(after.getTime() - DAY_MS)),
    newest: isoDay(new Date(before.getTime() + DAY_MS)),
  });
  const response = await call(session, `${session.url}/api/v1/athlete/0/activities?${query}`, {
    headers: bearer(accessToken),
  });
  const activities = await json(session, response, z.array(activitySchema));
  return activities
    .filter((activity) => {
      if (!isRide(activity) || !isReadable(activity)) return false;
      const start = Date.parse(activity.start_date!);
      return start >= after.getTime() && start <= before.getTime();
    })
    .map((activity) => ({
      id: String(activity.id),
      name: activity.name ?? '',
      start: new Date(activity.start_date!).toISOString(),
      distanceKm: kilometres(activity.distance ?? 0),
      climbM: Math.round(activity.total_elevation_gain ?? 0),
    }))
    .sort((a, b) => b.start.localeCompare(a.start));
}

async function fetchPoints(
  session: IntervalsSession,
  accessToken: string,
  activityId: string,
): Promise<ActivityPoints> {
  const path = `${session.url}/api/v1/activity/${encodeURIComponent(activityId)}`;
  const detail = await json(
    session,
    await call(session, path, { headers: bearer(accessToken) }),
    activitySchema,
  );
  if (!isReadable(detail)) throw new ProviderError('not_found', 'intervals.icu does not share this activity');
  if (!isRide(detail)) throw new ProviderError('not_a_ride', 'The activity is not a ride');
  const query = new URLSearchParams({ types: 'latlng,time,altitude' });
  const streams = await json(
    session,
    await call(session, `${path}/streams.json?${query}`, { headers: bearer(accessToken) }),
    z.array(streamSchema),
  );
  return { name: detail.name ?? '', points: streamsToPoints(streams, Date.parse(detail.start_date!)) };
}

export function createIntervalsClient(options: IntervalsOptions): ActivityProviderClient {
  const session: IntervalsSession = {
    service: 'intervals.icu',
    options,
    url: options.url.replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs ?? 15_000,
  };
  return {
    id: 'intervals',
    scope: SCOPE,
    authorizeUrl: ({ state, redirectUri }) => authorizeUrl(session, state, redirectUri),
    // The callback carries no scope (the token's answer does, checked at the exchange).
    grantsEnough: (grantedScope) => grantedScope === '' || readsActivities(grantedScope),
    exchangeCode: (code) => exchangeCode(session, code),
    refresh: () => Promise.reject(new ProviderError('unauthorized', 'intervals.icu has no refresh token')),
    listRides: (accessToken, range) => listRides(session, accessToken, range),
    fetchPoints: (accessToken, activityId) => fetchPoints(session, accessToken, activityId),
    // No revocation endpoint is documented: the site forgets the token, the rider may revoke it at intervals.icu.
    revoke: () => Promise.resolve(),
  };
}
