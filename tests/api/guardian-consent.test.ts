/**
 * A guardian's consent for a minor: the order asks for the guardian, the payment sends them a link in the order's
 * language, the registration waits (and the volunteers cannot process it) until they confirm; a refusal tells the
 * buyer and the club; the link is single use, expires, and the buyer may send it again within limits; an
 * administrator may record a consent received on paper.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, candidates, guardianConsents, mailOutbox } from '../../server/db/schema/index.ts';
import { candidatePayload, minorCandidate, orderPayload } from '../support/orders.ts';
import { guardianToken, paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
type Buyer = Awaited<ReturnType<typeof signedInUser>>;

const GUARDIAN = 'marie.durand@example.org';

beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'club@example.org' });
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

async function statusOf(id: number) {
  const [row] = await t.db
    .select({ statut: candidates.statut })
    .from(candidates)
    .where(eq(candidates.id, id));
  return row!.statut;
}

const mailsTo = (to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));

const answer = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/guardian-consents/${token}`, payload });
const confirm = (token: string) =>
  answer(token, { decision: 'confirm', autorisation_parentale: true, certificat_medical: true });
const resend = (buyer: Buyer, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/candidates/${id}/guardian-consent/resend`, headers: buyer.auth });

/** A paid order of one minor (postal unless said), its guardian not having answered yet. */
async function minorOrder(buyer: Buyer, overrides: Record<string, unknown> = {}, lang = 'gb') {
  const order = await paidOrder(
    t,
    buyer,
    { candidats: [minorCandidate()], mode_livraison: 'postal', ...overrides },
    { guardianConsent: false, lang },
  );
  return order.candidats[0]!.id;
}

describe('ordering for a minor', () => {
  it('refuses an order without a guardian, or with the minor’s own address as the guardian’s', async () => {
    const buyer = await signedInUser(t);
    const place = (tuteur: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.auth,
        payload: orderPayload({ candidats: [minorCandidate({ tuteur })] }),
      });
    const none = await place(undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toMatchObject({
      'candidats.0.tuteur.nom': 'validation:tuteur_nom_required',
      'candidats.0.tuteur.email': 'validation:email_invalid',
    });
    const same = await place({ nom: 'Durand', prenom: 'Marie', email: 'LEA.durand@example.org' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({ 'candidats.0.tuteur.email': 'validation:tuteur_email_same' });
  });

  it('keeps no guardian for an adult', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, {
      candidats: [candidatePayload({ tuteur: { nom: 'X', prenom: 'Y', email: 'x@example.org' } })],
    });
    const [row] = await t.db.select().from(candidates).where(eq(candidates.id, order.candidats[0]!.id));
    expect(row!.tuteur).toBeNull();
    expect(row!.statut).not.toBe('awaiting_consent');
  });
});

