/**
 * The rules about who may call the services of rides and Strava, checked in the services themselves (issue 35):
 * each method is called directly, as a page action, an API route or the CLI would, without the right, and must
 * refuse with the API's status and code whichever entry forgot its own check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contracts/account.ts';
import type { ActivityProviderClient } from '../../server/activities/provider.ts';
import { AppError } from '../../server/errors.ts';
import { createActivityConnectionsService } from '../../server/services/rides/activity-connections.ts';
import { CLI } from '../../server/services/guards.ts';
import { createTokenCipher } from '../../server/services/rides/token-cipher.ts';
import { paidOrder } from '../support/registrations.ts';
import { cingleRide } from '../support/rides.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { toGpx } from '../support/track-files.ts';
import { signedInUser } from '../support/users.ts';

let t: TestApp;
let buyerSession: SessionUser;
let strangerSession: SessionUser;
let candidateId: number;
const gpxFile = Buffer.from(toGpx(cingleRide(undefined, { sampleS: 20 }).points));

/** What the service threw: its status and code, as the API's error handler would answer them. */
async function refusal(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, code: error.code };
    throw error;
  }
  throw new Error('the call was not refused');
}

const UNAUTHORIZED = { status: 401, code: 'unauthorized' };
const FORBIDDEN = { status: 403, code: 'forbidden' };
const NOT_FOUND = { status: 404, code: 'not_found' };

/** A Strava that must never be asked: the refusals come before any call to it. */
const unaskedStrava = new Proxy({ id: 'strava', scope: 'activity:read_all' } as ActivityProviderClient, {
  get(target, name) {
    if (name in target) return target[name as keyof ActivityProviderClient];
    return () => {
      throw new Error(`Strava was asked (${String(name)})`);
    };
  },
});

/** The Strava service as the club would have it configured, on the test's database. */
const configuredStrava = () =>
  createActivityConnectionsService({
    db: t.db,
    tracks: t.services.tracks,
    client: unaskedStrava,
    cipher: createTokenCipher({ db: t.db }),
    rateLimits: t.services.rateLimits,
    redirectUri: 'http://localhost/api/strava/callback',
  });

