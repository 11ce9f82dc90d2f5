/**
 * Strava through its REST API v3 and OAuth 2.0, with a thin typed client over `fetch` (as for PayPal, decision
 * 0006: the few calls we make do not need an SDK, and Strava publishes none for Node). Answers are parsed with
 * zod; a failure becomes a ProviderError, never a message that could carry a token.
 *
 * Rate limits (developers.strava.com/docs/rate-limits): an application has a 15-minute and a daily budget, shown
 * in `X-RateLimit-Usage` and `X-ReadRateLimit-Usage` ("15-minute,daily"); the 15-minute windows reset at 0, 15,
 * 30 and 45 minutes past the hour, the daily one at midnight UTC. A 429 says until when to wait.
 */
import type { ActivitySummary } from '../../contracts/activities.ts';
import { z } from '../../domain/schemas/zod.ts';
import type { ApplicationRefusal } from '../../domain/activity-providers.ts';
import type { TrackPoint } from '../../domain/track/analyse.ts';
import {
  type ActivityPoints,
  type ActivityProviderClient,
  type AuthorizedConnection,
  ProviderError,
  type ProviderTokens,
} from './provider.ts';

export interface StravaOptions {
  clientId: string;
  clientSecret: string;
  /** `https://www.strava.com/oauth` unless a stand-in is configured. */
  oauthUrl: string;
  /** `https://www.strava.com/api/v3` unless a stand-in is configured. */
  apiUrl: string;
  /** Time limit of one HTTP request; 15 s unless told. */
  timeoutMs?: number;
}

/** Private rides are common: `activity:read` would hide them. */
const SCOPE = 'activity:read_all';

/** Strava's sport types that are a ride on a real road with one's own legs (not virtual, not electric). */
const RIDE_TYPES = new Set(['Ride', 'GravelRide', 'MountainBikeRide', 'Handcycle', 'Velomobile']);

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: z.number(),
});
const exchangeSchema = tokenSchema.extend({ athlete: z.object({ id: z.union([z.number(), z.string()]) }) });
const activitySchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string().catch(''),
  sport_type: z.string().optional(),
  type: z.string().optional(),
  start_date: z.string(),
  distance: z.number().catch(0),
  total_elevation_gain: z.number().catch(0),
});
const streamsSchema = z.object({
  latlng: z.object({ data: z.array(z.tuple([z.number(), z.number()])) }).optional(),
  altitude: z.object({ data: z.array(z.number().nullable()) }).optional(),
  time: z.object({ data: z.array(z.number()) }).optional(),
});

type StravaActivity = z.infer<typeof activitySchema>;

const isRide = (activity: StravaActivity) => RIDE_TYPES.has(activity.sport_type ?? activity.type ?? '');

/** "15-minute,daily" pairs of a limit header and its usage header. */
function pairs(headers: Headers, name: string): [number, number] | undefined {
  const values = headers.get(name)?.split(',').map(Number);
  return values?.length === 2 && values.every(Number.isFinite) ? [values[0]!, values[1]!] : undefined;
}

/**
 * Seconds until Strava's budget opens again after a 429: midnight UTC when a daily budget is spent, else the
 * next quarter hour.
 */
export function stravaRetryAfterSeconds(headers: Headers, now = new Date()): number {
  const spentDaily = [
    ['x-ratelimit-limit', 'x-ratelimit-usage'],
    ['x-readratelimit-limit', 'x-readratelimit-usage'],
  ].some(([limitName, usageName]) => {
    const limit = pairs(headers, limitName!);
    const usage = pairs(headers, usageName!);
    return limit !== undefined && usage !== undefined && usage[1] >= limit[1];
  });
  const next = new Date(now);
  if (spentDaily) {
    next.setUTCHours(24, 0, 0, 0);
  } else {
    next.setUTCMinutes(Math.floor(now.getUTCMinutes() / 15) * 15 + 15, 0, 0);
  }
  return Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
}

/** The points of an activity's streams; `time` is seconds from the start. Points without a position are left. */
export function streamsToPoints(streams: z.infer<typeof streamsSchema>, startMs: number): TrackPoint[] {
  const positions = streams.latlng?.data ?? [];
  const altitudes = streams.altitude?.data;
  const times = streams.time?.data;
  return positions.map(([lat, lon], index) => {
    const ele = altitudes?.[index];
    const seconds = times?.[index];
    return {
      lat,
      lon,
      ele: typeof ele === 'number' && Number.isFinite(ele) ? ele : null,
      time: typeof seconds === 'number' ? startMs + seconds * 1000 : null,
    };
  });
}

/**
 * What every call of one client shares, made once by createStravaClient: the options and the two base addresses
 * without their trailing slashes. Calls read `fetch` when they run, never a copy taken here.
 */
interface StravaSession {
  readonly options: StravaOptions;
  readonly oauthUrl: string;
  readonly apiUrl: string;
  readonly timeoutMs: number;
}

function stravaSession(options: StravaOptions): StravaSession {
  return {
    options,
    oauthUrl: options.oauthUrl.replace(/\/+$/, ''),
    apiUrl: options.apiUrl.replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs ?? 15_000,
  };
}

/** `refusedAs400`: Strava's OAuth endpoints answer 400 for a used code or a revoked refresh token. */
async function call(
  session: StravaSession,
  url: string,
  init: RequestInit,
  refusedAs400 = false,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(session.timeoutMs) });
  } catch {
    throw new ProviderError('unavailable', 'Strava could not be reached');
  }
  if (response.ok) return response;
  const refusal = response.status === 403 ? applicationRefusal(await boundedText(response)) : undefined;
  await response.body?.cancel().catch(() => undefined);
  if (refusal)
    throw new ProviderError('application_refused', "Strava refuses the club's application", { refusal });
  if (response.status === 401 || (refusedAs400 && response.status === 400))
    throw new ProviderError('unauthorized', 'Strava refused the authorization');
  if (response.status === 404) throw new ProviderError('not_found', 'No such activity at Strava');
  if (response.status === 429)
    throw new ProviderError('rate_limited', "Strava's rate limit is reached", {
      retryAfterSeconds: stravaRetryAfterSeconds(response.headers),
    });
  throw new ProviderError('unavailable', `Strava answered ${response.status}`);
}

