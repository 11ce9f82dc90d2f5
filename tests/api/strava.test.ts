/**
 * Strava, against a stand-in of its OAuth and API endpoints (tests/support/strava-stand-in.ts): the connection
 * bound to the session, the rides of some days, the check and the attachment of one, the refresh of an expired
 * token, Strava's refusals (401, 404, 429, down), the disconnection and the account's deletion; the tokens never
 * in a log, an answer or the database in clear. Off when not configured.
 */
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../domain/schemas/track.ts';
import {
  activityConnections,
  activityServiceRefusals,
  candidateTracks,
  oauthStates,
} from '../../server/db/schema/index.ts';
import { createLogger } from '../../server/logging.ts';
import { hashToken } from '../../server/services/accounts/tokens.ts';
import { paidOrder } from '../support/registrations.ts';
import { cingleRide, Ride } from '../support/rides.ts';
import {
  STRAVA_APPLICATION_INACTIVE,
  STRAVA_ATHLETE_LIMIT,
  STRAVA_RATE_LIMITED,
  STRAVA_STAND_IN_CLIENT,
  type StravaStandIn,
  startStravaStandIn,
} from '../support/strava-stand-in.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { toGpx } from '../support/track-files.ts';
import { applicationRefusal, stravaRetryAfterSeconds } from '../../server/activities/strava.ts';
import { REFUSAL_HOLD_MS } from '../../server/services/rides/activity-service-refusals.ts';
import { PASSWORD, signedInAdmin, signedInStaff, signedInUser } from '../support/users.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

const CINGLE = {
  id: 16_000_000_001,
  name: 'Trois fois le Géant',
  sport_type: 'Ride',
  points: cingleRide('2026-07-14T04:00:00Z', { sampleS: 20 }).points,
};
const BEDOIN = {
  id: 16_000_000_002,
  name: 'Bédoin <seul>',
  sport_type: 'Ride',
  private: true,
  points: new Ride('2026-07-12T05:00:00Z', { sampleS: 20 }).climb('bedoin').points,
};
const RUN = {
  id: 16_000_000_003,
  name: 'Footing',
  sport_type: 'Run',
  points: new Ride('2026-07-13T05:00:00Z', { sampleS: 60 }).climb('bedoin', { toKm: 3 }).points,
};
const VIRTUAL = { id: 16_000_000_004, name: 'Zwift', sport_type: 'VirtualRide', points: RUN.points };
/** A route given times by a generator (one speed throughout) and uploaded to Strava as a ride. */
const GENERATED = {
  id: 16_000_000_005,
  name: 'Ventoux (route)',
  sport_type: 'Ride',
  points: cingleRide('2026-07-16T04:00:00Z', { sampleS: 20, pacing: 'constant' }).points,
};

let t: TestApp;
let strava: StravaStandIn;
const logLines: string[] = [];
let athleteIds = 100;

beforeAll(async () => {
  strava = await startStravaStandIn();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createTestApp(
    {
      STRAVA_CLIENT_ID: STRAVA_STAND_IN_CLIENT.id,
      STRAVA_CLIENT_SECRET: STRAVA_STAND_IN_CLIENT.secret,
      STRAVA_OAUTH_URL: strava.oauthUrl,
      STRAVA_API_URL: strava.apiUrl,
      // Every rider of the file signs in from the same address.
      RATE_LIMIT_IP_FACTOR: '50',
    },
    { log: createLogger('trace', sink) },
  );
});
afterAll(async () => {
  await t?.close();
  await strava?.close();
});
beforeEach(() => {
  strava.tokenLifetime(6 * 60 * 60);
});

/** A signed-in rider whose Strava account holds the given activities, connected through the whole OAuth round trip. */
async function connectedRider(activities = [CINGLE, BEDOIN, RUN, VIRTUAL]): Promise<User> {
  const rider = await signedInUser(t);
  strava.nextAthlete({ id: (athleteIds += 1), activities });
  const location = await connect(rider, '/gb/track-check');
  expect(location).toBe('/gb/track-check?strava=connected');
  return rider;
}

