import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../domain/dates.ts';
import {
  auditLog,
  candidates,
  mailOutbox,
  orders,
  payments,
  testPaymentSessions,
} from '../../server/db/schema/index.ts';
import { TEST_SIGNATURE_HEADER, createTestProvider } from '../../server/payments/test-provider.ts';
import { candidatePayload, orderPayload } from '../support/orders.ts';
import { confirmGuardians } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
let testProvider: ReturnType<typeof createTestProvider>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      providers: (config, db) => {
        testProvider = createTestProvider({ db, publicUrl: config.publicUrl, secret: 'test-secret' });
        return { test: testProvider };
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

async function placeOrder(user: User, overrides: Record<string, unknown> = {}, key?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders?lang=gb',
    headers: { ...user.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: orderPayload(overrides),
  });
  return response;
}

async function paymentOf(orderId: number) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  return payment!;
}

async function pay(user: User, orderId: number, outcome: 'approve' | 'decline' | 'cancel') {
  const payment = await paymentOf(orderId);
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/test/${payment.id}/${outcome}?lang=gb`,
    headers: user.auth,
  });
}

describe('POST /api/orders/price', () => {
  it('prices 25 € per candidate on the server', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/price',
      headers: user.auth,
      payload: { candidats: [candidatePayload(), candidatePayload()] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unit_price: 2500, count: 2, total: 5000, currency: 'EUR' });
  });

  it('needs a signed-in user and at least one candidate', async () => {
    const user = await signedInUser(t);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/orders/price', payload: { candidats: [{}] } }))
        .statusCode,
    ).toBe(401);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/orders/price',
      headers: user.auth,
      payload: { candidats: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('the order draft', () => {
  it('is saved, read back and cleared', async () => {
    const user = await signedInUser(t);
    const empty = await t.app.inject({ method: 'GET', url: '/api/orders/draft', headers: user.auth });
    expect(empty.json()).toEqual({ draft: null });
    const draft = { candidats: [{ nom: 'Durand', pays: null }], mode_livraison: 'postal' };
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/orders/draft', headers: user.auth, payload: draft }))
        .statusCode,
    ).toBe(204);
    const saved = await t.app.inject({ method: 'GET', url: '/api/orders/draft', headers: user.auth });
    expect(saved.json().draft).toMatchObject(draft);
    expect(await t.services.orderDrafts.hasCandidates(user.id)).toBe(true);
    await t.app.inject({ method: 'DELETE', url: '/api/orders/draft', headers: user.auth });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/orders/draft', headers: user.auth })).json(),
    ).toEqual({ draft: null });
  });

  it('refuses more than 20 candidates', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/draft',
      headers: user.auth,
      payload: { candidats: Array.from({ length: 21 }, () => ({})) },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/orders', () => {
  it('creates a pending order, its candidates and a payment attempt, and answers the hosted page', async () => {
    const user = await signedInUser(t);
    await t.services.orderDrafts.save(user.id, { candidats: [{ nom: 'x' }] });
    const response = await placeOrder(user);
    expect(response.statusCode).toBe(201);
    const { id, redirect_url } = response.json();
    const payment = await paymentOf(id);
    expect(redirect_url).toBe(`http://localhost:3000/gb/payment/test/${payment.id}`);
    expect(payment).toMatchObject({
      provider: 'test',
      status: 'pending',
      amountCents: 5000,
      currency: 'EUR',
    });
    const order = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: user.auth })
    ).json();
    expect(order).toMatchObject({
      status: 'pending',
      reference: String(id).padStart(8, '0'),
      price: { unit_price: 2500, count: 2, total: 5000, currency: 'EUR' },
    });
    expect(
      order.candidats.map((candidate: { reference: string; statut: string }) => [
        candidate.reference,
        candidate.statut,
      ]),
    ).toEqual([
      [`${String(id).padStart(8, '0')}-01`, 'pending_payment'],
      [`${String(id).padStart(8, '0')}-02`, 'pending_payment'],
    ]);
    // The draft is kept until the payment succeeds, so that a cancelled payment loses nothing.
    expect(await t.services.orderDrafts.get(user.id)).not.toBeNull();
    await t.app.inject({
      method: 'POST',
      url: `/api/payments/test/${payment.id}/approve`,
      headers: user.auth,
    });
    expect(await t.services.orderDrafts.get(user.id)).toBeNull();
  });

  it('answers 400 with field paths for invalid candidates and acknowledgements', async () => {
    const user = await signedInUser(t);
    const response = await placeOrder(user, {
      candidats: [
        candidatePayload({ date_naissance: addDays(today(), -365 * 13) }),
        candidatePayload({
          date_naissance: addDays(today(), -365 * 16),
          autorisation_parentale: false,
          certificat_medical: false,
        }),
      ],
      avertissement_mineurs: false,
      mode_livraison: 'postal',
      date_livraison: addDays(today(), -1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      'candidats.0.date_naissance': 'validation:too_young',
      'candidats.1.autorisation_parentale': 'validation:autorisation_parentale_required',
      'candidats.1.certificat_medical': 'validation:certificat_medical_required',
      avertissement_mineurs: 'validation:avertissement_mineurs_required',
      date_livraison: 'validation:date_livraison_past',
    });
  });

  it('asks a delivery by email neither a postal address nor a date, nor fitness twice', async () => {
    const user = await signedInUser(t);
    // Left out (an undefined value is not sent).
    const body = {
      adresse_livraison: undefined,
      date_livraison: undefined,
      avertissement_condition_physique: undefined,
    };
    const created = await placeOrder(user, { ...body, mode_livraison: 'email' });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, created.json().id));
    expect(row).toMatchObject({
      adresse_livraison: orderPayload().adresse_facturation,
      date_livraison: today(),
      avertissement_condition_physique: true,
    });
    // By post the address and the date are still needed.
    const postal = await placeOrder(user, { ...body, mode_livraison: 'postal' });
    expect(postal.statusCode).toBe(400);
    expect(postal.json().error.fields).toMatchObject({
      adresse_livraison: 'validation:adresse_required',
      date_livraison: 'validation:date_livraison_required',
    });
  });

  it('checks the pick-up point against the configured list', async () => {
    const user = await signedInUser(t);
    const unknown = await placeOrder(user, { mode_livraison: 'retrait', point_retrait: 'moon' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.point_retrait).toBe('validation:point_retrait_required');
    expect((await placeOrder(user, { mode_livraison: 'retrait', point_retrait: 'sault' })).statusCode).toBe(
      201,
    );
  });

  it('creates one order for a double submission with the same Idempotency-Key', async () => {
    const user = await signedInUser(t);
    const key = `key-${user.id}-double-click`;
    const [first, second] = await Promise.all([placeOrder(user, {}, key), placeOrder(user, {}, key)]);
    const third = await placeOrder(user, {}, key);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([first.json().id, second.json().id, third.json().id]).size).toBe(1);
    const list = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: user.auth })).json();
    expect(list).toHaveLength(1);
  });

  it('hides another user’s order behind 404', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const { id } = (await placeOrder(owner)).json();
    for (const url of [`/api/orders/${id}`, `/api/orders/${id}/status`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: other.auth });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const payment = await paymentOf(id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/payments/test/${payment.id}/approve`,
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${id}` })).statusCode).toBe(401);
  });
});

