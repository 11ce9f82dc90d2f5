/**
 * The electronic route card at the president's desk (issue 43, decision 0049; docs/API.md, "Evidence"): stamps
 * beside each returned card, complete stamps making a card clean without a ride, the batch taking their day, and
 * an open request to the rider listed before a flag.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateRow } from '../../contracts/admin.ts';
import { addDays, today } from '../../domain/dates.ts';
import type { StoredTrackAnalysis } from '../../domain/schemas/track.ts';
import { candidateTracks, candidates, homologations } from '../../server/db/schema/index.ts';
import { candidatePayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { cingleRide } from '../support/rides.ts';
import { type PhoneStamp, phoneStamp, stampedDay, yesterdayAt } from '../support/stamps.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { toGpx } from '../support/track-files.ts';
import { signedInStaff, signedInUser } from '../support/users.ts';

let t: TestApp;
let president: Awaited<ReturnType<typeof signedInStaff>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  president = await signedInStaff(t, ['president', 'desk']);
  buyer = await signedInUser(t);
});
afterAll(async () => {
  await t.close();
});

const asPresident = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: president.auth, ...(payload ? { payload } : {}) });

/** A Galérien registered three days ago (the stamps of yesterday come after it), kit sent by email. */
async function registration(epreuve = 'galerien') {
  const order = await paidOrder(t, buyer, {
    candidats: [
      candidatePayload({ email: buyer.email, epreuve, nom: `Rider${Math.floor(Math.random() * 1e6)}` }),
    ],
  });
  const candidate = order.candidats[0]!;
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
  await t.db.update(candidates).set({ createdAt: threeDaysAgo }).where(eq(candidates.id, candidate.id));
  return candidate;
}

async function stamp(candidateId: number, stamps: PhoneStamp[]) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/candidates/${candidateId}/stamps`,
    headers: buyer.auth,
    payload: { stamps },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function scan(reference: string) {
  expect((await asPresident('POST', '/api/admin/scan', { text: reference, confirm: true })).statusCode).toBe(
    200,
  );
}

async function inProgress() {
  const answer = await asPresident('GET', '/api/admin/candidates?list=in_progress&pageSize=100');
  expect(answer.statusCode).toBe(200);
  return answer.json<{ items: CandidateRow[] }>().items;
}

const yesterday = () => addDays(today(), -1);

/** Four cards back: stamps complete, stamps short of the challenge, a flagged stamp, a flagged stamp asked about. */
async function stampedCards() {
  const complete = await registration();
  await stamp(complete.id, stampedDay('galerien'));
  const short = await registration();
  await stamp(short.id, stampedDay('cingle'));
  const flagged = await registration('cingle');
  const day = stampedDay('cingle');
  day[1] = { ...day[1]!, lat: null, lon: null, accuracy_m: null };
  await stamp(flagged.id, day);
  const asked = await registration('cingle');
  await stamp(asked.id, [phoneStamp('foot-sault', yesterdayAt(2), { accuracy_m: 400 })]);
  for (const card of [complete, short, flagged, asked]) await scan(card.reference);
  const request = await asPresident('POST', `/api/admin/candidates/${asked.id}/evidence-requests`, {
    message: 'Did you ride the Sault road?',
  });
  expect(request.statusCode).toBe(201);
  return { complete, short, flagged, asked };
}

describe('the stamps in the list of cards in progress', () => {
  it('show beside each card, complete stamps make a card clean, and a request ranks before a flag', async () => {
    const { complete, short, flagged, asked } = await stampedCards();
    const items = await inProgress();
    const row = (id: number) => items.find((item) => item.id === id)!.evidence!;

    expect(row(complete.id)).toMatchObject({
      state: 'clean',
      track: null,
      stamps: { complete: true, count: 9, expected: [], flags: [], day: yesterday() },
    });
    expect(row(short.id)).toMatchObject({
      state: 'review',
      stamps: { complete: false, count: 6, expected: ['foot-bedoin'], flags: [] },
    });
    expect(row(flagged.id)).toMatchObject({
      state: 'flagged',
      stamps: { complete: true, flags: ['no_position'] },
    });
    expect(row(asked.id)).toMatchObject({
      state: 'requested',
      stamps: { complete: false, count: 1, flags: ['inaccurate'] },
      request: { answered_at: null },
    });
    const filtered = await asPresident('GET', '/api/admin/candidates?list=in_progress&evidence=requested');
    expect(filtered.json<{ items: CandidateRow[] }>().items.map((item) => item.id)).toContain(asked.id);
  });

  it('ranks a request before a flagged ride too', async () => {
    const card = await registration('cingle');
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${card.id}/track`,
      headers: { ...buyer.auth, 'content-type': 'application/gpx+xml' },
      payload: Buffer.from(toGpx(cingleRide(`${today()}T04:00:00Z`, { sampleS: 20, seed: 7 }).points)),
      remoteAddress: '10.31.0.1',
    });
    expect(attached.statusCode).toBe(200);
    const [stored] = await t.db
      .select()
      .from(candidateTracks)
      .where(eq(candidateTracks.candidateId, card.id));
    const analysis: StoredTrackAnalysis = {
      ...stored!.analysis,
      flags: [{ code: 'synthetic_timing', basis: 'uniform_steps' }],
    };
    await t.db.update(candidateTracks).set({ analysis }).where(eq(candidateTracks.candidateId, card.id));
    await scan(card.reference);
    const row = async () => (await inProgress()).find((item) => item.id === card.id)!.evidence!.state;
    expect(await row()).toBe('flagged');
    await asPresident('POST', `/api/admin/candidates/${card.id}/evidence-requests`, {
      message: 'Which device?',
    });
    expect(await row()).toBe('requested');
  });
});

describe('the batch homologation with stamps', () => {
  it('homologates complete stamps on their day and refuses stamps flagged or short', async () => {
    const { complete, short, flagged, asked } = await stampedCards();
    const answer = await asPresident('POST', '/api/admin/homologations/batch', {
      items: [complete, short, flagged, asked].map((card) => ({ candidate_id: card.id })),
    });
    expect(answer.statusCode).toBe(200);
    expect(
      answer.json().results.map((line: { status: string; code?: string }) => line.code ?? line.status),
    ).toEqual(['homologated', 'stamps_not_complete', 'stamps_flagged', 'stamps_flagged']);
    const [record] = await t.db
      .select()
      .from(homologations)
      .where(eq(homologations.candidateId, complete.id));
    expect(record).toMatchObject({ date_passage: yesterday(), epreuve: 'galerien' });
  });
});