/** Follows connect → Strava's page → the callback; answers where the rider lands. */
async function connect(rider: User, returnTo: string, callbackAuth = rider.auth): Promise<string> {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/strava/connect?return_to=${encodeURIComponent(returnTo)}`,
    headers: rider.auth,
  });
  expect(start.statusCode).toBe(302);
  const authorize = await fetch(start.headers.location as string, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${t.config.publicUrl}/api/strava/callback`);
  const callback = await t.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: callbackAuth,
  });
  expect(callback.statusCode).toBe(303);
  return callback.headers.location as string;
}

/** The rider's stored Strava connection: one row, or none. */
const connectionRows = (rider: { id: number }) =>
  t.db.select().from(activityConnections).where(eq(activityConnections.userId, rider.id));

const get = (rider: User, url: string) => t.app.inject({ method: 'GET', url, headers: rider.auth });
const post = (rider: User, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: rider.auth, ...(payload ? { payload } : {}) });

describe('connecting', () => {
  it('sends the rider to Strava with the documented parameters and the least scope that reads private rides', async () => {
    const rider = await signedInUser(t);
    const response = await get(rider, '/api/strava/connect?return_to=/de/account');
    expect(response.statusCode).toBe(302);
    const url = new URL(response.headers.location as string);
    expect(url.origin + url.pathname).toBe(`${strava.oauthUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: STRAVA_STAND_IN_CLIENT.id,
      redirect_uri: `${t.config.publicUrl}/api/strava/callback`,
      response_type: 'code',
      scope: 'activity:read_all',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  });

  it('answers 401 signed out, and keeps only a path of the site to come back to', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/strava/connect' })).statusCode).toBe(401);
    const rider = await signedInUser(t);
    strava.nextAthlete({ id: (athleteIds += 1), activities: [] });
    expect(await connect(rider, 'https://evil.example/steal')).toBe('/fr/account?strava=connected');
  });

  it('refuses a forged state, a state from another session, and a state used twice, without asking Strava', async () => {
    const rider = await signedInUser(t);
    const forged = await get(
      rider,
      '/api/strava/callback?state=forged&code=whatever&scope=activity:read_all',
    );
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe('/fr/account?strava=invalid');

    // The state started by the rider, brought back by someone else's session.
    const other = await signedInUser(t);
    strava.nextAthlete({ id: (athleteIds += 1), activities: [] });
    strava.requests.length = 0;
    expect(await connect(rider, '/gb/account', other.auth)).toBe('/fr/account?strava=invalid');
    expect(strava.requests.some((request) => request.path === '/oauth/token')).toBe(false);
    expect(await connectionRows(other)).toEqual([]);

    // Replayed: the state served once.
    const start = await get(rider, '/api/strava/connect?return_to=/gb/account');
    const back = new URL(
      (await fetch(start.headers.location as string, { redirect: 'manual' })).headers.get('location')!,
    );
    const first = await get(rider, back.pathname + back.search);
    expect(first.headers.location).toBe('/gb/account?strava=connected');
    const replay = await get(rider, back.pathname + back.search);
    expect(replay.headers.location).toBe('/fr/account?strava=invalid');
    const stateHash = hashToken(back.searchParams.get('state')!);
    expect(await t.db.select().from(oauthStates).where(eq(oauthStates.stateHash, stateHash))).toEqual([]);
  });

  it('says so when the rider declines or unticks the reading of activities', async () => {
    const rider = await signedInUser(t);
    strava.nextAuthorization({ decline: true });
    expect(await connect(rider, '/it/track-check')).toBe('/it/track-check?strava=denied');
    strava.nextAuthorization({ scope: 'read' });
    expect(await connect(rider, '/it/track-check')).toBe('/it/track-check?strava=scope');
    expect((await get(rider, '/api/strava/activities')).json()).toMatchObject({
      error: { code: 'not_connected' },
    });
  });

  it('keeps the tokens encrypted: not in the database in clear, not in an answer, not in a log', async () => {
    const rider = await connectedRider();
    await get(rider, '/api/strava/activities?after=2026-07-10&before=2026-07-20');
    const [row] = await connectionRows(rider);
    expect(row!.accessToken.length).toBeGreaterThan(29);
    const tokens = strava.issuedTokens();
    expect(tokens.length).toBeGreaterThan(0);
    const stored = Buffer.concat([Buffer.from(row!.accessToken), Buffer.from(row!.refreshToken)]).toString(
      'latin1',
    );
    const answers = [
      (await get(rider, '/api/strava/activities?after=2026-07-10&before=2026-07-20')).body,
      (await post(rider, `/api/strava/activities/${CINGLE.id}/check`)).body,
      (await get(rider, '/api/me')).body,
    ].join('\n');
    const log = logLines.join('');
    for (const token of tokens) {
      expect(stored).not.toContain(token);
      expect(answers).not.toContain(token);
      expect(log).not.toContain(token);
    }
    expect(log).not.toContain(STRAVA_STAND_IN_CLIENT.secret);
  });
});

describe('the rides', () => {
  it('lists the rides of the chosen days, newest first, without runs or virtual rides', async () => {
    const rider = await connectedRider();
    const response = await get(rider, '/api/strava/activities?after=2026-07-10&before=2026-07-20');
    expect(response.statusCode).toBe(200);
    const rides =
      response.json<{ id: string; name: string; start: string; distance_km: number; climb_m: number }[]>();
    expect(rides.map((ride) => ride.id)).toEqual([String(CINGLE.id), String(BEDOIN.id)]);
    expect(rides[0]).toMatchObject({ name: CINGLE.name, start: '2026-07-14T04:00:00.000Z' });
    expect(rides[0]!.distance_km).toBeGreaterThan(80);
    expect(rides[0]!.climb_m).toBeGreaterThan(4000);

    // Days are the club's: the 14th in Paris runs from 22:00 UTC on the 13th.
    const oneDay = (await get(rider, '/api/strava/activities?after=2026-07-14&before=2026-07-14')).json<
      { id: string }[]
    >();
    expect(oneDay.map((ride) => ride.id)).toEqual([String(CINGLE.id)]);
    const query = strava.requests
      .filter((request) => request.path === '/api/v3/athlete/activities')
      .at(-1)!.query;
    expect(query.get('after')).toBe(String(Date.parse('2026-07-13T22:00:00Z') / 1000));
    expect(query.get('before')).toBe(String(Date.parse('2026-07-14T22:00:00Z') / 1000));
  });

  it('refuses days that are not days, in the wrong order, or too many at once', async () => {
    const rider = await connectedRider([]);
    for (const query of [
      'after=2026-02-30&before=2026-03-01',
      'after=2026-07-20&before=2026-07-10',
      'after=2026-01-01&before=2026-03-01',
      'after=2026-07-10',
    ]) {
      const response = await get(rider, `/api/strava/activities?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'validation' } });
    }
  });

  it('checks a ride exactly as a file, private ones included', async () => {
    const rider = await connectedRider();
    const response = await post(rider, `/api/strava/activities/${CINGLE.id}/check`);
    expect(response.statusCode).toBe(200);
    const analysis = response.json<TrackAnalysis>();
    expect(analysis).toMatchObject({
      format: 'gpx',
      timed: true,
      day: '2026-07-14',
      points: CINGLE.points.length,
    });
    expect(analysis.ascents.map((ascent) => ascent.road)).toEqual(['bedoin', 'malaucene', 'sault']);
    expect(analysis.verdict.cingle).toBe('complete');
    expect(analysis.missing).toEqual({
      cingle: [],
      galerien: ['forest'],
      bicingle: ['bedoin', 'malaucene', 'sault'],
    });
    const bedoin = (await post(rider, `/api/strava/activities/${BEDOIN.id}/check`)).json<TrackAnalysis>();
    expect(bedoin.ascents.map((ascent) => ascent.road)).toEqual(['bedoin']);
    expect(bedoin.missing).toEqual({
      cingle: ['malaucene', 'sault'],
      galerien: ['malaucene', 'sault', 'forest'],
      bicingle: ['bedoin', 'malaucene', 'malaucene', 'sault', 'sault'],
    });
    expect(strava.requests.find((request) => request.path.endsWith('/streams'))!.query.get('keys')).toBe(
      'latlng,altitude,time',
    );
  });

  it("answers 404 for another athlete's or a deleted activity, 422 for a run, 400 for an id that is not one", async () => {
    const rider = await connectedRider([CINGLE, RUN]);
    expect((await post(rider, `/api/strava/activities/${BEDOIN.id}/check`)).json()).toMatchObject({
      error: { code: 'strava_activity_not_found' },
    });
    expect((await post(rider, `/api/strava/activities/${RUN.id}/check`)).statusCode).toBe(422);
    for (const id of ['abc', '-1', '1e5', '123456789012345678901'])
      expect((await post(rider, `/api/strava/activities/${id}/check`)).statusCode, id).toBe(400);
  });

  it('answers 409 not_connected to a rider without a connection, 401 signed out', async () => {
    const rider = await signedInUser(t);
    for (const response of [
      await get(rider, '/api/strava/activities'),
      await post(rider, `/api/strava/activities/${CINGLE.id}/check`),
      await t.app.inject({ method: 'DELETE', url: '/api/strava', headers: rider.auth }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'not_connected' } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/strava/activities' })).statusCode).toBe(401);
  });
});

