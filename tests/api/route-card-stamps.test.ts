/**
 * The electronic route card (issue 43; docs/API.md, "The route card"): who reads and sends stamps, what the server
 * makes of each, a stamp sent twice stored once, and every malformed send a 400.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteCard, StampsSent } from '../../contracts/stamps.ts';
import { candidates, routeCardStamps } from '../../server/db/schema/index.ts';
import { paidOrder } from '../support/registrations.ts';
import { type PhoneStamp, phoneStamp, stampedDay, yesterdayAt } from '../support/stamps.ts';
import { candidatePayload } from '../support/orders.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInStaff, signedInUser } from '../support/users.ts';

let t: TestApp;
type Person = { auth: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A Cinglé whose kit went out by email at payment (`processed`), and its buyer. */
async function registration(epreuve = 'cingle') {
  const buyer = await signedInUser(t);
  const order = await paidOrder(t, buyer, { candidats: [candidatePayload({ email: buyer.email, epreuve })] });
  return { buyer, candidate: order.candidats[0]! };
}

const read = (candidateId: number | string, person?: Person) =>
  t.app.inject({ method: 'GET', url: `/api/candidates/${candidateId}/stamps`, headers: person?.auth ?? {} });

const send = (candidateId: number | string, person: Person | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/candidates/${candidateId}/stamps`,
    headers: person?.auth ?? {},
    payload: payload as object,
  });

async function sent(candidateId: number, person: Person, stamps: PhoneStamp[]) {
  const answer = await send(candidateId, person, { stamps });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<StampsSent>();
}

const storedCount = async (candidateId: number) =>
  (await t.db.select().from(routeCardStamps).where(eq(routeCardStamps.candidateId, candidateId))).length;

describe('reading a route card', () => {
  it('gives the buyer the controls, the first stamps expected and nothing stamped', async () => {
    const { buyer, candidate } = await registration();
    const answer = await read(candidate.id, buyer);
    expect(answer.statusCode).toBe(200);
    const card = answer.json<RouteCard>();
    expect(card).toMatchObject({ epreuve: 'cingle', open: true, stamps: [], complete: false });
    expect(card.expected).toEqual(['foot-bedoin', 'foot-malaucene', 'foot-sault']);
    expect(
      card.controls.map((control) => [control.id, control.kind, control.road, control.radius_m]),
    ).toEqual([
      ['foot-bedoin', 'foot', 'bedoin', 500],
      ['foot-malaucene', 'foot', 'malaucene', 500],
      ['foot-sault', 'foot', 'sault', 500],
      ['forest', 'road', 'forest', 800],
      ['summit', 'summit', null, 500],
    ]);
  });

  it('opens to the president and the desk; staff without their permission, another rider and a bad id get 404', async () => {
    const { candidate } = await registration();
    const president = await signedInStaff(t, ['president']);
    const desk = await signedInStaff(t, ['desk']);
    const treasurer = await signedInStaff(t, ['treasurer']);
    const other = await signedInUser(t);
    expect((await read(candidate.id, president)).statusCode).toBe(200);
    expect((await read(candidate.id, desk)).statusCode).toBe(200);
    expect((await read(candidate.id, treasurer)).statusCode).toBe(404);
    expect((await read(candidate.id, other)).statusCode).toBe(404);
    expect((await read(candidate.id)).statusCode).toBe(401);
    expect((await read(2_147_483_647, president)).statusCode).toBe(404);
    expect((await read('abc', president)).statusCode).toBe(400);
  });
});

describe('sending stamps', () => {
  it('accepts a Cinglé stamped at night, completes the card and shows it to the president', async () => {
    const { buyer, candidate } = await registration();
    const day = stampedDay('cingle');
    const answer = await sent(candidate.id, buyer, day);
    expect(answer.complete).toBe(true);
    expect(answer.results).toEqual(day.map((stamp) => ({ client_id: stamp.client_id, status: 'accepted' })));

    const president = await signedInStaff(t, ['president']);
    const card = (await read(candidate.id, president)).json<RouteCard>();
    expect(card.complete).toBe(true);
    expect(card.expected).toEqual([]);
    expect(card.stamps).toHaveLength(6);
    expect(card.stamps[0]).toEqual({
      id: expect.any(Number),
      client_id: day[0]!.client_id,
      control: 'foot-bedoin',
      at: day[0]!.at,
      received_at: expect.any(String),
      lat: day[0]!.lat,
      lon: day[0]!.lon,
      accuracy_m: 12,
      status: 'accepted',
      code: null,
      flags: [],
    });
  });

  it('stores a stamp sent twice once and answers its first result again', async () => {
    const { buyer, candidate } = await registration();
    const foot = phoneStamp('foot-sault', yesterdayAt(3));
    const far = phoneStamp('summit', yesterdayAt(5), { lat: 44.3 });
    const first = await sent(candidate.id, buyer, [foot, far]);
    expect(first.results).toEqual([
      { client_id: foot.client_id, status: 'accepted' },
      { client_id: far.client_id, status: 'refused', code: 'too_far' },
    ]);
    // The phone did not hear the answer and sends both again, the refused one moved closer: nothing changes.
    const again = await sent(candidate.id, buyer, [foot, { ...far, lat: 44.174 }]);
    expect(again).toEqual(first);
    expect(await storedCount(candidate.id)).toBe(2);
    const summit = phoneStamp('summit', yesterdayAt(5));
    expect((await sent(candidate.id, buyer, [summit])).results).toEqual([
      { client_id: summit.client_id, status: 'accepted' },
    ]);
    expect(await storedCount(candidate.id)).toBe(3);
  });

  it('stores a stamp once when two sends carry it at the same time', async () => {
    const { buyer, candidate } = await registration();
    const day = stampedDay('cingle').slice(0, 2);
    const [a, b] = await Promise.all([sent(candidate.id, buyer, day), sent(candidate.id, buyer, day)]);
    expect(a).toEqual(b);
    expect(a.results.every((result) => result.status === 'accepted')).toBe(true);
    expect(await storedCount(candidate.id)).toBe(2);
  });

  it('refuses each stamp by its code and flags what a person should look at', async () => {
    const { buyer, candidate } = await registration();
    const stamps = [
      phoneStamp('foot-bedoin', yesterdayAt(1), { lat: null, lon: null, accuracy_m: null }),
      phoneStamp('summit', yesterdayAt(1, 40), { accuracy_m: 250 }),
      phoneStamp('chalet-reynard', yesterdayAt(2)),
      phoneStamp('summit', new Date(Date.now() + 10 * 60_000)),
      phoneStamp('foot-sault', new Date(yesterdayAt(1).getTime() - 2 * 86_400_000)),
    ];
    const { results, complete } = await sent(candidate.id, buyer, stamps);
    expect(complete).toBe(false);
    expect(results.map((result) => result.code ?? result.status)).toEqual([
      'accepted',
      'accepted',
      'unknown_control',
      'future',
      'wrong_day',
    ]);
    const card = (await read(candidate.id, buyer)).json<RouteCard>();
    const flags = Object.fromEntries(card.stamps.map((stamp) => [stamp.client_id, stamp.flags]));
    expect(flags[stamps[0]!.client_id]).toEqual(['no_position']);
    expect(flags[stamps[1]!.client_id]).toEqual(['inaccurate', 'implausible_time']);
  });

  it('refuses every stamp of a registration whose kit has not gone out, or that is decided: not_open', async () => {
    const { buyer, candidate } = await registration();
    for (const statut of ['to_process', 'homologated'] as const) {
      await t.db.update(candidates).set({ statut }).where(eq(candidates.id, candidate.id));
      const { results } = await sent(candidate.id, buyer, [phoneStamp('foot-bedoin', yesterdayAt(1))]);
      expect(results[0]).toMatchObject({ status: 'refused', code: 'not_open' });
    }
    expect((await read(candidate.id, buyer)).json<RouteCard>().open).toBe(false);
  });

  it('is the buyer’s alone: anyone else gets 404, a visitor 401', async () => {
    const { candidate } = await registration();
    const president = await signedInStaff(t, ['president']);
    const other = await signedInUser(t);
    const body = { stamps: [phoneStamp('foot-bedoin', yesterdayAt(1))] };
    expect((await send(candidate.id, president, body)).statusCode).toBe(404);
    expect((await send(candidate.id, other, body)).statusCode).toBe(404);
    expect((await send(candidate.id, undefined, body)).statusCode).toBe(401);
    expect(await storedCount(candidate.id)).toBe(0);
  });

  it('answers 400 to any malformed send, and stores nothing', async () => {
    const { buyer, candidate } = await registration();
    const good = phoneStamp('foot-bedoin', yesterdayAt(1));
    const bodies: unknown[] = [
      {},
      { stamps: [] },
      { stamps: 'foot-bedoin' },
      { stamps: Array.from({ length: 51 }, () => phoneStamp('foot-bedoin', yesterdayAt(1))) },
      { stamps: [good, good] },
      { stamps: [{ ...good, client_id: 'short' }] },
      { stamps: [{ ...good, client_id: 'x'.repeat(65) }] },
      { stamps: [{ ...good, client_id: 'has spaces in it' }] },
      { stamps: [{ ...good, control: '' }] },
      { stamps: [{ ...good, control: 'x'.repeat(41) }] },
      { stamps: [{ ...good, control: 'summit\u0000' }] },
      { stamps: [{ ...good, at: 'yesterday' }] },
      { stamps: [{ ...good, at: '2026-02-30T10:00:00Z' }] },
      { stamps: [{ ...good, at: '2026-07-14T10:00:00' }] },
      { stamps: [{ ...good, at: '1999-07-14T10:00:00Z' }] },
      { stamps: [{ ...good, at: 1752480000000 }] },
      { stamps: [{ ...good, lat: null }] },
      { stamps: [{ ...good, lat: 91 }] },
      { stamps: [{ ...good, lon: -181 }] },
      { stamps: [{ ...good, lat: '44.1' }] },
      { stamps: [{ ...good, accuracy_m: -1 }] },
      { stamps: [{ ...good, accuracy_m: undefined }] },
      { stamps: [null] },
    ];
    for (const body of bodies) {
      const answer = await send(candidate.id, buyer, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(answer.json()).toMatchObject({ error: { code: 'validation' } });
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${candidate.id}/stamps`,
      headers: { ...buyer.auth, 'content-type': 'application/json' },
      payload: '{"stamps": [',
    });
    expect(raw.statusCode).toBe(400);
    expect(await storedCount(candidate.id)).toBe(0);
  });
});
