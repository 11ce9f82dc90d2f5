/**
 * A registration's path as its buyer reads it (GET /api/orders/{id}: each candidate's `progress`), and the email
 * the rider gets at each step a volunteer takes: kit posted or handed over, route card received (homologated and
 * rejected are in admin.test.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../domain/dates.ts';
import type { RegistrationProgress } from '../../domain/registration-progress.ts';
import { mailOutbox } from '../../server/db/schema/index.ts';
import { paidOrder } from '../support/registrations.ts';
import { cingleRide, Ride } from '../support/rides.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { toGpx } from '../support/track-files.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

type Buyer = Awaited<ReturnType<typeof signedInUser>>;

async function progressOf(buyer: Buyer, orderId: number, index = 0) {
  const order = (
    await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: buyer.auth })
  ).json();
  return order.candidats[index] as { statut: string; progress: RegistrationProgress };
}

const adminPost = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: admin.auth, payload });

/** Oldest first, so that `.at(-1)` is the latest (PostgreSQL gives no order otherwise). */
const mailsTo = (to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);

describe('the path of a posted kit', () => {
  let buyer: Buyer;
  let order: Awaited<ReturnType<typeof paidOrder>>;

  beforeAll(async () => {
    buyer = await signedInUser(t);
    order = await paidOrder(t, buyer, { mode_livraison: 'postal' });
  });

  it('starts paid, with the date, and nothing else yet', async () => {
    const { statut, progress } = await progressOf(buyer, order.id);
    expect(statut).toBe('to_process');
    expect(progress).toEqual({
      paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      kit: null,
      track: null,
      card_received_at: null,
      homologation: null,
      rejection: null,
      evidence_request: null,
    });
  });

  it('shows the kit posted, and tells the rider by email in the order’s language', async () => {
    const before = (await mailsTo('paul.durand@example.org')).length;
    const marked = await adminPost('/api/admin/candidates/processed', { ids: [order.candidats[0]!.id] });
    expect(marked.json()).toEqual({ updated: 1 });
    const { progress } = await progressOf(buyer, order.id);
    expect(progress.kit).toEqual({ mode: 'postal', sent_at: expect.any(String) });

    const mails = await mailsTo('paul.durand@example.org');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe(
      `Votre kit d'inscription est parti (${order.candidats[0]!.reference})`,
    );
    expect(mails.at(-1)!.text).toContain('/fr/account');
    // Marking it again sends nothing more.
    await adminPost('/api/admin/candidates/processed', { ids: [order.candidats[0]!.id] });
    expect(await mailsTo('paul.durand@example.org')).toHaveLength(before + 1);
  });

  it('shows the verdict of an attached track for the registered challenge', async () => {
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${order.candidats[0]!.id}/track`,
      headers: { ...buyer.auth, 'content-type': 'application/gpx+xml' },
      payload: Buffer.from(toGpx(cingleRide(undefined, { sampleS: 20 }).points)),
      remoteAddress: '10.3.0.1',
    });
    expect(attached.statusCode).toBe(200);
    const { progress } = await progressOf(buyer, order.id);
    expect(progress.track).toEqual({ verdict: 'complete', checked_at: expect.any(String), missing: [] });
  });

  it('says what an attached ride lacks for the registered challenge', async () => {
    const other = await paidOrder(t, buyer);
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${other.candidats[0]!.id}/track`,
      headers: { ...buyer.auth, 'content-type': 'application/gpx+xml' },
      payload: Buffer.from(toGpx(new Ride('2026-07-14T06:00:00Z', { sampleS: 20 }).climb('sault').points)),
      remoteAddress: '10.3.0.2',
    });
    expect(attached.statusCode).toBe(200);
    const { progress } = await progressOf(buyer, other.id);
    expect(progress.track).toEqual({
      verdict: 'incomplete',
      checked_at: expect.any(String),
      missing: ['bedoin', 'malaucene'],
    });
  });

  it('shows the card received once scanned, and emails the rider once', async () => {
    const before = (await mailsTo('paul.durand@example.org')).length;
    const reference = order.candidats[0]!.reference;
    expect((await adminPost('/api/admin/scan', { text: reference, confirm: true })).statusCode).toBe(200);
    expect((await adminPost('/api/admin/scan', { text: reference, confirm: true })).statusCode).toBe(200);
    const { statut, progress } = await progressOf(buyer, order.id);
    expect(statut).toBe('card_received');
    expect(progress.card_received_at).toEqual(expect.any(String));
    const mails = await mailsTo('paul.durand@example.org');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe(`Nous avons reçu votre carte de route (${reference})`);
  });

  it('ends with the number once homologated', async () => {
    const homologated = await adminPost(`/api/admin/candidates/${order.candidats[0]!.id}/homologate`, {
      date_passage: today(),
      epreuve_realisee: 'cingle',
    });
    const { numero, homologationId } = homologated.json();
    const { progress } = await progressOf(buyer, order.id);
    expect(progress.homologation).toEqual({
      id: homologationId,
      numero,
      epreuve: 'cingle',
      homologated_at: expect.any(String),
      diploma_code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it('shows the reason and the date of a rejection', async () => {
    const second = order.candidats[1]!;
    await adminPost('/api/admin/scan', { text: second.reference, confirm: true });
    await adminPost(`/api/admin/candidates/${second.id}/reject`, { reason: 'Tampon de Sault illisible.' });
    const { statut, progress } = await progressOf(buyer, order.id, 1);
    expect(statut).toBe('rejected');
    expect(progress.rejection).toEqual({
      reason: 'Tampon de Sault illisible.',
      rejected_at: expect.any(String),
    });
    expect(progress.homologation).toBeNull();
  });

  it('is the buyer’s alone: another person’s order is 404', async () => {
    const stranger = await signedInUser(t);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: stranger.auth,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the kit of other delivery modes', () => {
  it('counts a kit delivered by email as sent with its documents, with no second email', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, { mode_livraison: 'email' });
    const { statut, progress } = await progressOf(buyer, order.id);
    expect(statut).toBe('processed');
    expect(progress.kit).toEqual({ mode: 'email', sent_at: expect.any(String) });
    const reference = order.candidats[0]!.reference;
    const aboutThisKit = (await mailsTo('paul.durand@example.org')).filter((row) =>
      row.subject.includes(reference),
    );
    // The documents email alone: it is the kit.
    expect(aboutThisKit.map((row) => row.subject)).toEqual([
      `Votre carte de route et votre plaque de cadre (${reference})`,
    ]);
  });

  it('tells the rider of a kit handed over at a pick-up point where it was', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, { mode_livraison: 'retrait', point_retrait: 'bedoin' });
    const reference = order.candidats[0]!.reference;
    await adminPost('/api/admin/candidates/processed', { ids: [order.candidats[0]!.id] });
    const { progress } = await progressOf(buyer, order.id);
    expect(progress.kit).toEqual({ mode: 'retrait', sent_at: expect.any(String) });
    const mail = (await mailsTo('paul.durand@example.org')).find((row) => row.subject.includes(reference));
    expect(mail?.subject).toBe(`Votre kit d'inscription vous a été remis (${reference})`);
    expect(mail?.text).toContain('point de retrait');
  });
});