describe('tokens and refusals', () => {
  it('refreshes a token about to expire before using it, and an expired one Strava refuses with 401', async () => {
    strava.tokenLifetime(60);
    const rider = await connectedRider();
    strava.tokenLifetime(6 * 60 * 60);
    strava.requests.length = 0;
    expect((await get(rider, '/api/strava/activities?after=2026-07-10&before=2026-07-20')).statusCode).toBe(
      200,
    );
    expect(strava.requests.map((request) => request.path)).toEqual([
      '/oauth/token',
      '/api/v3/athlete/activities',
    ]);
    expect(new URLSearchParams(strava.requests[0]!.body).get('grant_type')).toBe('refresh_token');

    // Strava says 401 although the token looked valid here (revoked by a refresh elsewhere): refresh, then retry.
    strava.failNext({ status: 401, body: { message: 'Authorization Error' } });
    strava.requests.length = 0;
    expect((await get(rider, '/api/strava/activities?after=2026-07-10&before=2026-07-20')).statusCode).toBe(
      200,
    );
    expect(strava.requests.map((request) => request.path)).toEqual([
      '/api/v3/athlete/activities',
      '/oauth/token',
      '/api/v3/athlete/activities',
    ]);
  });

  it('forgets a connection the rider revoked at Strava, and says so', async () => {
    const rider = await connectedRider();
    strava.revokeAthlete(athleteIds);
    const response = await get(rider, '/api/strava/activities?after=2026-07-10&before=2026-07-20');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'strava_revoked' } });
    expect(await connectionRows(rider)).toEqual([]);
  });

  it('asks to connect again when the tokens no longer open (the key was replaced), and still deletes the account', async () => {
    const rider = await connectedRider();
    const [row] = await connectionRows(rider);
    const damaged = Buffer.from(row!.accessToken);
    damaged[damaged.length - 1]! ^= 1;
    await t.db
      .update(activityConnections)
      .set({ accessToken: damaged, refreshToken: damaged })
      .where(eq(activityConnections.userId, rider.id));
    const response = await get(rider, '/api/strava/activities?after=2026-07-10&before=2026-07-20');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'strava_revoked' } });

    const other = await connectedRider();
    await t.db
      .update(activityConnections)
      .set({ accessToken: damaged })
      .where(eq(activityConnections.userId, other.id));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: other.auth,
      payload: { current_password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('says Strava cannot be reached when it fails, and the upload of a file stays open', async () => {
    const rider = await connectedRider();
    strava.failNext({ status: 500, body: { message: 'Internal Error' } });
    const response = await post(rider, `/api/strava/activities/${CINGLE.id}/check`);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'strava_unavailable' } });
    expect(response.body).not.toContain('Internal Error');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/track-checks',
      headers: { 'content-type': 'application/gpx+xml' },
      payload: toGpx(CINGLE.points),
    });
    expect(upload.statusCode).toBe(200);
  });
});

