/**
 * Plausibility flags in the answers (decision 0038): `synthetic_timing` in every check, `duplicate_track` between
 * attached rides only, both ways, gone when a track is replaced or deleted; analyses stored before the flags.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../domain/schemas/track.ts';
import { candidates, candidateTracks } from '../../server/db/schema/index.ts';
import { duplicateFlagsOf } from '../../server/services/rides/track-duplicates.ts';
import { paidOrder } from '../support/registrations.ts';
import { cingleRide, Ride } from '../support/rides.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { toFit, toGpx } from '../support/track-files.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

let t: TestApp;
let admin: User;

const realistic = cingleRide('2026-07-14T04:00:00Z', { sampleS: 10 }).points;
const generated = cingleRide('2026-07-14T04:00:00Z', { sampleS: 10, pacing: 'constant' }).points;
/** The same recorded positions two hours later: a copy, not a second ride. */
const shifted = realistic.map((point) => ({ ...point, time: point.time! + 2 * 3600_000 }));
/** Another rider beside the first all day: the same road and pace, a receiver of its own. */
const companion = cingleRide('2026-07-14T04:00:00Z', { sampleS: 10, seed: 7 }).points;
const anotherDay = cingleRide('2026-07-21T04:00:00Z', { sampleS: 10, seed: 11 }).points;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const check = (file: string | Uint8Array) =>
  t.app.inject({
    method: 'POST',
    url: '/api/track-checks',
    headers: { 'content-type': 'application/octet-stream' },
    payload: Buffer.from(file),
    remoteAddress: '10.3.0.1',
  });
const attach = (id: number, rider: User, file: string | Uint8Array) =>
  t.app.inject({
    method: 'POST',
    url: `/api/candidates/${id}/track`,
    headers: { ...rider.auth, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(file),
    remoteAddress: '10.3.0.2',
  });
const flagsOf = async (id: number, reader: User) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/candidates/${id}/track`,
    headers: reader.auth,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ analysis: TrackAnalysis }>().analysis.flags;
};
const registration = async (buyer: User) => (await paidOrder(t, buyer)).candidats[0]!;

describe('POST /api/track-checks', () => {
  it('flags a ride timed at one speed up every gradient, without changing its verdict', async () => {
    const response = await check(toGpx(generated));
    expect(response.statusCode).toBe(200);
    const analysis = response.json<TrackAnalysis>();
    expect(analysis.verdict.cingle).toBe('complete');
    expect(analysis.flags).toEqual([
      expect.objectContaining({
        code: 'synthetic_timing',
        basis: 'speed_ignores_gradient',
        at: expect.stringMatching(/^2026-07-14T/),
        km: expect.any(Number),
      }),
    ]);
    const [flag] = analysis.flags;
    expect(flag!.steep_percent! - flag!.gentle_percent!).toBeGreaterThan(2);
    expect(flag!.steep_kmh! / flag!.gentle_kmh!).toBeGreaterThan(0.85);
  });

  it('flags nothing in a ridden one, and never duplicate_track, even for a file attached elsewhere', async () => {
    const buyer = await signedInUser(t);
    expect((await attach((await registration(buyer)).id, buyer, toGpx(anotherDay))).statusCode).toBe(200);
    const response = await check(toFit(anotherDay));
    expect(response.json<TrackAnalysis>().flags).toEqual([]);
    expect(response.json<TrackAnalysis>().verdict.cingle).toBe('complete');
  });
});

describe('the same ride attached to two registrations', () => {
  let first: User;
  let second: User;
  let a: { id: number; reference: string };
  let b: { id: number; reference: string };

  beforeAll(async () => {
    first = await signedInUser(t);
    second = await signedInUser(t);
    a = await registration(first);
    b = await registration(second);
  });

  it('flags both, each naming the other to the volunteers; the riders learn of the copy, not whose it is', async () => {
    expect((await attach(a.id, first, toGpx(realistic))).json().analysis.flags).toEqual([]);
    // Attached second, as a FIT file with shifted times: its answer already says so.
    const answer = await attach(b.id, second, toFit(shifted));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().analysis.flags).toEqual([{ code: 'duplicate_track' }]);
    expect(answer.json().analysis.verdict.cingle).toBe('complete');

    expect(await flagsOf(a.id, admin)).toEqual([{ code: 'duplicate_track', reference: b.reference }]);
    expect(await flagsOf(b.id, admin)).toEqual([{ code: 'duplicate_track', reference: a.reference }]);
    expect(await flagsOf(a.id, first)).toEqual([{ code: 'duplicate_track' }]);

    const map = await duplicateFlagsOf(t.db, [a.id, b.id, 999_999]);
    expect(map.get(a.id)).toEqual([{ code: 'duplicate_track', reference: b.reference }]);
    expect(map.get(b.id)).toEqual([{ code: 'duplicate_track', reference: a.reference }]);
    expect(map.has(999_999)).toBe(false);
  });

  it('shows a buyer the reference of their own other registration', async () => {
    const own = await registration(first);
    await attach(own.id, first, toGpx(realistic));
    expect(await flagsOf(own.id, first)).toEqual([
      { code: 'duplicate_track', reference: a.reference },
      { code: 'duplicate_track' },
    ]);
    await t.db.delete(candidates).where(eq(candidates.id, own.id));
  });

  it('does not take a companion for a copy: the same road, another receiver', async () => {
    const rider = await signedInUser(t);
    const c = await registration(rider);
    await attach(c.id, rider, toGpx(companion));
    expect(await flagsOf(c.id, admin)).toEqual([]);
  });

  it('ends the match both ways when one track is replaced, or its registration deleted', async () => {
    await attach(b.id, second, toGpx(new Ride('2026-07-15T05:00:00Z', { seed: 3 }).climb('bedoin').points));
    expect(await flagsOf(a.id, admin)).toEqual([]);
    expect(await flagsOf(b.id, admin)).toEqual([]);

    await attach(b.id, second, toGpx(shifted));
    expect(await flagsOf(a.id, admin)).toEqual([{ code: 'duplicate_track', reference: b.reference }]);
    await t.db.delete(candidates).where(eq(candidates.id, b.id));
    expect(await flagsOf(a.id, admin)).toEqual([]);
  });
});

describe('an analysis stored before the flags', () => {
  it('reads with no flag rather than failing', async () => {
    const buyer = await signedInUser(t);
    const old = await registration(buyer);
    await attach(old.id, buyer, toGpx(generated));
    await t.db
      .update(candidateTracks)
      .set({ analysis: sql`${candidateTracks.analysis} - 'flags'` })
      .where(eq(candidateTracks.candidateId, old.id));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/candidates/${old.id}/track`,
      headers: buyer.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().analysis.flags).toEqual([]);
    expect(response.json().analysis.verdict.cingle).toBe('complete');
  });
});