beforeAll(async () => {
  t = await createTestApp();
  const buyer = await signedInUser(t);
  const stranger = await signedInUser(t, { email: 'stranger@example.org' });
  buyerSession = (await t.services.sessions.findUser(buyer.token))!;
  strangerSession = (await t.services.sessions.findUser(stranger.token))!;
  const order = await paidOrder(t, buyer);
  candidateId = order.candidats[0]!.id;
  // A fresh server, two accounts and a paid order: slow on a loaded machine.
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('activitySources, when the club has not configured them', () => {
  const strava = () => t.services.activitySources.strava;

  it('exists and says it is not configured', () => {
    expect(strava().configured).toBe(false);
  });

  it('refuses every operation with 404 not_found, as the routes that do not exist', async () => {
    const userId = buyerSession.id;
    const span = { after: '2026-07-10', before: '2026-07-20' } as const;
    expect(await refusal(() => strava().status(userId))).toEqual(NOT_FOUND);
    expect(await refusal(() => strava().startAuthorization('session', '/fr/account'))).toEqual(NOT_FOUND);
    expect(await refusal(() => strava().completeAuthorization('session', userId, { state: 's' }))).toEqual(
      NOT_FOUND,
    );
    expect(await refusal(() => strava().defaultSpan(userId))).toEqual(NOT_FOUND);
    expect(await refusal(() => strava().listRides(userId, span))).toEqual(NOT_FOUND);
    expect(await refusal(() => strava().checkRide(userId, '1', '127.0.0.1'))).toEqual(NOT_FOUND);
    expect(await refusal(() => strava().attachRide(buyerSession, candidateId, '1', '127.0.0.1'))).toEqual(
      NOT_FOUND,
    );
    expect(await refusal(() => strava().disconnect(userId))).toEqual(NOT_FOUND);
  });

  it('has nothing to revoke when an account is deleted', async () => {
    const revoke = await strava().revocationFor(buyerSession.id);
    await expect(revoke()).resolves.toBeUndefined();
  });
});

describe('activityConnections.attachRide, Strava configured', () => {
  it('refuses a visitor (401) and a club tool (403) before asking Strava', async () => {
    const strava = configuredStrava();
    expect(strava.configured).toBe(true);
    expect(await refusal(() => strava.attachRide(null, candidateId, '1', '127.0.0.1'))).toEqual(UNAUTHORIZED);
    expect(await refusal(() => strava.attachRide(CLI, candidateId, '1', '127.0.0.1'))).toEqual(FORBIDDEN);
  });

  it("refuses another rider's candidate with 404 before asking Strava", async () => {
    const strava = configuredStrava();
    expect(await refusal(() => strava.attachRide(strangerSession, candidateId, '1', '127.0.0.1'))).toEqual(
      NOT_FOUND,
    );
  });
});

describe('tracks', () => {
  it('attach refuses a visitor, a club tool and another rider (the file is valid)', async () => {
    const attach = (caller: Parameters<typeof t.services.tracks.attach>[1]) =>
      t.services.tracks.attach(candidateId, caller, gpxFile, '127.0.0.1');
    expect(await refusal(() => attach(null))).toEqual(UNAUTHORIZED);
    expect(await refusal(() => attach(CLI))).toEqual(FORBIDDEN);
    expect(await refusal(() => attach(strangerSession))).toEqual(NOT_FOUND);
  });

  it('get refuses a visitor, a club tool and another rider', async () => {
    await t.services.tracks.attach(candidateId, buyerSession, gpxFile, '127.0.0.1');
    const get = (caller: Parameters<typeof t.services.tracks.get>[1]) =>
      t.services.tracks.get(candidateId, caller);
    expect(await refusal(() => get(null))).toEqual(UNAUTHORIZED);
    expect(await refusal(() => get(CLI))).toEqual(FORBIDDEN);
    expect(await refusal(() => get(strangerSession))).toEqual(NOT_FOUND);
    expect((await get(buyerSession)).candidate_id).toBe(candidateId);
  });
});

describe('documents', () => {
  it('open refuses a visitor, a club tool and another rider (404, as if the document did not exist)', async () => {
    const [document] = await t.services.documents.ensureFor([candidateId]);
    const open = (caller: Parameters<typeof t.services.documents.open>[1]) =>
      t.services.documents.open(document!.id, caller);
    expect(await refusal(() => open(null))).toEqual(UNAUTHORIZED);
    expect(await refusal(() => open(CLI))).toEqual(FORBIDDEN);
    expect(await refusal(() => open(strangerSession))).toEqual(NOT_FOUND);
  });
});

describe('stamps, the route card', () => {
  const stamp = {
    client_id: 'guards-stamp-0001',
    control: 'foot-bedoin',
    at: new Date(Date.now() - 3_600_000),
    lat: 44.1253,
    lon: 5.1805,
    accuracy_m: 10,
  };

  it('refuses a visitor (401) and a club tool (403)', async () => {
    const { stamps } = t.services;
    expect(await refusal(() => stamps.routeCard(candidateId, null))).toEqual(UNAUTHORIZED);
    expect(await refusal(() => stamps.routeCard(candidateId, CLI))).toEqual(FORBIDDEN);
    expect(await refusal(() => stamps.send(candidateId, null, { stamps: [stamp] }))).toEqual(UNAUTHORIZED);
    expect(await refusal(() => stamps.send(candidateId, CLI, { stamps: [stamp] }))).toEqual(FORBIDDEN);
  });

  it("refuses another rider's registration with 404, and stores nothing", async () => {
    const { stamps } = t.services;
    expect(await refusal(() => stamps.routeCard(candidateId, strangerSession))).toEqual(NOT_FOUND);
    expect(await refusal(() => stamps.send(candidateId, strangerSession, { stamps: [stamp] }))).toEqual(
      NOT_FOUND,
    );
    expect((await stamps.routeCard(candidateId, buyerSession)).stamps).toEqual([]);
  });
});