describe('after payment', () => {
  let buyer: Buyer;
  let id: number;

  beforeAll(async () => {
    buyer = await signedInUser(t);
    id = await minorOrder(buyer);
  });

  it('the minor waits for the guardian, who gets a link in the order’s language', async () => {
    expect(await statusOf(id)).toBe('awaiting_consent');
    const [mail] = await mailsTo(GUARDIAN);
    expect(mail!.subject).toBe('Parental authorisation for Léa Durand');
    expect(mail!.text).toMatch(/\/gb\/guardian\?token=[\w-]{43}/);
    const other = await signedInUser(t);
    await minorOrder(
      other,
      { candidats: [minorCandidate({ tuteur: { nom: 'Weber', prenom: 'Anna', email: 'anna@example.de' } })] },
      'de',
    );
    const [german] = await mailsTo('anna@example.de');
    expect(german!.subject).toBe('Elterliche Zustimmung für Léa Durand');
    expect(german!.text).toMatch(/\/de\/guardian\?token=/);
    const order = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: buyer.auth })).json()[0];
    expect(order.candidats[0]).toMatchObject({
      statut: 'awaiting_consent',
      guardian: {
        prenom: 'Marie',
        nom: 'Durand',
        email: GUARDIAN,
        decision: null,
        sent_at: expect.any(String),
      },
    });
  });

  it('keeps only the link’s hash', async () => {
    const token = await guardianToken(t, GUARDIAN);
    const [row] = await t.db.select().from(guardianConsents).where(eq(guardianConsents.candidateId, id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('shows in the volunteers’ list of its own, and cannot be marked processed', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates?list=consent&pageSize=100',
      headers: admin.auth,
    });
    expect(list.json().items.map((row: { id: number }) => row.id)).toContain(id);
    const traitements = await t.app.inject({
      method: 'GET',
      url: '/api/admin/candidates?list=traitements&pageSize=100',
      headers: admin.auth,
    });
    expect(traitements.json().items.map((row: { id: number }) => row.id)).not.toContain(id);
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/candidates/processed',
      headers: admin.auth,
      payload: { ids: [id] },
    });
    expect(marked.json()).toEqual({ updated: 0 });
    expect(await statusOf(id)).toBe('awaiting_consent');
  });

  it('the guardian’s page reads what the link is for', async () => {
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/guardian-consents/${await guardianToken(t, GUARDIAN)}`,
    });
    expect(view.json()).toMatchObject({
      state: 'open',
      candidate: { prenom: 'Léa', nom: 'Durand', epreuve: 'galerien' },
      guardian: { prenom: 'Marie', nom: 'Durand' },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/guardian-consents/unknown-token' })).statusCode,
    ).toBe(404);
  });

  it('confirming needs both statements', async () => {
    const token = await guardianToken(t, GUARDIAN);
    const missing = await answer(token, { decision: 'confirm', autorisation_parentale: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      certificat_medical: 'validation:certificat_medical_required',
    });
    expect((await answer(token, { decision: 'maybe' })).statusCode).toBe(400);
    expect(await statusOf(id)).toBe('awaiting_consent');
  });

  it('confirmed, the registration goes on; the link works once', async () => {
    const token = await guardianToken(t, GUARDIAN);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ decision: 'confirmed' });
    expect(await statusOf(id)).toBe('to_process');
    const again = await confirm(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('invalid_or_expired_token');
    const view = await t.app.inject({ method: 'GET', url: `/api/guardian-consents/${token}` });
    expect(view.json()).toMatchObject({ state: 'answered', decision: 'confirmed' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'candidate.guardian_confirmed')));
    expect(entry).toMatchObject({ before: { statut: 'awaiting_consent' }, after: { statut: 'to_process' } });
  });
});

describe('a kit by email', () => {
  it('goes out when the guardian confirms', async () => {
    const buyer = await signedInUser(t);
    const id = await minorOrder(buyer, { mode_livraison: 'email' });
    expect(
      (await mailsTo('lea.durand@example.org')).filter((mail) => mail.attachments.length > 0),
    ).toHaveLength(0);
    await confirm(await guardianToken(t, GUARDIAN));
    expect(await statusOf(id)).toBe('processed');
    const documents = (await mailsTo('lea.durand@example.org')).filter((mail) => mail.attachments.length > 0);
    expect(documents).toHaveLength(1);
  });
});

describe('a refusal', () => {
  it('leaves the registration waiting and tells the buyer and the club', async () => {
    const buyer = await signedInUser(t);
    const id = await minorOrder(buyer);
    const refused = await answer(await guardianToken(t, GUARDIAN), { decision: 'refuse' });
    expect(refused.json()).toEqual({ decision: 'refused' });
    expect(await statusOf(id)).toBe('awaiting_consent');
    expect((await mailsTo(buyer.email)).at(-1)!.subject).toMatch(/^Authorisation refused for Léa Durand/);
    expect((await mailsTo('club@example.org')).at(-1)!.subject).toMatch(
      /^Autorisation refusée pour Léa Durand/,
    );
    const order = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: buyer.auth })).json()[0];
    expect(order.candidats[0].guardian.decision).toBe('refused');
  });
});

describe('sending the link again', () => {
  let buyer: Buyer;
  let id: number;

  beforeAll(async () => {
    buyer = await signedInUser(t);
    id = await minorOrder(buyer);
  });

  const sentMinutesAgo = (minutes: number) =>
    t.db
      .update(guardianConsents)
      .set({ sentAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(guardianConsents.candidateId, id));

  it('is the buyer’s only: another user gets 404, a visitor 401', async () => {
    const stranger = await signedInUser(t);
    expect((await resend(stranger, id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/candidates/${id}/guardian-consent/resend` }))
        .statusCode,
    ).toBe(401);
  });

  it('waits a few minutes between two links', async () => {
    const tooSoon = await resend(buyer, id);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('replaces the link: the old one no longer opens', async () => {
    const old = await guardianToken(t, GUARDIAN);
    await sentMinutesAgo(11);
    expect((await resend(buyer, id)).statusCode).toBe(204);
    const fresh = await guardianToken(t, GUARDIAN);
    expect(fresh).not.toBe(old);
    expect((await confirm(old)).statusCode).toBe(404);
    const view = await t.app.inject({ method: 'GET', url: `/api/guardian-consents/${fresh}` });
    expect(view.json().state).toBe('open');
  });

  it('stops after five links', async () => {
    for (let sent = 2; sent < 5; sent += 1) {
      await sentMinutesAgo(11);
      expect((await resend(buyer, id)).statusCode).toBe(204);
    }
    await sentMinutesAgo(11);
    expect((await resend(buyer, id)).statusCode).toBe(429);
  });

  it('a link expires after 14 days', async () => {
    const token = await guardianToken(t, GUARDIAN);
    await t.db
      .update(guardianConsents)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guardianConsents.candidateId, id));
    const view = await t.app.inject({ method: 'GET', url: `/api/guardian-consents/${token}` });
    expect(view.json().state).toBe('expired');
    expect((await confirm(token)).statusCode).toBe(410);
    expect(await statusOf(id)).toBe('awaiting_consent');
  });

  it('is refused for a registration not waiting for a guardian', async () => {
    const adultBuyer = await signedInUser(t);
    const order = await paidOrder(t, adultBuyer, {
      candidats: [candidatePayload()],
      mode_livraison: 'postal',
    });
    expect((await resend(adultBuyer, order.candidats[0]!.id)).statusCode).toBe(409);
  });
});

describe('a consent received on paper', () => {
  const record = (id: number, payload: object, auth = admin.auth) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/candidates/${id}/guardian-consent`,
      headers: auth,
      payload,
    });

  it('is recorded by an administrator, with a note', async () => {
    const buyer = await signedInUser(t);
    const id = await minorOrder(buyer);
    expect((await record(id, { note: '' })).statusCode).toBe(400);
    expect((await record(id, { note: 'Signed form', nope: 1 }, buyer.auth)).statusCode).toBe(403);
    expect((await record(id, { note: 'Signed form received by post on 2 May' })).statusCode).toBe(204);
    expect(await statusOf(id)).toBe('to_process');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'candidate.guardian_paper_consent')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      after: { note: 'Signed form received by post on 2 May' },
    });
    expect((await record(id, { note: 'Again' })).statusCode).toBe(409);
    expect((await record(2_000_000_000, { note: 'Nobody' })).statusCode).toBe(404);
  });
});
