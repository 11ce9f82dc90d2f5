/**
 * Ride with GPS and intervals.icu beside Strava (issue 44, decision 0051), each against a stand-in written from
 * its documentation: the routes every service shares (`/api/rides/{provider}/…`), the OAuth round trip with its
 * state (forged, another session's), the rides of some days (Ride with GPS's pages, runs and activities that came
 * from Strava left out), the check and the attachment (`{provider, activity_id}`, the track's source naming the
 * service), a deleted ride, a non-ride, 401 and 429, the disconnection; the tokens sealed; a service the club did
 * not configure has no routes.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityProvider } from '../../domain/activity-providers.ts';
import type { TrackPoint } from '../../domain/track/analyse.ts';
import { activityConnections } from '../../server/db/schema/index.ts';
import {
  INTERVALS_STAND_IN_CLIENT,
  type IntervalsStandIn,
  startIntervalsStandIn,
} from '../support/intervals-stand-in.ts';
import { paidOrder } from '../support/registrations.ts';
import {
  RWGPS_STAND_IN_CLIENT,
  type RideWithGpsStandIn,
  startRideWithGpsStandIn,
} from '../support/ridewithgps-stand-in.ts';
import { cingleRide, Ride } from '../support/rides.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInUser } from '../support/users.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

const CINGLE_POINTS = cingleRide('2026-07-14T04:00:00Z', { sampleS: 20 }).points;
const RUN_POINTS = new Ride('2026-07-13T05:00:00Z', { sampleS: 60 }).climb('bedoin', { toKm: 3 }).points;

/** A short ride on one of the days after the cingle: enough trips to fill Ride with GPS's first page. */
function shortRide(index: number): TrackPoint[] {
  const start = Date.parse('2026-07-15T06:00:00Z') + index * 60_000;
  return [
    { lat: 44.174, lon: 5.278, ele: 300, time: start },
    { lat: 44.175, lon: 5.279, ele: 302, time: start + 30_000 },
  ];
}

let t: TestApp;
let rwgps: RideWithGpsStandIn;
let intervals: IntervalsStandIn;

beforeAll(async () => {
  rwgps = await startRideWithGpsStandIn();
  intervals = await startIntervalsStandIn();
  t = await createTestApp({
    RWGPS_CLIENT_ID: RWGPS_STAND_IN_CLIENT.id,
    RWGPS_CLIENT_SECRET: RWGPS_STAND_IN_CLIENT.secret,
    RWGPS_URL: rwgps.url,
    INTERVALS_CLIENT_ID: INTERVALS_STAND_IN_CLIENT.id,
    INTERVALS_CLIENT_SECRET: INTERVALS_STAND_IN_CLIENT.secret,
    INTERVALS_URL: intervals.url,
    RATE_LIMIT_IP_FACTOR: '50',
  });
  // 204 short rides updated after the cingle push it onto Ride with GPS's second page of 200.
  rwgps.everyUser(() => [
    ...Array.from({ length: 204 }, (_, index) => ({
      id: 5000 + index,
      name: `Tour ${index}`,
      activity_type: 'cycling:road',
      points: shortRide(index),
    })),
    { id: 101, name: 'Trois fois le Géant', activity_type: 'cycling:road', points: CINGLE_POINTS },
    { id: 102, name: 'Footing', activity_type: 'running:generic', points: RUN_POINTS },
  ]);
  intervals.everyAthlete(() => [
    { id: 'i101', name: 'Trois fois le Géant', type: 'Ride', points: CINGLE_POINTS },
    { id: 'i102', name: 'Footing', type: 'Run', points: RUN_POINTS },
    { id: 'i103', name: 'Du Strava', type: 'Ride', points: CINGLE_POINTS, source: 'STRAVA' },
  ]);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await rwgps?.close();
  await intervals?.close();
});

const get = (rider: User, url: string) => t.app.inject({ method: 'GET', url, headers: rider.auth });
const post = (rider: User, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: rider.auth, ...(payload ? { payload } : {}) });

const SOURCES = [
  {
    provider: 'ridewithgps',
    standIn: () => rwgps,
    authorizePath: '/oauth/authorize',
    cingle: '101',
    run: '102',
    deleteCingle: () => rwgps.deleteTrip(101),
    /** The cingle and the 204 short rides; not the run. */
    listed: 205,
  },
  {
    provider: 'intervals',
    standIn: () => intervals,
    authorizePath: '/oauth/authorize',
    cingle: 'i101',
    run: 'i102',
    deleteCingle: () => intervals.deleteActivity('i101'),
    /** The cingle; not the run, nor the ride that came from Strava (intervals.icu does not give it). */
    listed: 1,
  },
] as const satisfies readonly { provider: ActivityProvider; [key: string]: unknown }[];