describe('attaching a ride from Strava', () => {
  it('stores it as the GPX the check reads, with Strava and the activity as its source', async () => {
    const rider = await connectedRider();
    const order = await paidOrder(t, rider);
    const candidate = order.candidats[0]!;
    const response = await post(rider, `/api/candidates/${candidate.id}/track`, {
      strava_activity_id: String(CINGLE.id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      candidate_id: candidate.id,
      format: 'gpx',
      source: 'strava',
      activity_id: String(CINGLE.id),
      analysis: { verdict: { cingle: 'complete' }, missing: { cingle: [], galerien: ['forest'] } },
    });
    const [stored] = await t.db
      .select()
      .from(candidateTracks)
      .where(eq(candidateTracks.candidateId, candidate.id));
    const gpx = zlib.gunzipSync(stored!.fileGz).toString('utf8');
    expect(gpx).toContain('<name>Trois fois le Géant</name>');
    expect((await get(rider, `/api/candidates/${candidate.id}/track`)).json()).toMatchObject({
      source: 'strava',
    });

    // An upload replaces it, and says so.
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${candidate.id}/track`,
      headers: { ...rider.auth, 'content-type': 'application/gpx+xml' },
      payload: toGpx(BEDOIN.points),
    });
    expect(upload.json()).toMatchObject({
      source: 'upload',
      activity_id: null,
      analysis: { missing: { cingle: ['malaucene', 'sault'] } },
    });
  });

  it('flags a generated ride, and the same ride attached from Strava and as a file to two registrations', async () => {
    const rider = await connectedRider([GENERATED]);
    const checked = (await post(rider, `/api/strava/activities/${GENERATED.id}/check`)).json<TrackAnalysis>();
    expect(checked.flags).toEqual([expect.objectContaining({ code: 'synthetic_timing' })]);
    expect(checked.verdict.cingle).toBe('complete');

    const fromFile = (await paidOrder(t, rider)).candidats[0]!;
    const fromStrava = (await paidOrder(t, rider)).candidats[0]!;
    await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${fromFile.id}/track`,
      headers: { ...rider.auth, 'content-type': 'application/gpx+xml' },
      payload: toGpx(GENERATED.points),
    });
    const attached = await post(rider, `/api/candidates/${fromStrava.id}/track`, {
      strava_activity_id: String(GENERATED.id),
    });
    expect(attached.json().analysis.flags).toEqual([
      expect.objectContaining({ code: 'synthetic_timing' }),
      { code: 'duplicate_track', reference: fromFile.reference },
    ]);
  });

  it("answers 404 for someone else's registration without asking Strava, 400 for an id that is not one", async () => {
    const owner = await signedInUser(t);
    const order = await paidOrder(t, owner);
    const rider = await connectedRider();
    strava.requests.length = 0;
    const response = await post(rider, `/api/candidates/${order.candidats[0]!.id}/track`, {
      strava_activity_id: CINGLE.id,
    });
    expect(response.statusCode).toBe(404);
    expect(strava.requests).toEqual([]);
    const bad = await post(rider, `/api/candidates/${order.candidats[0]!.id}/track`, {
      strava_activity_id: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { fields: { strava_activity_id: 'validation:activity_id_invalid' } },
    });
  });
});

