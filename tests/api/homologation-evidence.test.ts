/**
 * The president's desk (docs/API.md, "Evidence", "Batch homologation", "Evidence requests"): the evidence beside
 * each returned card and its filters, homologating clean cards at once, and asking a rider for more.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateRow } from '../../contracts/admin.ts';
import { today } from '../../domain/dates.ts';
import type { StoredTrackAnalysis } from '../../domain/schemas/track.ts';
import { openDatabase } from '../../server/db/client.ts';
import {
  auditLog,
  candidateTracks,
  candidates,
  evidenceRequests,
  homologations,
  mailOutbox,
} from '../../server/db/schema/index.ts';
import { createServices } from '../../server/services/index.ts';
import { candidatePayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { cingleRide } from '../support/rides.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { toGpx } from '../support/track-files.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
// Ridden today (the club's day): a homologation may be neither in the future nor before the registration. Each
// rider's receiver writes its own positions (another seed): the same file twice would be a duplicate_track.
let seed = 0;
const rideFile = () => toGpx(cingleRide(`${today()}T04:00:00Z`, { sampleS: 20, seed: (seed += 1) }).points);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

type Buyer = Awaited<ReturnType<typeof signedInUser>>;

/** A paid adult cingle registration of `buyer`, registered for a rider of `email`. */
async function registration(buyer: Buyer, email = buyer.email, lang?: string) {
  const order = await paidOrder(
    t,
    buyer,
    { candidats: [candidatePayload({ email, nom: `Rider${Math.floor(Math.random() * 1e6)}` })] },
    { lang },
  );
  return order.candidats[0]!;
}

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({ method, url, headers: { ...admin.auth, ...headers }, ...(payload ? { payload } : {}) });

const scan = async (reference: string) => {
  const answer = await asAdmin('POST', '/api/admin/scan', { text: reference, confirm: true });
  expect(answer.statusCode).toBe(200);
};

