/**
 * A buyer changes a paid registration before a volunteer starts on it (PATCH /api/candidates/{id},
 * PATCH /api/orders/{id}): what may change and until when, the checks of the order, the history, the documents
 * drawn and sent again, the permissions, and a volunteer and a buyer acting at the same moment.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../domain/dates.ts';
import { auditLog, candidates, documents, mailOutbox } from '../../server/db/schema/index.ts';
import { candidatePayload, minorCandidate, orderPayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
type Buyer = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const patchCandidate = (buyer: Buyer | null, id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/candidates/${id}`, headers: buyer?.auth ?? {}, payload });
const patchOrder = (buyer: Buyer | null, id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: buyer?.auth ?? {}, payload });
const adminPost = (url: string, ids: number[]) =>
  t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: admin.auth, payload: { ids } });

async function candidateRow(id: number) {
  const [row] = await t.db.select().from(candidates).where(eq(candidates.id, id));
  return row!;
}

/** Oldest first, so that `.at(-1)` is the latest (PostgreSQL gives no order otherwise). */
const mailsTo = (to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));

const historyOf = (candidateId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'candidate'), eq(auditLog.entityId, String(candidateId))))
    .orderBy(asc(auditLog.id));

const postalOrder = (buyer: Buyer, overrides: Record<string, unknown> = {}) =>
  paidOrder(t, buyer, { mode_livraison: 'postal', candidats: [candidatePayload()], ...overrides });