describe('disconnecting', () => {
  it('revokes the authorization at Strava and deletes the tokens', async () => {
    const rider = await connectedRider();
    strava.requests.length = 0;
    const response = await t.app.inject({ method: 'DELETE', url: '/api/strava', headers: rider.auth });
    expect(response.statusCode).toBe(204);
    expect(strava.requests.map((request) => request.path)).toEqual(['/oauth/deauthorize']);
    expect(await connectionRows(rider)).toEqual([]);
    expect((await get(rider, '/api/strava/activities')).json()).toMatchObject({
      error: { code: 'not_connected' },
    });
  });

  it('still deletes the tokens when Strava cannot be reached', async () => {
    const rider = await connectedRider();
    // The revocation is an OAuth call, not an API one: make Strava's OAuth endpoint fail by expiring the token
    // and revoking the athlete, so that the refresh before the revocation is refused.
    strava.revokeAthlete(athleteIds);
    await t.db
      .update(activityConnections)
      .set({ expiresAt: new Date(0) })
      .where(eq(activityConnections.userId, rider.id));
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/strava', headers: rider.auth })).statusCode,
    ).toBe(204);
    expect(await connectionRows(rider)).toEqual([]);
  });

  it('happens with the deletion of the account', async () => {
    const rider = await connectedRider();
    strava.requests.length = 0;
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: rider.auth,
      payload: { current_password: PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect(strava.requests.map((request) => request.path)).toEqual(['/oauth/deauthorize']);
    expect(await connectionRows(rider)).toEqual([]);
  });
});