describe('payment with the test provider', () => {
  it('approve: the order is paid, the kits delivered by email sent and processed, documents and emails ready', async () => {
    const user = await signedInUser(t);
    const { id } = (await placeOrder(user)).json();
    const response = await pay(user, id, 'approve');
    expect(response.json()).toEqual({ redirect_url: `/gb/confirmation?order=${id}` });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${id}/status`, headers: user.auth })).json(),
    ).toEqual({ status: 'paid' });
    const statuses = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: user.auth }))
        .json()
        .candidats.map((candidate: { statut: string }) => candidate.statut);
    // Delivered by email: the documents went out with the payment, which processes the kits; the minor's wait
    // for her guardian's consent, and go out with it.
    expect(await statuses()).toEqual(['processed', 'awaiting_consent']);
    await confirmGuardians(t, id);
    expect(await statuses()).toEqual(['processed', 'processed']);
    const order = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: user.auth })
    ).json();
    for (const candidate of order.candidats) expect(candidate.documents_sent_at).toEqual(expect.any(String));
    expect(order.candidats[0].documents.map((document: { kind: string }) => document.kind).sort()).toEqual([
      'frame_plate',
      'route_card',
    ]);

    const mails = await t.db.select().from(mailOutbox);
    const forThisOrder = mails.filter((mail) => mail.subject.includes(String(id).padStart(8, '0')));
    expect(forThisOrder.map((mail) => mail.to).sort()).toEqual(
      [user.email, 'lea.durand@example.org', 'paul.durand@example.org'].sort(),
    );
    const documentsMail = forThisOrder.find((mail) => mail.to === 'lea.durand@example.org')!;
    expect(documentsMail.attachments).toHaveLength(2);

    const documentUrl = order.candidats[0].documents[0].url;
    const pdf = await t.app.inject({ method: 'GET', url: documentUrl, headers: user.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await signedInUser(t);
    expect((await t.app.inject({ method: 'GET', url: documentUrl, headers: other.auth })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: documentUrl })).statusCode).toBe(401);
    const admin = await signedInAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: documentUrl, headers: admin.auth })).statusCode).toBe(
      200,
    );
  });

  it('decline: the order fails; cancel: the order is cancelled', async () => {
    const user = await signedInUser(t);
    const declined = (await placeOrder(user)).json().id;
    await pay(user, declined, 'decline');
    expect((await t.services.orders.status(user.id, declined)).status).toBe('failed');
    const cancelled = (await placeOrder(user)).json().id;
    expect((await pay(user, cancelled, 'cancel')).json()).toEqual({
      redirect_url: `/gb/payment-cancelled?order=${cancelled}`,
    });
    expect((await t.services.orders.status(user.id, cancelled)).status).toBe('cancelled');
    const [candidate] = await t.db.select().from(candidates).where(eq(candidates.orderId, cancelled));
    expect(candidate!.statut).toBe('pending_payment');
  });
});

describe('webhooks', () => {
  async function approvedNotification(user: User) {
    const { id } = (await placeOrder(user)).json();
    const payment = await paymentOf(id);
    return { id, notification: await testProvider.settle(payment.providerRef!, 'approve') };
  }

  const deliver = (
    notification: { rawBody: Buffer; headers: Record<string, string> },
    headers = notification.headers,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/test/webhook',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: notification.rawBody,
    });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const user = await signedInUser(t);
    const { id, notification } = await approvedNotification(user);
    const response = await deliver(notification, { [TEST_SIGNATURE_HEADER]: 'f'.repeat(64) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_signature');
    expect((await t.services.orders.status(user.id, id)).status).toBe('pending');
  });

  it('applies an event once, however often it is replayed', async () => {
    const user = await signedInUser(t);
    const { id, notification } = await approvedNotification(user);
    const results = [];
    for (let i = 0; i < 10; i += 1) results.push((await deliver(notification)).json().result);
    expect(results).toEqual(Array(10).fill('applied'));
    expect((await t.services.orders.status(user.id, id)).status).toBe('paid');
    const transitions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(transitions.filter((entry) => entry.action === 'order.paid')).toHaveLength(1);
    const confirmations = (await t.db.select().from(mailOutbox)).filter(
      (mail) => mail.to === user.email && !mail.text.includes('/account/verify-email'),
    );
    expect(confirmations).toHaveLength(1);
  });

  it('ignores a late failure after the payment was confirmed (out of order)', async () => {
    const user = await signedInUser(t);
    const { id, notification } = await approvedNotification(user);
    await deliver(notification);
    const payment = await paymentOf(id);
    const lateFailure = await testProvider.settle(payment.providerRef!, 'decline');
    expect((await deliver(lateFailure)).statusCode).toBe(200);
    expect((await t.services.orders.status(user.id, id)).status).toBe('paid');
    expect((await paymentOf(id)).status).toBe('confirmed');
  });

  it('does not mark an order paid when the amount paid differs', async () => {
    const user = await signedInUser(t);
    const { id } = (await placeOrder(user)).json();
    const payment = await paymentOf(id);
    await t.db
      .update(testPaymentSessions)
      .set({ amountCents: 100 })
      .where(eq(testPaymentSessions.providerRef, payment.providerRef!));
    await deliver(await testProvider.settle(payment.providerRef!, 'approve'));
    expect((await t.services.orders.status(user.id, id)).status).toBe('pending');
    expect((await paymentOf(id)).status).toBe('failed');
  });

  it('answers 200 "ignored" for a payment it does not know', async () => {
    const notification = await testProvider.settle('test_unknown', 'approve');
    const response = await deliver(notification);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'ignored' });
  });
});

describe('expiry', () => {
  it('cancels pending orders after the configured delay', async () => {
    const user = await signedInUser(t);
    const { id } = (await placeOrder(user)).json();
    expect(await t.services.payments.expirePending(new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect(
      await t.services.payments.expirePending(new Date(Date.now() + 61 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect((await t.services.orders.status(user.id, id)).status).toBe('cancelled');
    expect((await paymentOf(id)).status).toBe('cancelled');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.status).toBe('cancelled');
  });
});