const attach = (buyer: Buyer, candidateId: number, file = rideFile()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/candidates/${candidateId}/track`,
    headers: { ...buyer.auth, 'content-type': 'application/gpx+xml' },
    payload: Buffer.from(file),
    remoteAddress: `10.30.${candidateId % 250}.1`,
  });

/** What the plausibility check would say of a generated ride, written into the stored analysis. */
async function flagStoredRide(candidateId: number) {
  const [row] = await t.db.select().from(candidateTracks).where(eq(candidateTracks.candidateId, candidateId));
  const analysis: StoredTrackAnalysis = {
    ...row!.analysis,
    flags: [{ code: 'synthetic_timing', road: 'bedoin', km: 4.2, basis: 'speed_ignores_gradient' }],
  };
  await t.db.update(candidateTracks).set({ analysis }).where(eq(candidateTracks.candidateId, candidateId));
}

async function inProgress(query = '') {
  const answer = await asAdmin('GET', `/api/admin/candidates?list=in_progress&pageSize=100${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.json<{ items: CandidateRow[]; total: number }>();
}

const ask = (candidateId: number, message: string, auth: object = admin.auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/candidates/${candidateId}/evidence-requests`,
    headers: auth as Record<string, string>,
    payload: { message },
  });

/** Four returned cards: a clean ride, no ride, a flagged ride, and one the club asked about. */
async function season() {
  const buyer = await signedInUser(t);
  const clean = await registration(buyer);
  const missing = await registration(buyer);
  const flagged = await registration(buyer);
  const requested = await registration(buyer);
  for (const candidate of [clean, flagged, requested])
    expect((await attach(buyer, candidate.id)).statusCode).toBe(200);
  await flagStoredRide(flagged.id);
  for (const candidate of [clean, missing, flagged, requested]) await scan(candidate.reference);
  expect((await ask(requested.id, 'Please send the file from your bike computer.')).statusCode).toBe(201);
  return { buyer, clean, missing, flagged, requested };
}

describe('the evidence in the list of cards in progress', () => {
  it('shows each card’s evidence and filters and sorts by it', async () => {
    const { clean, missing, flagged, requested } = await season();
    const { items } = await inProgress();
    const row = (id: number) => items.find((item) => item.id === id)!;

    expect(row(clean.id).evidence).toEqual({
      state: 'clean',
      card_received_at: expect.stringMatching(/^\d{4}-/),
      track: { verdict: 'complete', source: 'file', day: today(), flags: [] },
      stamps: null,
      request: null,
    });
    expect(row(missing.id).evidence).toMatchObject({ state: 'missing', track: null, request: null });
    expect(row(flagged.id).evidence).toMatchObject({
      state: 'flagged',
      track: { verdict: 'complete', flags: [{ code: 'synthetic_timing', road: 'bedoin', km: 4.2 }] },
    });
    expect(row(requested.id).evidence).toMatchObject({
      state: 'requested',
      request: { asked_at: expect.any(String), answered_at: null },
    });

    const ids = async (filter: string) =>
      (await inProgress(`&evidence=${filter}`)).items.map((item) => item.id);
    expect(await ids('clean')).toContain(clean.id);
    for (const [filter, id] of [
      ['clean', clean.id],
      ['missing', missing.id],
      ['flagged', flagged.id],
      ['requested', requested.id],
    ] as const) {
      const found = await ids(filter);
      expect(found).toContain(id);
      expect(
        (await inProgress(`&evidence=${filter}`)).items.every((item) => item.evidence!.state === filter),
      ).toBe(true);
    }

    const sorted = (await inProgress('&sort=evidence&order=asc')).items.map((item) => item.evidence!.state);
    const rank = ['clean', 'flagged', 'requested', 'review', 'missing'];
    expect(sorted).toEqual([...sorted].sort((a, b) => rank.indexOf(a) - rank.indexOf(b)));

    expect((await asAdmin('GET', '/api/admin/candidates?list=in_progress&evidence=shiny')).statusCode).toBe(
      400,
    );
    // The other lists carry no evidence.
    const history = await asAdmin('GET', '/api/admin/candidates?list=history');
    expect(history.json<{ items: CandidateRow[] }>().items.every((item) => item.evidence === undefined)).toBe(
      true,
    );
  });
});

describe('the same ride attached twice', () => {
  it('flags both cards in the list, each naming the other, and the batch refuses them', async () => {
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const a = await registration(first);
    const b = await registration(second);
    const copied = rideFile();
    for (const [buyer, card] of [
      [first, a],
      [second, b],
    ] as const) {
      expect((await attach(buyer, card.id, copied)).statusCode).toBe(200);
      await scan(card.reference);
    }
    const { items } = await inProgress('&evidence=flagged');
    expect(items.find((item) => item.id === a.id)!.evidence!.track!.flags).toEqual([
      { code: 'duplicate_track', reference: b.reference },
    ]);
    expect(items.find((item) => item.id === b.id)!.evidence!.track!.flags).toEqual([
      { code: 'duplicate_track', reference: a.reference },
    ]);
    const answer = await asAdmin('POST', '/api/admin/homologations/batch', {
      items: [{ candidate_id: a.id }, { candidate_id: b.id }],
    });
    expect(answer.json().results.map((line: { code: string }) => line.code)).toEqual([
      'track_flagged',
      'track_flagged',
    ]);
  });
});

describe('POST /api/admin/homologations/batch', () => {
  const batch = (items: object[], key?: string) =>
    asAdmin('POST', '/api/admin/homologations/batch', { items }, key ? { 'idempotency-key': key } : {});

  it('homologates the clean cards in order, refuses the doubtful ones with their reason, and skips the done', async () => {
    const { clean, missing, flagged, requested, buyer } = await season();
    const second = await registration(buyer);
    await attach(buyer, second.id);
    await scan(second.reference);
    const withDate = await registration(buyer);
    await scan(withDate.reference);
    const notBack = await registration(buyer);

    const items = [
      { candidate_id: clean.id },
      { candidate_id: missing.id },
      { candidate_id: flagged.id },
      { candidate_id: requested.id },
      { candidate_id: notBack.id },
      { candidate_id: second.id },
      { candidate_id: withDate.id, date_passage: today() },
      { candidate_id: 2_000_000_000 },
    ];
    const answer = await batch(items, 'batch-key-0001');
    expect(answer.statusCode).toBe(200);
    const { results } = answer.json<{
      results: { candidate_id: number; status: string; numero?: number; code?: string }[];
    }>();
    expect(results.map(({ numero: _numero, ...line }) => line)).toEqual([
      { candidate_id: clean.id, status: 'homologated' },
      { candidate_id: missing.id, status: 'refused', code: 'date_missing' },
      { candidate_id: flagged.id, status: 'refused', code: 'track_flagged' },
      { candidate_id: requested.id, status: 'refused', code: 'request_open' },
      { candidate_id: notBack.id, status: 'refused', code: 'card_missing' },
      { candidate_id: second.id, status: 'homologated' },
      { candidate_id: withDate.id, status: 'homologated' },
      { candidate_id: 2_000_000_000, status: 'refused', code: 'not_found' },
    ]);
    const numbers = results.filter((line) => line.status === 'homologated').map((line) => line.numero!);
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[1]! + 1);

    // Each is a whole homologation: the day of the ride, the rider told, the volunteer named in the history.
    const [record] = await t.db.select().from(homologations).where(eq(homologations.candidateId, clean.id));
    expect(record).toMatchObject({ date_passage: today(), epreuve: 'cingle', homologateurId: admin.id });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'candidate.homologated'), eq(auditLog.entityId, String(clean.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);
    const refusedRows = await t.db
      .select({ statut: candidates.statut })
      .from(candidates)
      .where(inArray(candidates.id, [missing.id, flagged.id, requested.id]));
    expect(refusedRows.every((row) => row.statut === 'card_received')).toBe(true);

    // The same key answers the same lines, and gives no new number.
    const count = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(homologations))[0]!.n;
    const before = await count();
    const again = await batch(items, 'batch-key-0001');
    expect(again.json()).toEqual(answer.json());
    expect(await count()).toBe(before);

    // The same key for other items is an error, not a wrong answer.
    const reused = await batch([{ candidate_id: missing.id, date_passage: today() }], 'batch-key-0001');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('idempotency_key_reused');

    // Another batch skips what is done: never a second number.
    const later = await batch([
      { candidate_id: clean.id },
      { candidate_id: missing.id, date_passage: today() },
    ]);
    expect(later.json().results).toEqual([
      { candidate_id: clean.id, status: 'skipped', code: 'already_homologated' },
      { candidate_id: missing.id, status: 'homologated', numero: numbers[2]! + 1 },
    ]);
  });

  it('refuses a day in the future and one before the registration, item by item', async () => {
    const buyer = await signedInUser(t);
    const card = await registration(buyer);
    await scan(card.reference);
    const answer = await batch([{ candidate_id: card.id, date_passage: '2099-07-14' }]);
    expect(answer.json().results).toEqual([
      { candidate_id: card.id, status: 'refused', code: 'date_invalid' },
    ]);
    const before = await batch([{ candidate_id: card.id, date_passage: '2001-07-14' }]);
    expect(before.json().results[0].code).toBe('date_invalid');
  });

  it('checks the body: items, each id once, at most 200, real days', async () => {
    for (const items of [
      [],
      [{ candidate_id: 1 }, { candidate_id: 1 }],
      Array.from({ length: 201 }, (_, index) => ({ candidate_id: index + 1 })),
      [{ candidate_id: 1, date_passage: '2026-02-30' }],
      [{ candidate_id: 'one' }],
    ]) {
      const answer = await batch(items);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('validation');
    }
  });
});

describe('asking the rider for more', () => {
  it('mails the buyer and the rider in the order’s language, and the ride attached after it answers it', async () => {
    const buyer = await signedInUser(t);
    const card = await registration(buyer, 'rider.elsewhere@example.org', 'de');
    await attach(buyer, card.id);
    await scan(card.reference);

    const asked = await ask(card.id, 'Bitte senden Sie die Originaldatei Ihres Radcomputers.');
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toEqual({
      id: expect.any(Number),
      message: 'Bitte senden Sie die Originaldatei Ihres Radcomputers.',
      asked_by: { id: admin.id, name: expect.any(String) },
      asked_at: expect.any(String),
      answered_at: null,
    });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [buyer.email, 'rider.elsewhere@example.org']))
      .orderBy(asc(mailOutbox.id));
    const requestMails = mails.filter((mail) => mail.text.includes('Originaldatei'));
    expect(requestMails.map((mail) => mail.to).sort()).toEqual(
      [buyer.email, 'rider.elsewhere@example.org'].sort(),
    );
    expect(requestMails[0]!.subject).toContain(card.reference);
    expect(requestMails[0]!.text).toContain(`/de/account?tab=orders#registration-${card.reference}`);

    // One open request at a time.
    const twice = await ask(card.id, 'And again?');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('evidence_request_open');

    // The buyer sees it on the account page's registration, and the ride is what it waits for.
    const order = await t.app.inject({ method: 'GET', url: '/api/orders', headers: buyer.auth });
    const progress = order
      .json<{ candidats: { id: number; progress: { evidence_request: unknown } }[] }[]>()
      .flatMap((entry) => entry.candidats)
      .find((candidate) => candidate.id === card.id)!.progress;
    expect(progress.evidence_request).toEqual({
      message: 'Bitte senden Sie die Originaldatei Ihres Radcomputers.',
      asked_at: expect.any(String),
      answered_at: null,
    });

    const dashboard = async () =>
      (await asAdmin('GET', '/api/admin/dashboard')).json<{ counts: { evidence_answered: number } }>().counts
        .evidence_answered;
    const answeredBefore = await dashboard();
    expect((await attach(buyer, card.id)).statusCode).toBe(200);
    const [stored] = await t.db
      .select()
      .from(evidenceRequests)
      .where(eq(evidenceRequests.candidateId, card.id));
    expect(stored!.answeredAt).toBeInstanceOf(Date);
    expect(await dashboard()).toBe(answeredBefore + 1);
    const { items } = await inProgress();
    expect(items.find((item) => item.id === card.id)!.evidence).toMatchObject({
      state: 'clean',
      request: { answered_at: expect.any(String) },
    });
    const detail = await asAdmin('GET', `/api/admin/candidates/${card.id}`);
    expect(detail.json().evidenceRequests).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('Originaldatei'),
        answered_at: expect.any(String),
      }),
    ]);
    // Answered: the volunteer may ask again.
    expect((await ask(card.id, 'Danke! Noch eine Frage.')).statusCode).toBe(201);
  });

  it('refuses a registration the ride can no longer help, an empty message, and an unknown candidate', async () => {
    const buyer = await signedInUser(t);
    const card = await registration(buyer);
    await scan(card.reference);
    await asAdmin('POST', `/api/admin/candidates/${card.id}/reject`, {
      reason: 'Card not stamped at the summit',
    });
    expect((await ask(card.id, 'Send the ride')).statusCode).toBe(409);
    const empty = await ask(card.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.message).toBeTruthy();
    expect((await ask(2_000_000_000, 'Hello')).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('answers 401 without a session and 403 to a rider, before reading the body', async () => {
    const rider = await signedInUser(t);
    const routes = [
      ['POST', '/api/admin/homologations/batch'],
      ['POST', '/api/admin/candidates/1/evidence-requests'],
      ['GET', '/api/admin/candidates?list=in_progress&evidence=clean'],
    ] as const;
    for (const [method, url] of routes) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode,
      ).toBe(401);
      expect(
        (
          await t.app.inject({
            method,
            url,
            headers: rider.auth,
            payload: method === 'POST' ? {} : undefined,
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it('keeps another buyer’s request out of reach: the account shows only one’s own registrations', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const card = await registration(owner);
    await scan(card.reference);
    await ask(card.id, 'Private words for the owner');
    const theirs = await t.app.inject({ method: 'GET', url: '/api/orders', headers: stranger.auth });
    expect(theirs.body).not.toContain('Private words');
    // Attaching to someone else's registration answers nothing and is 404.
    expect((await attach(stranger, card.id)).statusCode).toBe(404);
    const [open] = await t.db
      .select()
      .from(evidenceRequests)
      .where(eq(evidenceRequests.candidateId, card.id));
    expect(open!.answeredAt).toBeNull();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two instances homologating at once', () => {
  it('gives each card one number, and the numbers follow without a gap or a repeat', async () => {
    const buyer = await signedInUser(t);
    const cards = [];
    for (let index = 0; index < 6; index += 1) {
      const card = await registration(buyer);
      await attach(buyer, card.id);
      await scan(card.reference);
      cards.push(card);
    }
    const other = await openDatabase({ databaseUrl: t.database.url!, dataDir: 'unused' });
    const secondInstance = createServices({ db: other.db, config: t.config, mailDelivery: 'manual' });
    try {
      const items = cards.map((card) => ({ candidate_id: card.id }));
      const caller = await t.services.sessions.findUser(admin.token);
      const [first, second] = await Promise.all([
        t.services.homologations.homologateBatch(caller, { items }, 'race-instance-one'),
        secondInstance.homologations.homologateBatch(
          caller,
          { items: [...items].reverse() },
          'race-instance-two',
        ),
      ]);
      const lines = [...first.results, ...second.results];
      for (const card of cards) {
        const statuses = lines
          .filter((line) => line.candidate_id === card.id)
          .map((line) => line.status)
          .sort();
        expect(statuses).toEqual(['homologated', 'skipped']);
      }
      const rows = await t.db
        .select({ numero: homologations.numero })
        .from(homologations)
        .where(
          inArray(
            homologations.candidateId,
            cards.map((card) => card.id),
          ),
        );
      const numbers = rows.map((row) => row.numero).sort((a, b) => a - b);
      expect(numbers).toHaveLength(6);
      expect(numbers.at(-1)! - numbers[0]!).toBe(5);
    } finally {
      await secondInstance.close();
      await other.close();
    }
  });
});
