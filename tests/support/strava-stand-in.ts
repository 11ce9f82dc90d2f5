/**
 * A stand-in for Strava's OAuth and API v3 endpoints, answering as Strava documents them
 * (developers.strava.com): the authorization page (which approves at once, or declines), the token exchange and
 * refresh, the deauthorization, the athlete's activities, an activity and its streams keyed by type. Access
 * tokens expire (401 after), and a test can make the next API call answer 429 with the rate-limit headers, 404
 * or 500. Tests point STRAVA_OAUTH_URL and STRAVA_API_URL at `oauthUrl` and `apiUrl`.
 */
import crypto from 'node:crypto';
import type { TrackPoint } from '../../domain/track/analyse.ts';
import {
  type HttpStandIn,
  type RecordedRequest,
  type StandInReply,
  startHttpStandIn,
} from './http-stand-in.ts';

export const STRAVA_STAND_IN_CLIENT = { id: '4242', secret: 'stand-in-client-secret' };

export interface StandInActivity {
  id: number;
  name: string;
  sport_type: string;
  points: readonly TrackPoint[];
  /** When the activity is private to the athlete (listed and readable with `activity:read_all`). */
  private?: boolean;
}

interface Athlete {
  id: number;
  activities: StandInActivity[];
}

interface Token {
  athleteId: number;
  expiresAt: number;
}

export interface StravaStandIn {
  url: string;
  oauthUrl: string;
  apiUrl: string;
  requests: RecordedRequest[];
  /** The athlete the next authorization is for, with their activities. */
  nextAthlete(athlete: Athlete): void;
  /** Each authorization without a `nextAthlete` is for a new athlete with these activities. */
  everyAthlete(activities: () => StandInActivity[]): void;
  /** The next authorization page declines (the rider pressed "Cancel") or grants only this scope. */
  nextAuthorization(answer: { decline?: boolean; scope?: string }): void;
  /** The next API call (not OAuth) answers this instead. */
  failNext(reply: StandInReply): void;
  /**
   * Strava refuses the club's application from now on, on every call (token exchange included), as it does for
   * an inactive application or one at its athlete limit; null accepts it again.
   */
  refuseApplication(reply: StandInReply | null): void;
  /** Lifetime of the access tokens handed out from now on, in seconds (Strava's is six hours). */
  tokenLifetime(seconds: number): void;
  /** The athlete removes the site from their Strava settings: every token of theirs stops working. */
  revokeAthlete(athleteId: number): void;
  /** Every access token given so far, to look for them where they must not be. */
  issuedTokens(): string[];
  close(): Promise<void>;
}

const json = (body: unknown, status = 200): StandInReply => ({ status, body });
const authorizationError = json(
  {
    message: 'Authorization Error',
    errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }],
  },
  401,
);
const notFound = json(
  { message: 'Record Not Found', errors: [{ resource: 'Activity', field: 'id', code: 'invalid' }] },
  404,
);

/** Strava's answer since its 2026 programme to an application whose owner has no subscription. */
export const STRAVA_APPLICATION_INACTIVE: StandInReply = json(
  { message: 'Forbidden', errors: [{ resource: 'Application', field: 'Status', code: 'Inactive' }] },
  403,
);

/** Strava's answer to an application at its limit of connected athletes (10 on the Standard tier). */
export const STRAVA_ATHLETE_LIMIT: StandInReply = json(
  {
    message: 'Limit of connected athletes exceeded',
    errors: [{ resource: 'Application', field: 'athletes', code: 'limit exceeded' }],
  },
  403,
);

export const STRAVA_RATE_LIMITED: StandInReply = {
  status: 429,
  headers: {
    'x-ratelimit-limit': '200,2000',
    'x-ratelimit-usage': '201,800',
    'x-readratelimit-limit': '100,1000',
    'x-readratelimit-usage': '101,700',
  },
  body: {
    message: 'Rate Limit Exceeded',
    errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
  },
};

function summary(activity: StandInActivity) {
  const points = activity.points;
  let distance = 0;
  let climb = 0;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const dy = (b.lat - a.lat) * 111_195;
    const dx = (b.lon - a.lon) * 111_195 * Math.cos((a.lat * Math.PI) / 180);
    distance += Math.hypot(dx, dy);
    if (a.ele !== null && b.ele !== null && b.ele > a.ele) climb += b.ele - a.ele;
  }
  return {
    id: activity.id,
    resource_state: 2,
    name: activity.name,
    type: activity.sport_type,
    sport_type: activity.sport_type,
    private: activity.private ?? false,
    start_date: new Date(points[0]?.time ?? 0).toISOString(),
    distance: Math.round(distance * 10) / 10,
    total_elevation_gain: Math.round(climb * 10) / 10,
    moving_time: Math.round(((points.at(-1)?.time ?? 0) - (points[0]?.time ?? 0)) / 1000),
  };
}

function streams(activity: StandInActivity) {
  const start = activity.points[0]?.time ?? 0;
  const stream = (data: unknown[]) => ({
    data,
    series_type: 'distance',
    original_size: data.length,
    resolution: 'high',
  });
  return {
    latlng: stream(activity.points.map((point) => [point.lat, point.lon])),
    altitude: stream(activity.points.map((point) => point.ele ?? 0)),
    time: stream(activity.points.map((point) => Math.round(((point.time ?? start) - start) / 1000))),
  };
}