describe.each(SOURCES)('$provider', (source) => {
  const { provider } = source;
  const rides = `/api/rides/${provider}`;

  /** Follows connect → the service's page → the callback (with another session's credentials if given). */
  async function connect(rider: User, returnTo: string, callbackAuth = rider.auth): Promise<string> {
    const start = await get(rider, `${rides}/connect?return_to=${encodeURIComponent(returnTo)}`);
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(source.standIn().url);
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    const page = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(page.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${t.config.publicUrl}${rides}/callback`);
    const callback = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: callbackAuth,
    });
    expect(callback.statusCode).toBe(303);
    return callback.headers.location as string;
  }

  const connectionOf = (rider: User) =>
    t.db
      .select()
      .from(activityConnections)
      .where(and(eq(activityConnections.userId, rider.id), eq(activityConnections.provider, provider)));

  async function connectedRider(): Promise<User> {
    const rider = await signedInUser(t);
    expect(await connect(rider, '/gb/track-check')).toBe(`/gb/track-check?${provider}=connected`);
    return rider;
  }

  it('connects through the OAuth round trip and keeps the token sealed', async () => {
    const rider = await connectedRider();
    const [row] = await connectionOf(rider);
    expect(row).toBeDefined();
    for (const token of source.standIn().issuedTokens()) expect(row!.accessToken).not.toContain(token);
  });

  it("refuses a forged state and another session's state, and connects nobody", async () => {
    const rider = await signedInUser(t);
    const forged = await get(rider, `${rides}/callback?state=forged&code=whatever`);
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe(`/fr/account?${provider}=invalid`);
    const other = await signedInUser(t);
    expect(await connect(rider, '/gb/account', other.auth)).toBe(`/fr/account?${provider}=invalid`);
    expect(await connectionOf(rider)).toEqual([]);
    expect(await connectionOf(other)).toEqual([]);
  });

  it('says so when the rider declines', async () => {
    const rider = await signedInUser(t);
    source.standIn().nextAuthorization({ decline: true });
    expect(await connect(rider, '/it/track-check')).toBe(`/it/track-check?${provider}=denied`);
    expect((await get(rider, `${rides}/activities`)).json()).toMatchObject({
      error: { code: 'not_connected' },
    });
  });

  it('lists the rides of the chosen days and leaves the rest out', async () => {
    const rider = await connectedRider();
    const response = await get(rider, `${rides}/activities?after=2026-07-10&before=2026-07-20`);
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json() as { id: string; name: string }[];
    expect(listed).toHaveLength(source.listed);
    expect(listed.map((ride) => ride.id)).toContain(source.cingle);
    expect(listed.map((ride) => ride.id)).not.toContain(source.run);
  });

  it('checks the cingle as a file, refuses a run, and attaches the ride with the service named', async () => {
    const rider = await connectedRider();
    const check = await post(rider, `${rides}/activities/${source.cingle}/check`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ day: '2026-07-14', verdict: { cingle: 'complete' } });
    const run = await post(rider, `${rides}/activities/${source.run}/check`);
    expect(run.statusCode).toBe(422);
    expect(run.json()).toMatchObject({ error: { code: 'provider_not_a_ride' } });

    const order = await paidOrder(t, rider);
    const candidate = order.candidats[0]!.id;
    const attached = await post(rider, `/api/candidates/${candidate}/track`, {
      provider,
      activity_id: source.cingle,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ source: provider, activity_id: source.cingle });
    expect((await get(rider, `/api/candidates/${candidate}/track`)).json()).toMatchObject({
      source: provider,
    });

    // Another person's candidate is not theirs to attach to.
    const stranger = await connectedRider();
    const refused = await post(stranger, `/api/candidates/${candidate}/track`, {
      provider,
      activity_id: source.cingle,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('forgets a connection the service no longer accepts (401)', async () => {
    const rider = await connectedRider();
    source.standIn().failNext({ status: 401, body: { error: 'Unauthorized' } });
    const revoked = await get(rider, `${rides}/activities?after=2026-07-10&before=2026-07-20`);
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json()).toMatchObject({ error: { code: 'provider_revoked' } });
    expect(await connectionOf(rider)).toEqual([]);
  });

  it('disconnects: 204, the tokens gone; then 409 not_connected', async () => {
    const rider = await connectedRider();
    const response = await t.app.inject({ method: 'DELETE', url: rides, headers: rider.auth });
    expect(response.statusCode).toBe(204);
    expect(await connectionOf(rider)).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: rides, headers: rider.auth });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'not_connected' } });
  });

  it('answers 401 signed out', async () => {
    for (const url of [`${rides}/connect`, `${rides}/activities`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  // Last of each service: the service's 429 closes the club's counters for it until its window opens again.
  it('answers 404 for a deleted ride, then 429 with Retry-After when the service limits the club', async () => {
    const rider = await connectedRider();
    source.deleteCingle();
    const deleted = await post(rider, `${rides}/activities/${source.cingle}/check`);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ error: { code: 'provider_activity_not_found' } });

    source
      .standIn()
      .failNext({ status: 429, headers: { 'retry-after': '120' }, body: { error: 'Slow down' } });
    const limited = await get(rider, `${rides}/activities?after=2026-07-10&before=2026-07-20`);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('120');
    expect(limited.json()).toMatchObject({ error: { code: 'provider_rate_limited' } });
    // The club's own counters now hold the next call back without asking the service.
    const held = await get(rider, `${rides}/activities?after=2026-07-10&before=2026-07-20`);
    expect(held.statusCode).toBe(429);
  });
});

describe('attaching a ride by its service', () => {
  it('refuses a service the site does not offer, and an id that is not one', async () => {
    const rider = await signedInUser(t);
    const order = await paidOrder(t, rider);
    const url = `/api/candidates/${order.candidats[0]!.id}/track`;
    const strava = await post(rider, url, { provider: 'strava', activity_id: '1' });
    expect(strava.statusCode).toBe(400);
    expect(strava.json()).toMatchObject({
      error: { code: 'validation', fields: { provider: expect.any(String) } },
    });
    const bad = await post(rider, url, { provider: 'ridewithgps', activity_id: '../1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'validation', fields: { activity_id: expect.any(String) } },
    });
  });

  it('has no routes for a service the club did not configure', async () => {
    const rider = await signedInUser(t);
    expect((await get(rider, '/api/strava/connect')).statusCode).toBe(404);
    expect((await get(rider, '/api/rides/strava/connect')).statusCode).toBe(404);
    expect((await get(rider, '/api/rides/komoot/connect')).statusCode).toBe(404);
  });
});