// Last: it closes the site's Strava budget for the rest of the file.
describe("Strava refusing the club's application (its 2026 programme)", () => {
  afterAll(async () => {
    strava.refuseApplication(null);
    await t.db.delete(activityServiceRefusals);
  });

  const dashboard = async (admin: Awaited<ReturnType<typeof signedInAdmin>>) => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.auth });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ activityRefusals: { provider: string; reason: string; since: string }[] }>();
  };

  it('tells the rider to upload the file, and every volunteer until Strava answers again', async () => {
    const rider = await connectedRider();
    const admin = await signedInAdmin(t);
    const desk = await signedInStaff(t, ['desk']);
    strava.refuseApplication(STRAVA_APPLICATION_INACTIVE);

    const refused = await get(rider, '/api/strava/activities?after=2026-07-10&before=2026-07-20');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: { code: 'strava_refused' } });
    expect(refused.body).not.toContain('Inactive');
    const [row] = await t.db.select().from(activityServiceRefusals);
    expect(row).toMatchObject({ provider: 'strava', reason: 'inactive' });
    // The first refusal's day stays; every volunteer sees it, whatever their roles.
    await post(rider, `/api/strava/activities/${CINGLE.id}/check`);
    for (const volunteer of [admin, desk])
      expect((await dashboard(volunteer)).activityRefusals).toEqual([
        { provider: 'strava', reason: 'inactive', since: row!.since.toISOString() },
      ]);

    // Meanwhile nobody is sent to Strava's own error page: connecting comes straight back with the reason.
    strava.requests.length = 0;
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/strava/connect?return_to=${encodeURIComponent('/fr/track-check')}`,
      headers: rider.auth,
    });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/fr/track-check?strava=unavailable');
    expect(strava.requests).toEqual([]);
    // An hour after the latest refusal, riders are sent to Strava again: the club may have renewed meanwhile.
    await t.db.update(activityServiceRefusals).set({ lastAt: new Date(Date.now() - REFUSAL_HOLD_MS - 1000) });
    const later = await t.app.inject({
      method: 'GET',
      url: `/api/strava/connect?return_to=${encodeURIComponent('/fr/track-check')}`,
      headers: rider.auth,
    });
    expect(later.headers.location).toMatch(/^https?:\/\/.*\/authorize\?/);

    strava.refuseApplication(null);
    const listed = await get(rider, '/api/strava/activities?after=2026-07-10&before=2026-07-20');
    expect(listed.statusCode, listed.body).toBe(200);
    expect((await dashboard(admin)).activityRefusals).toEqual([]);
  });

  it('brings a rider back from connecting with ?strava=unavailable when Strava is at its athlete limit', async () => {
    const rider = await signedInUser(t);
    strava.nextAthlete({ id: (athleteIds += 1), activities: [CINGLE] });
    strava.refuseApplication(STRAVA_ATHLETE_LIMIT);
    expect(await connect(rider, '/gb/track-check')).toBe('/gb/track-check?strava=unavailable');
    expect(await connectionRows(rider)).toEqual([]);
    const [row] = await t.db.select().from(activityServiceRefusals);
    expect(row?.reason).toBe('athlete_limit');
    strava.refuseApplication(null);
  });

  it("tells an application refused from other 403s (an old rate limit, an athlete's own refusal)", () => {
    expect(applicationRefusal(JSON.stringify(STRAVA_APPLICATION_INACTIVE.body))).toBe('inactive');
    expect(applicationRefusal(JSON.stringify(STRAVA_ATHLETE_LIMIT.body))).toBe('athlete_limit');
    expect(applicationRefusal(JSON.stringify(STRAVA_RATE_LIMITED.body))).toBeUndefined();
    expect(
      applicationRefusal('{"message":"Forbidden","errors":[{"resource":"Activity","code":"forbidden"}]}'),
    ).toBe(undefined);
    expect(applicationRefusal('')).toBeUndefined();
  });
});

describe("Strava's rate limit", () => {
  it('is respected by the whole site: a 429 closes the budget until the window opens again', async () => {
    const rider = await connectedRider();
    const other = await connectedRider();
    strava.failNext(STRAVA_RATE_LIMITED);
    const limited = await get(rider, '/api/strava/activities?after=2026-07-10&before=2026-07-20');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'strava_rate_limited' } });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another rider: the budget is the site's; Strava is not asked again.
    strava.requests.length = 0;
    const next = await get(other, '/api/strava/activities?after=2026-07-10&before=2026-07-20');
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ error: { code: 'strava_rate_limited' } });
    expect(strava.requests).toEqual([]);
  });

  it('tells a daily limit from a 15-minute one', () => {
    const headers = new Headers({ 'x-ratelimit-limit': '200,2000', 'x-ratelimit-usage': '12,2000' });
    const now = new Date('2026-07-14T10:07:30Z');
    expect(stravaRetryAfterSeconds(headers, now)).toBe(13 * 3600 + 52 * 60 + 30);
    expect(stravaRetryAfterSeconds(new Headers({ 'x-ratelimit-usage': '200,300' }), now)).toBe(7 * 60 + 30);
  });
});

describe('when the club has not configured Strava', () => {
  it('has no Strava routes, and attaching takes files only', async () => {
    const plain = await createTestApp();
    try {
      const rider = await signedInUser(plain);
      expect(
        (await plain.app.inject({ method: 'GET', url: '/api/strava/connect', headers: rider.auth }))
          .statusCode,
      ).toBe(404);
      expect(plain.services.activitySources.strava.configured).toBe(false);
      const order = await paidOrder(plain, rider);
      const response = await plain.app.inject({
        method: 'POST',
        url: `/api/candidates/${order.candidats[0]!.id}/track`,
        headers: rider.auth,
        payload: { strava_activity_id: '1' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'invalid_track' } });
    } finally {
      await plain.close();
    }
  });
});