export async function startStravaStandIn(port = 0): Promise<StravaStandIn> {
  const http: HttpStandIn = await startHttpStandIn(port);
  const codes = new Map<string, Athlete>();
  const accessTokens = new Map<string, Token>();
  const refreshTokens = new Map<string, number>();
  const athletes = new Map<number, Athlete>();
  let athlete: Athlete | null = null;
  let newAthlete: () => StandInActivity[] = () => [];
  let athleteCount = 0;
  let authorization: { decline?: boolean; scope?: string } = {};
  let failure: StandInReply | null = null;
  let refusal: StandInReply | null = null;
  let lifetimeS = 6 * 60 * 60;
  const issued: string[] = [];

  const token = () => crypto.randomBytes(20).toString('hex');
  function tokenPair(athleteId: number) {
    const accessToken = token();
    const refreshToken = token();
    const expiresAt = Math.floor(Date.now() / 1000) + lifetimeS;
    accessTokens.set(accessToken, { athleteId, expiresAt });
    issued.push(accessToken, refreshToken);
    refreshTokens.set(refreshToken, athleteId);
    return {
      token_type: 'Bearer',
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_at: expiresAt,
      expires_in: lifetimeS,
    };
  }

  function revoke(athleteId: number) {
    for (const [key, value] of accessTokens) if (value.athleteId === athleteId) accessTokens.delete(key);
    for (const [key, value] of refreshTokens) if (value === athleteId) refreshTokens.delete(key);
  }

  function oauth(request: RecordedRequest): StandInReply {
    if (request.method === 'GET' && request.path === '/oauth/authorize') {
      const back = new URL(request.query.get('redirect_uri') ?? '');
      back.searchParams.set('state', request.query.get('state') ?? '');
      if (authorization.decline) {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = token();
        codes.set(code, athlete ?? { id: 900_000 + (athleteCount += 1), activities: newAthlete() });
        athlete = null;
        back.searchParams.set('code', code);
        back.searchParams.set('scope', authorization.scope ?? 'read,activity:read_all');
      }
      authorization = {};
      return { status: 302, headers: { location: back.toString() } };
    }
    const form = new URLSearchParams(request.body);
    if (refusal && request.path === '/oauth/token') return refusal;
    if (request.method === 'POST' && request.path === '/oauth/token') {
      if (
        form.get('client_id') !== STRAVA_STAND_IN_CLIENT.id ||
        form.get('client_secret') !== STRAVA_STAND_IN_CLIENT.secret
      )
        return json(
          {
            message: 'Bad Request',
            errors: [{ resource: 'Application', field: 'client_id', code: 'invalid' }],
          },
          400,
        );
      if (form.get('grant_type') === 'authorization_code') {
        const owner = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!owner)
          return json(
            {
              message: 'Bad Request',
              errors: [{ resource: 'AuthorizationCode', field: 'code', code: 'invalid' }],
            },
            400,
          );
        athletes.set(owner.id, owner);
        return json({
          ...tokenPair(owner.id),
          athlete: { id: owner.id, resource_state: 2, firstname: 'Paul', lastname: 'R.' },
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        const owner = refreshTokens.get(form.get('refresh_token') ?? '');
        if (owner === undefined)
          return json(
            {
              message: 'Bad Request',
              errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }],
            },
            400,
          );
        refreshTokens.delete(form.get('refresh_token')!);
        return json(tokenPair(owner));
      }
    }
    if (request.method === 'POST' && request.path === '/oauth/deauthorize') {
      const given = accessTokens.get(form.get('access_token') ?? '');
      if (!given) return authorizationError;
      revoke(given.athleteId);
      return json({ access_token: form.get('access_token') });
    }
    return json({ message: 'Record Not Found' }, 404);
  }

  function api(request: RecordedRequest): StandInReply {
    if (refusal) return refusal;
    if (failure) {
      const reply = failure;
      failure = null;
      return reply;
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const given = accessTokens.get(bearer);
    if (!given || given.expiresAt * 1000 <= Date.now()) return authorizationError;
    const owner = athletes.get(given.athleteId)!;
    const path = request.path.replace(/^\/api\/v3/, '');
    if (request.method === 'GET' && path === '/athlete/activities') {
      const after = Number(request.query.get('after') ?? 0) * 1000;
      const before = Number(request.query.get('before') ?? Number.MAX_SAFE_INTEGER / 1000) * 1000;
      return json(
        owner.activities
          .filter((activity) => {
            const start = activity.points[0]?.time ?? 0;
            return start > after && start < before;
          })
          .map(summary),
      );
    }
    const match = /^\/activities\/(\d+)(\/streams)?$/.exec(path);
    const activity = match && owner.activities.find((entry) => String(entry.id) === match[1]);
    if (request.method !== 'GET' || !activity) return notFound;
    if (match[2]) {
      const keys = request.query.get('keys')?.split(',') ?? [];
      if (request.query.get('key_by_type') !== 'true' || !keys.includes('latlng'))
        return json({ message: 'Bad Request' }, 400);
      return json(streams(activity));
    }
    return json({ ...summary(activity), resource_state: 3 });
  }

  http.reset((request) => {
    if (request.path === '/ready') return json({ ready: true });
    return request.path.startsWith('/oauth/') ? oauth(request) : api(request);
  });

  return {
    url: http.url,
    oauthUrl: `${http.url}/oauth`,
    apiUrl: `${http.url}/api/v3`,
    requests: http.requests,
    nextAthlete(next) {
      athlete = next;
      athletes.set(next.id, next);
    },
    everyAthlete(activities) {
      newAthlete = activities;
    },
    nextAuthorization(answer) {
      authorization = answer;
    },
    refuseApplication(reply) {
      refusal = reply;
    },
    failNext(reply) {
      failure = reply;
    },
    revokeAthlete: revoke,
    tokenLifetime(seconds) {
      lifetimeS = seconds;
    },
    issuedTokens: () => [...issued],
    close: () => http.close(),
  };
}