describe('a candidate of a posted kit, before a volunteer starts on it', () => {
  let buyer: Buyer;
  let candidateId: number;

  beforeAll(async () => {
    buyer = await signedInUser(t);
    const order = await postalOrder(buyer);
    candidateId = order.candidats[0]!.id;
  });

  it('is offered for change, fully, in the buyer’s orders', async () => {
    const orders = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: buyer.auth })).json();
    expect(orders[0].delivery_changeable).toBe(true);
    expect(orders[0].candidats[0].changeable).toBe('all');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/candidates/${candidateId}`,
      headers: buyer.auth,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: candidateId,
      statut: 'to_process',
      mode_livraison: 'postal',
      changeable: 'all',
      fields: { nom: 'Durand', prenom: 'Paul', epreuve: 'cingle', ville: 'Malaucène' },
    });
  });

  it('takes a corrected name and another challenge, records who changed what, and draws new documents', async () => {
    const [before] = await t.db.select().from(documents).where(eq(documents.candidateId, candidateId));
    const answer = await patchCandidate(buyer, candidateId, { nom: 'Durant', epreuve: 'galerien' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      changed: ['nom', 'epreuve'],
      fields: { nom: 'Durant', epreuve: 'galerien' },
    });
    const row = await candidateRow(candidateId);
    expect([row.nom, row.epreuve, row.statut]).toEqual(['Durant', 'galerien', 'to_process']);
    const entry = (await historyOf(candidateId)).at(-1)!;
    expect(entry).toMatchObject({
      actorId: buyer.id,
      action: 'candidate.changed_by_buyer',
      before: { nom: 'Durand', epreuve: 'cingle' },
      after: { nom: 'Durant', epreuve: 'galerien' },
    });
    const [after] = await t.db.select().from(documents).where(eq(documents.candidateId, candidateId));
    expect(after!.path).not.toBe(before!.path);
  });

  it('writes the phone number in international form, as the order does', async () => {
    const answer = await patchCandidate(buyer, candidateId, { portable: '06 99 88 77 66' });
    expect(answer.statusCode).toBe(200);
    expect((await candidateRow(candidateId)).portable).toBe('+33699887766');
  });

  it('changes nothing and records nothing for the same values', async () => {
    const entries = (await historyOf(candidateId)).length;
    const answer = await patchCandidate(buyer, candidateId, { nom: 'Durant' });
    expect(answer.json().changed).toEqual([]);
    expect(await historyOf(candidateId)).toHaveLength(entries);
  });

  it('checks the change with the order’s rules and keeps what is stored on a refusal', async () => {
    const answer = await patchCandidate(buyer, candidateId, { email: 'not an address', code_postal: '1' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      code: 'validation',
      fields: { email: 'validation:email_invalid', code_postal: expect.stringMatching(/^validation:/) },
    });
    expect((await candidateRow(candidateId)).email).toBe('paul.durand@example.org');
  });

  it('refuses a status, a statement or any field it does not know', async () => {
    for (const payload of [{ statut: 'homologated' }, { attestation_assurance: false }, { nom: 12 }]) {
      const answer = await patchCandidate(buyer, candidateId, payload);
      expect(answer.statusCode).toBe(400);
    }
    expect((await candidateRow(candidateId)).statut).toBe('to_process');
  });

  it('keeps an adult an adult', async () => {
    const answer = await patchCandidate(buyer, candidateId, { date_naissance: addDays(today(), -16 * 366) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.fields).toEqual({ date_naissance: 'validation:stays_adult' });
  });

  it('is nobody else’s: another user gets 404, a visitor 401', async () => {
    const stranger = await signedInUser(t);
    expect((await patchCandidate(stranger, candidateId, { nom: 'X' })).statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/candidates/${candidateId}`,
      headers: stranger.auth,
    });
    expect(read.statusCode).toBe(404);
    expect((await patchCandidate(null, candidateId, { nom: 'X' })).statusCode).toBe(401);
    expect((await patchCandidate(buyer, 2_000_000_000, { nom: 'X' })).statusCode).toBe(404);
    expect((await candidateRow(candidateId)).nom).toBe('Durant');
  });

  it('is closed once a volunteer prints its labels: 409 already_processed', async () => {
    expect((await adminPost('/candidates/labels', [candidateId])).statusCode).toBe(200);
    const answer = await patchCandidate(buyer, candidateId, { nom: 'Martin' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('already_processed');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/candidates/${candidateId}`,
      headers: buyer.auth,
    });
    expect(read.json().changeable).toBeNull();
    expect((await candidateRow(candidateId)).nom).toBe('Durant');
  });
});

describe('a minor', () => {
  it('stays a minor', async () => {
    const buyer = await signedInUser(t);
    const order = await postalOrder(buyer, { candidats: [minorCandidate()] });
    const id = order.candidats[0]!.id;
    const adult = await patchCandidate(buyer, id, { date_naissance: addDays(today(), -30 * 366) });
    expect(adult.statusCode).toBe(400);
    expect(adult.json().error.fields).toEqual({ date_naissance: 'validation:stays_minor' });
    const tooYoung = await patchCandidate(buyer, id, { date_naissance: addDays(today(), -10 * 366) });
    expect(tooYoung.statusCode).toBe(400);
    expect(tooYoung.json().error.fields.date_naissance).toBe('validation:too_young');
    const stillMinor = await patchCandidate(buyer, id, { date_naissance: addDays(today(), -15 * 366) });
    expect(stillMinor.statusCode).toBe(200);
  });
});

describe('a kit sent by email', () => {
  let buyer: Buyer;
  let candidateId: number;

  beforeAll(async () => {
    buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, { mode_livraison: 'email', candidats: [candidatePayload()] });
    candidateId = order.candidats[0]!.id;
  });

  it('is processed at payment, yet its identity and contact can be corrected and the documents come again', async () => {
    expect((await candidateRow(candidateId)).statut).toBe('processed');
    const sentBefore = (await mailsTo('paul.new@example.org')).length;
    const answer = await patchCandidate(buyer, candidateId, { prenom: 'Pol', email: 'paul.new@example.org' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ changeable: 'identity', changed: ['prenom', 'email'] });
    const mails = await mailsTo('paul.new@example.org');
    expect(mails).toHaveLength(sentBefore + 1);
    expect(mails.at(-1)!.attachments).toHaveLength(2);
    const [document] = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.candidateId, candidateId), eq(documents.kind, 'frame_plate')));
    expect(mails.at(-1)!.attachments).toContainEqual(
      expect.objectContaining({ documentPath: document!.path }),
    );
    const sending = (await historyOf(candidateId)).at(-1)!;
    expect(sending).toMatchObject({ action: 'candidate.documents_sent', actorId: buyer.id });
  });

  it('keeps its challenge', async () => {
    const answer = await patchCandidate(buyer, candidateId, { epreuve: 'bicingle' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('already_processed');
    expect((await candidateRow(candidateId)).epreuve).toBe('cingle');
  });

  it('keeps its delivery', async () => {
    const { orderId } = await candidateRow(candidateId);
    const answer = await patchOrder(buyer, orderId!, { mode_livraison: 'postal' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('already_processed');
  });
});

describe('the delivery of an order', () => {
  let buyer: Buyer;
  let order: Awaited<ReturnType<typeof paidOrder>>;

  beforeAll(async () => {
    buyer = await signedInUser(t);
    order = await postalOrder(buyer, {
      candidats: [candidatePayload(), candidatePayload({ prenom: 'Jeanne' })],
    });
  });

  it('takes a new address and date, and records the change', async () => {
    const date = addDays(today(), 20);
    const answer = await patchOrder(buyer, order.id, {
      date_livraison: date,
      adresse_livraison: { adresse: '12 route du Mont-Ventoux', code_postal: '84410', ville: 'Bédoin' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      date_livraison: date,
      adresse_livraison: { nom: 'Durand', adresse: '12 route du Mont-Ventoux', ville: 'Bédoin' },
      delivery_changeable: true,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.action, 'order.delivery_changed_by_buyer')))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({ actorId: buyer.id, entityId: String(order.id) });
  });

  it('applies the order’s rules: no date in the past, a pick-up point that exists', async () => {
    const past = await patchOrder(buyer, order.id, { date_livraison: addDays(today(), -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ date_livraison: 'validation:date_livraison_past' });
    const nowhere = await patchOrder(buyer, order.id, {
      mode_livraison: 'retrait',
      point_retrait: 'nowhere',
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.fields).toEqual({ point_retrait: 'validation:point_retrait_required' });
    const unknownField = await patchOrder(buyer, order.id, { status: 'cancelled' });
    expect(unknownField.statusCode).toBe(400);
  });

  it('is nobody else’s', async () => {
    const stranger = await signedInUser(t);
    expect((await patchOrder(stranger, order.id, { date_livraison: addDays(today(), 40) })).statusCode).toBe(
      404,
    );
    expect((await patchOrder(null, order.id, { date_livraison: addDays(today(), 40) })).statusCode).toBe(401);
  });

  it('moved to email, sends the documents at once, as a payment does', async () => {
    const answer = await patchOrder(buyer, order.id, { mode_livraison: 'email' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().mode_livraison).toBe('email');
    for (const candidate of order.candidats) {
      const row = await candidateRow(candidate.id);
      expect(row.statut).toBe('processed');
      expect(row.documentsSentAt).not.toBeNull();
    }
    expect(answer.json().delivery_changeable).toBe(false);
  });

  it('of an unpaid order is not changed (it is cancelled and placed again)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.auth,
      payload: orderPayload({ mode_livraison: 'postal' }),
    });
    const answer = await patchOrder(buyer, created.json().id, { date_livraison: addDays(today(), 40) });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('conflict');
  });
});

describe('a volunteer and a buyer at the same moment', () => {
  it('never both win: the change is in the processed kit, or it is refused', async () => {
    const buyer = await signedInUser(t);
    for (let round = 0; round < 4; round += 1) {
      const order = await postalOrder(buyer, { candidats: [candidatePayload({ nom: `Round${round}` })] });
      const id = order.candidats[0]!.id;
      const [processed, changed] = await Promise.all([
        adminPost('/candidates/processed', [id]),
        patchCandidate(buyer, id, { nom: 'Changed' }),
      ]);
      expect(processed.statusCode).toBe(200);
      const row = await candidateRow(id);
      expect(row.statut).toBe('processed');
      const actions = (await historyOf(id)).map((entry) => entry.action);
      if (changed.statusCode === 200) {
        // The change came first: the volunteer processed the corrected kit.
        expect(row.nom).toBe('Changed');
        expect(actions.indexOf('candidate.changed_by_buyer')).toBeLessThan(
          actions.indexOf('candidate.processed'),
        );
      } else {
        expect(changed.statusCode).toBe(409);
        expect(changed.json().error.code).toBe('already_processed');
        expect(row.nom).toBe(`Round${round}`);
        expect(actions).not.toContain('candidate.changed_by_buyer');
      }
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'a change saved while a volunteer starts on the kit waits, then gets 409',
    async () => {
      const buyer = await signedInUser(t);
      const order = await postalOrder(buyer);
      const id = order.candidats[0]!.id;
      let change: ReturnType<typeof patchCandidate> | undefined;
      await t.db.transaction(async (tx) => {
        // The volunteer's print batch holds the row...
        await tx.select().from(candidates).where(eq(candidates.id, id)).for('update');
        change = patchCandidate(buyer, id, { nom: 'Late' });
        // ...while the buyer's change is waiting for it.
        await expect
          .poll(async () => {
            const result = await t.db.execute(
              sql`select count(*)::int as waiting from pg_locks where not granted`,
            );
            return (result as unknown as { rows: { waiting: number }[] }).rows[0]!.waiting;
          })
          .toBeGreaterThan(0);
        await tx.update(candidates).set({ processingStartedAt: new Date() }).where(eq(candidates.id, id));
      });
      const answer = await change!;
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('already_processed');
      expect((await candidateRow(id)).nom).toBe('Durand');
    },
  );
});
