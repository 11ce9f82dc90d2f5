import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  candidates,
  candidateTracks,
  orders,
  payments,
  sessions,
  users,
} from '../../server/db/schema/index.ts';
import { candidatePayload, orderPayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { cingleRide } from '../support/rides.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { toGpx } from '../support/track-files.ts';
import { PASSWORD, signIn, signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
const gpxFile = toGpx(cingleRide(undefined, { sampleS: 60 }).points);
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const remove = (headers: Record<string, string>, payload: unknown = { current_password: PASSWORD }) =>
  t.app.inject({ method: 'DELETE', url: '/api/account', headers, payload: payload as object });

const attach = (user: User, candidateId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/candidates/${candidateId}/track`,
    headers: { ...user.auth, 'content-type': 'application/gpx+xml' },
    payload: Buffer.from(gpxFile),
    remoteAddress: '10.3.0.1',
  });

/** A paid order with a track on its first candidate, and an order left unpaid. */
async function rider(): Promise<{ user: User; paidId: number; pendingId: number; candidateIds: number[] }> {
  const user = await signedInUser(t);
  const paid = await paidOrder(t, user);
  expect((await attach(user, paid.candidats[0]!.id)).statusCode).toBe(200);
  const pending = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.auth,
    payload: {
      ...orderPayload({ candidats: [candidatePayload({ prenom: 'Anne' })] }),
    },
  });
  expect(pending.statusCode).toBe(201);
  const rows = await t.db
    .select({ id: candidates.id })
    .from(candidates)
    .where(inArray(candidates.orderId, [paid.id, pending.json<{ id: number }>().id]));
  return {
    user,
    paidId: paid.id,
    pendingId: pending.json<{ id: number }>().id,
    candidateIds: rows.map((r) => r.id),
  };
}

describe('DELETE /api/account', () => {
  it('asks for a sign-in (401) and a password (400)', async () => {
    expect((await remove({})).statusCode).toBe(401);
    const user = await signedInUser(t);
    const empty = await remove(user.auth, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('validation');
  });

  it('refuses a wrong password with 400 wrong_current_password and changes nothing', async () => {
    const user = await signedInUser(t);
    const response = await remove(user.auth, { current_password: 'Wrong-password1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'wrong_current_password',
      fields: { current_password: 'validation:wrong_current_password' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.auth })).statusCode).toBe(200);
  });

  it('deletes the account, its registrations and tracks, keeps paid orders without owner, ends the sessions', async () => {
    const mine = await rider();
    const other = await rider();
    const secondSession = await signIn(t, mine.user.email);

    const response = await remove(mine.user.auth);
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/session=;.*Expires=Thu, 01 Jan 1970/);

    for (const token of [mine.user.token, secondSession]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(401);
    }
    expect(await t.db.select().from(users).where(eq(users.id, mine.user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, mine.user.id))).toEqual([]);
    expect(await t.db.select().from(candidates).where(inArray(candidates.id, mine.candidateIds))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(candidateTracks)
        .where(inArray(candidateTracks.candidateId, mine.candidateIds)),
    ).toEqual([]);
    // The paid order stays for the accounts, with its payment, but belongs to no one; the unpaid one is gone.
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, mine.paidId));
    expect(kept).toMatchObject({ status: 'paid', userId: null });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, mine.paidId))).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.id, mine.pendingId))).toEqual([]);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, mine.pendingId))).toEqual([]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'account.delete'));
    expect(audit).toMatchObject({ entity: 'user', entityId: String(mine.user.id), actorId: null });
    expect(JSON.stringify(audit)).not.toContain(mine.user.email);

    // Another person's data is untouched.
    expect(
      await t.db.select().from(candidates).where(inArray(candidates.id, other.candidateIds)),
    ).toHaveLength(3);
    expect(
      await t.db
        .select()
        .from(candidateTracks)
        .where(inArray(candidateTracks.candidateId, other.candidateIds)),
    ).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: other.user.auth })).statusCode).toBe(
      200,
    );
    const track = await t.app.inject({
      method: 'GET',
      url: `/api/candidates/${other.candidateIds[0]}/track`,
      headers: other.user.auth,
    });
    expect(track.statusCode).toBe(200);

    // The address can no longer sign in, and is free for a new account.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: mine.user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('keeps the club from losing its last administrator (409), not an administrator among others', async () => {
    await t.db.update(users).set({ roles: [] });
    const first = await signedInAdmin(t);
    const refused = await remove(first.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('last_admin');
    await signedInAdmin(t);
    expect((await remove(first.auth)).statusCode).toBe(204);
  });
});