/** At most the first 4 KB of an error's body (its JSON is a few lines), within the call's own time limit. */
async function boundedText(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < 4096) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body cut short says nothing more.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, 4096);
}

/**
 * A 403 about the application rather than the athlete: `{"errors":[{"resource":"Application","field":"Status",
 * "code":"Inactive"}]}` since Strava's 2026 programme (the owner's subscription lapsed, or the application not
 * reviewed), or "Limit of connected athletes exceeded" (10 on the Standard tier).
 */
export function applicationRefusal(body: string): ApplicationRefusal | undefined {
  if (/connected athletes/i.test(body) || /athlete\s*limit/i.test(body)) return 'athlete_limit';
  // Not any "Application" error: before 2019 Strava answered its rate limit as 403 with that resource too.
  if (/"resource"\s*:\s*"Application"/i.test(body) && /"code"\s*:\s*"Inactive"/i.test(body))
    return 'inactive';
  return undefined;
}

async function json<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ProviderError('unavailable', 'Strava answered an unexpected shape');
  return parsed.data;
}

const tokens = (answer: z.infer<typeof tokenSchema>): ProviderTokens => ({
  accessToken: answer.access_token,
  refreshToken: answer.refresh_token,
  expiresAt: new Date(answer.expires_at * 1000),
});

function tokenRequest(session: StravaSession, parameters: Record<string, string>): Promise<Response> {
  const body = new URLSearchParams({
    client_id: session.options.clientId,
    client_secret: session.options.clientSecret,
    ...parameters,
  });
  return call(session, `${session.oauthUrl}/token`, { method: 'POST', body }, true);
}

function api(session: StravaSession, path: string, accessToken: string): Promise<Response> {
  return call(session, `${session.apiUrl}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
}

function authorizeUrl(session: StravaSession, state: string, redirectUri: string): string {
  const query = new URLSearchParams({
    client_id: session.options.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    approval_prompt: 'auto',
    scope: SCOPE,
    state,
  });
  return `${session.oauthUrl}/authorize?${query}`;
}

async function exchangeCode(session: StravaSession, code: string): Promise<AuthorizedConnection> {
  const answer = await json(
    await tokenRequest(session, { code, grant_type: 'authorization_code' }),
    exchangeSchema,
  );
  return { ...tokens(answer), athleteId: String(answer.athlete.id) };
}

async function refresh(session: StravaSession, refreshToken: string): Promise<ProviderTokens> {
  return tokens(
    await json(
      await tokenRequest(session, { refresh_token: refreshToken, grant_type: 'refresh_token' }),
      tokenSchema,
    ),
  );
}

async function listRides(
  session: StravaSession,
  accessToken: string,
  { after, before }: { after: Date; before: Date },
): Promise<ActivitySummary[]> {
  const query = new URLSearchParams({
    after: String(Math.floor(after.getTime() / 1000)),
    before: String(Math.ceil(before.getTime() / 1000)),
    per_page: '100',
    page: '1',
  });
  const activities = await json(
    await api(session, `/athlete/activities?${query}`, accessToken),
    z.array(activitySchema),
  );
  return activities
    .filter(isRide)
    .map((entry) => ({
      id: String(entry.id),
      name: entry.name,
      start: new Date(entry.start_date).toISOString(),
      distanceKm: Math.round(entry.distance / 100) / 10,
      climbM: Math.round(entry.total_elevation_gain),
    }))
    .sort((a, b) => b.start.localeCompare(a.start));
}

async function fetchPoints(
  session: StravaSession,
  accessToken: string,
  activityId: string,
): Promise<ActivityPoints> {
  const path = `/activities/${encodeURIComponent(activityId)}`;
  const detail = await json(await api(session, path, accessToken), activitySchema);
  if (!isRide(detail)) throw new ProviderError('not_a_ride', 'The activity is not a ride');
  const query = new URLSearchParams({ keys: 'latlng,altitude,time', key_by_type: 'true' });
  const streams = await json(await api(session, `${path}/streams?${query}`, accessToken), streamsSchema);
  return { name: detail.name, points: streamsToPoints(streams, Date.parse(detail.start_date)) };
}

async function revoke(session: StravaSession, accessToken: string): Promise<void> {
  await call(session, `${session.oauthUrl}/deauthorize`, {
    method: 'POST',
    body: new URLSearchParams({ access_token: accessToken }),
  });
}

export function createStravaClient(options: StravaOptions): ActivityProviderClient {
  const session = stravaSession(options);
  return {
    id: 'strava',
    scope: SCOPE,
    authorizeUrl: ({ state, redirectUri }) => authorizeUrl(session, state, redirectUri),
    grantsEnough(grantedScope) {
      const granted = grantedScope.split(/[,\s]+/);
      return granted.includes('activity:read_all') || granted.includes('activity:read');
    },
    exchangeCode: (code) => exchangeCode(session, code),
    refresh: (refreshToken) => refresh(session, refreshToken),
    listRides: (accessToken, range) => listRides(session, accessToken, range),
    fetchPoints: (accessToken, activityId) => fetchPoints(session, accessToken, activityId),
    revoke: (accessToken) => revoke(session, accessToken),
  };
}
