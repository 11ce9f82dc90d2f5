import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERVALS_STAND_IN_CLIENT,
  type IntervalsStandIn,
  type StandInIntervalsActivity,
  startIntervalsStandIn,
} from '../../tests/support/intervals-stand-in.ts';
import { createIntervalsClient, streamsToPoints } from './intervals.ts';

const REDIRECT = 'http://127.0.0.1:1/api/rides/intervals/callback';
const dayStart = Date.parse('2026-07-14T04:00:00Z');

function activity(id: string, type = 'Ride', source?: string): StandInIntervalsActivity {
  return {
    id,
    name: `Activity ${id}`,
    type,
    source,
    points: [
      { lat: 44.17, lon: 5.28, ele: 310, time: dayStart },
      { lat: 44.18, lon: 5.29, ele: null, time: dayStart + 30_000 },
    ],
  };
}

let standIn: IntervalsStandIn;
const client = () =>
  createIntervalsClient({
    clientId: INTERVALS_STAND_IN_CLIENT.id,
    clientSecret: INTERVALS_STAND_IN_CLIENT.secret,
    url: standIn.url,
  });

async function authorize(state: string): Promise<URL> {
  const page = await fetch(client().authorizeUrl({ state, redirectUri: REDIRECT }), { redirect: 'manual' });
  return new URL(page.headers.get('location')!);
}

async function connect(): Promise<string> {
  const back = await authorize('state-1');
  return (await client().exchangeCode(back.searchParams.get('code')!)).accessToken;
}

beforeAll(async () => {
  standIn = await startIntervalsStandIn();
});
afterAll(() => standIn.close());

describe('the intervals.icu client', () => {
  it('asks for ACTIVITY:READ with the state, and exchanges the code once', async () => {
    standIn.everyAthlete(() => []);
    const back = await authorize('a-state');
    expect(back.searchParams.get('state')).toBe('a-state');
    const asked = standIn.requests.find((request) => request.path === '/oauth/authorize')!;
    expect(asked.query.get('scope')).toBe('ACTIVITY:READ');
    expect(client().grantsEnough(back.searchParams.get('scope') ?? '')).toBe(true);
    const code = back.searchParams.get('code')!;
    const granted = await client().exchangeCode(code);
    expect(granted.athleteId).toMatch(/^i\d+$/);
    await expect(client().exchangeCode(code)).rejects.toMatchObject({ failure: 'unauthorized' });
  });

  it('refuses a token granted without access to activities, and brings back a refusal', async () => {
    standIn.nextAuthorization({ scope: 'WELLNESS:READ' });
    const back = await authorize('s');
    await expect(client().exchangeCode(back.searchParams.get('code')!)).rejects.toMatchObject({
      failure: 'unauthorized',
    });
    standIn.nextAuthorization({ decline: true });
    expect((await authorize('s')).searchParams.get('error')).toBe('access_denied');
  });

  it("lists the day's rides, leaving virtual rides, runs and Strava's activities", async () => {
    standIn.everyAthlete(() => [
      activity('i1'),
      activity('i2', 'VirtualRide'),
      activity('i3', 'Run'),
      activity('i4', 'Ride', 'STRAVA'),
    ]);
    const token = await connect();
    const before = standIn.requests.length;
    const rides = await client().listRides(token, {
      after: new Date(dayStart - 3_600_000),
      before: new Date(dayStart + 3_600_000),
    });
    expect(rides).toEqual([
      { id: 'i1', name: 'Activity i1', start: new Date(dayStart).toISOString(), distanceKm: 2, climbM: 100 },
    ]);
    const listed = standIn.requests[before]!;
    expect(listed.path).toBe('/api/v1/athlete/0/activities');
    expect(listed.query.get('oldest')).toBe('2026-07-13');
    expect(listed.query.get('newest')).toBe('2026-07-15');
    expect(listed.headers.authorization).toBe(`Bearer ${token}`);
  });

  it("reads a ride's streams, and refuses a deleted one, a run, Strava's, a bad token and a rate limit", async () => {
    standIn.everyAthlete(() => [activity('i1'), activity('i3', 'Run'), activity('i4', 'Ride', 'STRAVA')]);
    const token = await connect();
    expect(await client().fetchPoints(token, 'i1')).toEqual({
      name: 'Activity i1',
      points: [
        { lat: 44.17, lon: 5.28, ele: 310, time: dayStart },
        { lat: 44.18, lon: 5.29, ele: null, time: dayStart + 30_000 },
      ],
    });
    await expect(client().fetchPoints(token, 'i3')).rejects.toMatchObject({ failure: 'not_a_ride' });
    await expect(client().fetchPoints(token, 'i4')).rejects.toMatchObject({ failure: 'not_found' });
    standIn.deleteActivity('i1');
    await expect(client().fetchPoints(token, 'i1')).rejects.toMatchObject({ failure: 'not_found' });
    standIn.failNext({ status: 429, body: { status: 429, error: 'Too many requests' } });
    await expect(client().listRides(token, { after: new Date(0), before: new Date() })).rejects.toMatchObject(
      {
        failure: 'rate_limited',
        retryAfterSeconds: 60,
      },
    );
    await expect(client().fetchPoints('not-a-token', 'i3')).rejects.toMatchObject({
      failure: 'unauthorized',
    });
  });

  it('reads latlng as latitudes in data and longitudes in data2', () => {
    expect(
      streamsToPoints(
        [
          { type: 'latlng', data: [44.17, null, 44.19], data2: [5.28, 5.29, 5.3] },
          { type: 'time', data: [0, 10, 20] },
        ],
        dayStart,
      ),
    ).toEqual([
      { lat: 44.17, lon: 5.28, ele: null, time: dayStart },
      { lat: 44.19, lon: 5.3, ele: null, time: dayStart + 20_000 },
    ]);
  });
});
