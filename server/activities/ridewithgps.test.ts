import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RWGPS_STAND_IN_CLIENT,
  type RideWithGpsStandIn,
  type StandInTrip,
  startRideWithGpsStandIn,
} from '../../tests/support/ridewithgps-stand-in.ts';
import { ProviderError } from './provider.ts';
import { createRideWithGpsClient, trackPointsToPoints } from './ridewithgps.ts';

const DAY = 86_400_000;
const REDIRECT = 'http://127.0.0.1:1/api/rides/ridewithgps/callback';
const dayStart = Date.parse('2026-07-14T04:00:00Z');

function trip(id: number, start: number, activity_type = 'cycling:road'): StandInTrip {
  return {
    id,
    name: `Trip ${id}`,
    activity_type,
    points: [
      { lat: 44.17, lon: 5.28, ele: 310, time: start },
      { lat: 44.18, lon: 5.29, ele: 320, time: start + 30_000 },
    ],
  };
}

let standIn: RideWithGpsStandIn;
const client = () =>
  createRideWithGpsClient({
    clientId: RWGPS_STAND_IN_CLIENT.id,
    clientSecret: RWGPS_STAND_IN_CLIENT.secret,
    url: `${standIn.url}/`,
    redirectUri: REDIRECT,
  });

/** Follows the authorization page as a browser would, and gives back where it sent the rider. */
async function authorize(state: string): Promise<URL> {
  const page = await fetch(client().authorizeUrl({ state, redirectUri: REDIRECT }), { redirect: 'manual' });
  return new URL(page.headers.get('location')!);
}

async function connect(): Promise<string> {
  const back = await authorize('state-1');
  return (await client().exchangeCode(back.searchParams.get('code')!)).accessToken;
}

beforeAll(async () => {
  standIn = await startRideWithGpsStandIn();
});
afterAll(() => standIn.close());

describe('the Ride with GPS client', () => {
  it('sends the rider to /oauth/authorize with the state, and exchanges the code once', async () => {
    standIn.everyUser(() => []);
    const back = await authorize('a-state');
    expect(back.searchParams.get('state')).toBe('a-state');
    const authorizeRequest = standIn.requests.find((request) => request.path === '/oauth/authorize')!;
    expect(authorizeRequest.query.get('client_id')).toBe(RWGPS_STAND_IN_CLIENT.id);
    expect(authorizeRequest.query.get('response_type')).toBe('code');
    const code = back.searchParams.get('code')!;
    const granted = await client().exchangeCode(code);
    expect(granted.accessToken).toMatch(/^[0-9a-f]{40}$/);
    expect(granted.athleteId).toMatch(/^\d+$/);
    expect(granted.expiresAt.getUTCFullYear()).toBe(9999);
    await expect(client().exchangeCode(code)).rejects.toMatchObject({ failure: 'unauthorized' });
    await expect(client().refresh('')).rejects.toMatchObject({ failure: 'unauthorized' });
  });

  it('brings back a refusal as the page sends it', async () => {
    standIn.nextAuthorization({ decline: true });
    const back = await authorize('s');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it("pages through the trips until they are older than the range, and keeps the range's rides", async () => {
    // 205 trips, one a day back from the 14th; the oldest is on page 2 of 200.
    standIn.everyUser(() => [
      ...Array.from({ length: 205 }, (_, index) => trip(1000 + index, dayStart - index * DAY)),
      trip(9, dayStart - 204 * DAY + 3_600_000, 'running:road'),
      trip(10, dayStart - 204 * DAY + 7_200_000, 'cycling:virtual'),
    ]);
    const token = await connect();
    const before = standIn.requests.length;
    const oldDay = dayStart - 204 * DAY;
    const rides = await client().listRides(token, {
      after: new Date(oldDay - 3_600_000),
      before: new Date(oldDay + 20 * 3_600_000),
    });
    expect(rides).toEqual([
      { id: '1204', name: 'Trip 1204', start: new Date(oldDay).toISOString(), distanceKm: 2, climbM: 100 },
    ]);
    const pages = standIn.requests.slice(before).filter((request) => request.path === '/api/v1/trips.json');
    expect(pages.map((request) => request.query.get('page'))).toEqual(['1', '2']);
    expect(pages[0]!.headers.authorization).toBe(`Bearer ${token}`);

    const recent = standIn.requests.length;
    const today = await client().listRides(token, {
      after: new Date(dayStart - 3_600_000),
      before: new Date(dayStart + 3_600_000),
    });
    expect(today.map((ride) => ride.id)).toEqual(['1000']);
    expect(standIn.requests.slice(recent).length).toBe(1);
  });

  it("reads a trip's points, and refuses a deleted trip, a run, a revoked token and a rate limit", async () => {
    standIn.everyUser(() => [trip(1, dayStart), trip(2, dayStart, 'running:road'), trip(3, dayStart)]);
    const token = await connect();
    const { name, points } = await client().fetchPoints(token, '1');
    expect(name).toBe('Trip 1');
    expect(points).toEqual([
      { lat: 44.17, lon: 5.28, ele: 310, time: dayStart },
      { lat: 44.18, lon: 5.29, ele: 320, time: dayStart + 30_000 },
    ]);
    await expect(client().fetchPoints(token, '2')).rejects.toMatchObject({ failure: 'not_a_ride' });
    standIn.deleteTrip(3);
    await expect(client().fetchPoints(token, '3')).rejects.toMatchObject({ failure: 'not_found' });
    standIn.failNext({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { error: 'Too many requests' },
    });
    const limited = await client()
      .fetchPoints(token, '1')
      .catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ProviderError);
    expect(limited).toMatchObject({ failure: 'rate_limited', retryAfterSeconds: 120 });
    standIn.failNext({ status: 500, body: { error: 'boom' } });
    await expect(client().fetchPoints(token, '1')).rejects.toMatchObject({ failure: 'unavailable' });
    await client().revoke(token);
    const revoked = standIn.requests.findLast((request) => request.path === '/oauth/revoke.json')!;
    expect(JSON.parse(revoked.body)).toEqual({
      client_id: RWGPS_STAND_IN_CLIENT.id,
      client_secret: RWGPS_STAND_IN_CLIENT.secret,
      token,
    });
    await expect(client().fetchPoints(token, '1')).rejects.toMatchObject({ failure: 'unauthorized' });
  });

  it('reads track points as x longitude, y latitude, e elevation and t unix seconds', () => {
    expect(
      trackPointsToPoints([
        { x: 5.28, y: 44.17, e: 310.5, t: 1_784_001_600 },
        { x: null, y: 44.18 },
        { x: 5.3, y: 44.19 },
      ]),
    ).toEqual([
      { lat: 44.17, lon: 5.28, ele: 310.5, time: 1_784_001_600_000 },
      { lat: 44.19, lon: 5.3, ele: null, time: null },
    ]);
  });
});
