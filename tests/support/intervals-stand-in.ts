/**
 * A stand-in for intervals.icu's OAuth and API v1, answering as its documentation describes them (forum posts
 * "Intervals.icu OAuth support" and "API access to Intervals.icu", intervals.icu/api-docs.html): the authorization
 * page (approves the asked scopes at once, or declines with `error=access_denied`), `POST /api/oauth/token` with
 * form data answering the token, the granted scope and the athlete, `GET /api/v1/athlete/{id}/activities?oldest=
 * &newest=` (athlete `0` is the token's own; local days, newest first; activities from Strava listed with
 * `source: "STRAVA"` and no data), `GET /api/v1/activity/{id}` and its `streams.json?types=` (`latlng` as `data`
 * latitudes and `data2` longitudes). A test can make the next API call answer 429, 404 or 500. Tests point
 * INTERVALS_URL at `url`.
 */
import crypto from 'node:crypto';
import type { TrackPoint } from '../../domain/track/analyse.ts';
import { type RecordedRequest, type StandInReply, startHttpStandIn } from './http-stand-in.ts';

export const INTERVALS_STAND_IN_CLIENT = { id: '77', secret: 'intervals-stand-in-secret' };

export interface StandInIntervalsActivity {
  id: string;
  name: string;
  /** intervals.icu's type, e.g. `Ride`, `VirtualRide`, `Run`. */
  type: string;
  points: readonly TrackPoint[];
  /** `STRAVA` for an activity that came from Strava: listed, never readable. */
  source?: string;
}

export interface IntervalsStandIn {
  url: string;
  requests: RecordedRequest[];
  everyAthlete(activities: () => StandInIntervalsActivity[]): void;
  /** The next authorization page declines, or grants only this scope. */
  nextAuthorization(answer: { decline?: boolean; scope?: string }): void;
  failNext(reply: StandInReply): void;
  deleteActivity(activityId: string): void;
  issuedTokens(): string[];
  close(): Promise<void>;
}

const json = (body: unknown, status = 200): StandInReply => ({ status, body });
const accessDenied = json({ status: 401, error: 'Access denied' }, 401);
const notFound = json({ status: 404, error: 'Not found' }, 404);

function activitySummary(activity: StandInIntervalsActivity) {
  if (activity.source === 'STRAVA')
    return {
      id: activity.id,
      source: 'STRAVA',
      start_date_local: new Date(activity.points[0]?.time ?? 0).toISOString().slice(0, 19),
      _note: 'STRAVA activities are not available via the API',
    };
  return {
    id: activity.id,
    name: activity.name,
    type: activity.type,
    source: 'GARMIN_CONNECT',
    start_date: new Date(activity.points[0]?.time ?? 0).toISOString().replace(/\.\d+Z$/, 'Z'),
    start_date_local: new Date(activity.points[0]?.time ?? 0).toISOString().slice(0, 19),
    distance: 1000 * activity.points.length,
    total_elevation_gain: 100,
  };
}

function streams(activity: StandInIntervalsActivity, types: string[]) {
  const start = activity.points[0]?.time ?? 0;
  const all = [
    {
      type: 'latlng',
      data: activity.points.map((point) => point.lat),
      data2: activity.points.map((point) => point.lon),
    },
    {
      type: 'time',
      data: activity.points.map((point) => Math.round(((point.time ?? start) - start) / 1000)),
    },
    { type: 'altitude', data: activity.points.map((point) => point.ele) },
  ];
  return all.filter((stream) => types.includes(stream.type));
}

export async function startIntervalsStandIn(port = 0): Promise<IntervalsStandIn> {
  const http = await startHttpStandIn(port);
  const codes = new Map<string, { activities: StandInIntervalsActivity[]; scope: string }>();
  const tokens = new Map<string, StandInIntervalsActivity[]>();
  const issued: string[] = [];
  let newAthlete: () => StandInIntervalsActivity[] = () => [];
  let authorization: { decline?: boolean; scope?: string } = {};
  let failure: StandInReply | null = null;
  const deleted = new Set<string>();
  const token = () => crypto.randomBytes(16).toString('hex');

  function oauth(request: RecordedRequest): StandInReply {
    if (request.method === 'GET' && request.path === '/oauth/authorize') {
      const back = new URL(request.query.get('redirect_uri') ?? '');
      const state = request.query.get('state');
      if (authorization.decline) back.searchParams.set('error', 'access_denied');
      else {
        const code = token();
        codes.set(code, {
          activities: newAthlete(),
          scope: authorization.scope ?? request.query.get('scope') ?? '',
        });
        back.searchParams.set('code', code);
      }
      if (state !== null) back.searchParams.set('state', state);
      authorization = {};
      return { status: 302, headers: { location: back.toString() } };
    }
    if (request.method === 'POST' && request.path === '/api/oauth/token') {
      const form = new URLSearchParams(request.body);
      const granted = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (
        form.get('client_id') !== INTERVALS_STAND_IN_CLIENT.id ||
        form.get('client_secret') !== INTERVALS_STAND_IN_CLIENT.secret ||
        !granted
      )
        return json({ status: 400, error: 'invalid_grant' }, 400);
      const accessToken = token();
      tokens.set(accessToken, granted.activities);
      issued.push(accessToken);
      return json({
        token_type: 'Bearer',
        access_token: accessToken,
        scope: granted.scope,
        athlete: { id: `i${issued.length}`, name: 'Paul R.' },
      });
    }
    return notFound;
  }

  function api(request: RecordedRequest): StandInReply {
    if (failure) {
      const reply = failure;
      failure = null;
      return reply;
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const activities = tokens.get(bearer)?.filter((activity) => !deleted.has(activity.id));
    if (!activities) return accessDenied;
    if (request.method === 'GET' && request.path === '/api/v1/athlete/0/activities') {
      const oldest = request.query.get('oldest');
      const newest = request.query.get('newest');
      if (!oldest || !newest) return json({ status: 422, error: 'oldest and newest are required' }, 422);
      return json(
        activities
          .map(activitySummary)
          .filter(
            (entry) => entry.start_date_local >= oldest && entry.start_date_local.slice(0, 10) <= newest,
          )
          .sort((a, b) => b.start_date_local.localeCompare(a.start_date_local)),
      );
    }
    const match = /^\/api\/v1\/activity\/([^/]+?)(\/streams\.json)?$/.exec(request.path);
    const activity = match && activities.find((entry) => entry.id === match[1]);
    if (request.method !== 'GET' || !activity) return notFound;
    if (match[2]) {
      if (activity.source === 'STRAVA') return notFound;
      return json(streams(activity, request.query.get('types')?.split(',') ?? []));
    }
    return json(activitySummary(activity));
  }

  http.reset((request) => {
    if (request.path === '/ready') return json({ ready: true });
    return request.path.startsWith('/oauth/') || request.path.startsWith('/api/oauth/')
      ? oauth(request)
      : api(request);
  });

  return {
    url: http.url,
    requests: http.requests,
    everyAthlete(activities) {
      newAthlete = activities;
    },
    nextAuthorization(answer) {
      authorization = answer;
    },
    failNext(reply) {
      failure = reply;
    },
    deleteActivity(activityId) {
      deleted.add(activityId);
    },
    issuedTokens: () => [...issued],
    close: () => http.close(),
  };
}
