/**
 * The buyer's side of payments through the API: the methods offered, paying an order again, giving it up, and
 * the return and cancel addresses that never change state; and a test payment opened through one instance and
 * approved through another on the same database.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { auditLog, orders, payments } from '../../server/db/schema/index.ts';
import type { PrepareInput } from '../../server/payments/provider.ts';
import { createTestProvider } from '../../server/payments/test-provider.ts';
import { createServices } from '../../server/services/index.ts';
import { orderPayload } from '../support/orders.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInUser } from '../support/users.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

async function placeOrder(user: User, overrides: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders?lang=gb',
    headers: user.auth,
    payload: orderPayload(overrides),
  });
}

async function attemptsOf(orderId: number) {
  return t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

const statusOf = async (orderId: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

const testButton = (app: TestApp['app'], user: User, paymentId: number, outcome: string) =>
  app.inject({
    method: 'POST',
    url: `/api/payments/test/${paymentId}/${outcome}?lang=gb`,
    headers: user.auth,
  });

const payAgain = (user: { auth: Record<string, string> } | null, orderId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/pay?lang=gb`,
    headers: user?.auth ?? {},
  });

describe('GET /api/payment-methods', () => {
  it('offers both methods through the test provider on a local site without providers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payment-methods' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      methods: [
        { id: 'card', provider: 'test' },
        { id: 'wallet', provider: 'test' },
      ],
      test_mode: true,
    });
  });

  describe('with Stripe alone', () => {
    let stripeOnly: TestApp;
    beforeAll(async () => {
      stripeOnly = await createTestApp({
        PUBLIC_URL: 'https://cingles.example',
        STRIPE_SECRET_KEY: 'sk_test_51Cingles0000000000000000000000000000',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_cingles',
      });
    });
    afterAll(async () => {
      await stripeOnly.close();
    });

    it('offers card through Stripe only, and no test mode', async () => {
      const response = await stripeOnly.app.inject({ method: 'GET', url: '/api/payment-methods' });
      expect(response.json()).toEqual({ methods: [{ id: 'card', provider: 'stripe' }], test_mode: false });
    });

    it('refuses the wallet with 400 instead of routing it to another provider, and creates nothing', async () => {
      const user = await signedInUser(stripeOnly);
      const response = await stripeOnly.app.inject({
        method: 'POST',
        url: '/api/orders?lang=gb',
        headers: user.auth,
        payload: orderPayload({ mode_paiement: 'wallet' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'payment_method_unavailable',
        fields: { mode_paiement: 'validation:payment_method_unavailable' },
      });
      expect(await stripeOnly.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    });

    it('has no test payment page or buttons', async () => {
      const user = await signedInUser(stripeOnly);
      expect((await testButton(stripeOnly.app, user, 1, 'approve')).statusCode).toBe(404);
      const webhook = await stripeOnly.app.inject({
        method: 'POST',
        url: '/api/payments/test/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(webhook.statusCode).toBe(404);
    });
  });
});

describe('POST /api/orders/{id}/pay', () => {
  it('starts a new attempt on the same order; the earlier one is closed and its late news ignored', async () => {
    const user = await signedInUser(t);
    const { id } = (await placeOrder(user)).json();
    const [first] = await attemptsOf(id);

    const response = await payAgain(user, id);
    expect(response.statusCode).toBe(200);
    const attempts = await attemptsOf(id);
    expect(attempts).toHaveLength(2);
    const second = attempts[1]!;
    expect(response.json()).toEqual({ redirect_url: `${t.config.publicUrl}/gb/payment/test/${second.id}` });
    expect(attempts[0]!.status).toBe('cancelled');
    expect(second.status).toBe('pending');
    expect(await statusOf(id)).toBe('pending');

    // The first attempt's page can no longer settle anything; the second one pays the order.
    await testButton(t.app, user, first!.id, 'cancel');
    expect(await statusOf(id)).toBe('pending');
    expect((await testButton(t.app, user, second.id, 'approve')).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('paid');
    expect((await t.db.select().from(orders).where(eq(orders.userId, user.id))).length).toBe(1);
  });

  it('pays a declined order again', async () => {
    const user = await signedInUser(t);
    const { id } = (await placeOrder(user)).json();
    await testButton(t.app, user, (await attemptsOf(id))[0]!.id, 'decline');
    expect(await statusOf(id)).toBe('failed');
    expect((await payAgain(user, id)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('pending');
    await testButton(t.app, user, (await attemptsOf(id))[1]!.id, 'approve');
    expect(await statusOf(id)).toBe('paid');
  });

  it('answers 409 for a paid, a cancelled and an expired order', async () => {
    const user = await signedInUser(t);
    const paid = (await placeOrder(user)).json().id;
    await testButton(t.app, user, (await attemptsOf(paid))[0]!.id, 'approve');
    const cancelled = (await placeOrder(user, { mode_livraison: 'postal' })).json().id;
    await testButton(t.app, user, (await attemptsOf(cancelled))[0]!.id, 'cancel');
    const expired = (await placeOrder(user, { candidats: orderPayload().candidats.slice(0, 1) })).json().id;
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, expired));

    for (const orderId of [paid, cancelled, expired]) {
      const response = await payAgain(user, orderId);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('order_not_payable');
    }
    expect(await attemptsOf(expired)).toHaveLength(1);
  });

  it('answers 401 signed out and 404 for another user’s order, and changes nothing', async () => {
    const owner = await signedInUser(t);
    const { id } = (await placeOrder(owner)).json();
    expect((await payAgain(null, id)).statusCode).toBe(401);
    const other = await signedInUser(t);
    expect((await payAgain(other, id)).statusCode).toBe(404);
    expect((await payAgain(owner, 2_000_000)).statusCode).toBe(404);
    expect(await attemptsOf(id)).toHaveLength(1);
  });
});

describe('placing the same draft again', () => {
  it('reuses the pending order with a new attempt instead of creating a second order', async () => {
    const user = await signedInUser(t);
    const first = (await placeOrder(user)).json();
    const again = await placeOrder(user, { mode_paiement: 'wallet' });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.id);
    const attempts = await attemptsOf(first.id);
    expect(attempts.map((attempt) => attempt.status)).toEqual(['cancelled', 'pending']);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, first.id));
    expect(order!.mode_paiement).toBe('wallet');

    // Another content is another order.
    const other = await placeOrder(user, { mode_livraison: 'postal' });
    expect(other.json().id).not.toBe(first.id);
  });
});

describe('the return and cancel addresses', () => {
  it('GET only leads to the page: the order and its attempt stay as they were', async () => {
    const user = await signedInUser(t);
    const { id } = (await placeOrder(user)).json();
    const before = await attemptsOf(id);
    for (const provider of ['test', 'stripe', 'paypal']) {
      const cancel = await t.app.inject({
        method: 'GET',
        url: `/api/payments/${provider}/cancel?order=${id}&lang=de`,
        headers: user.auth,
      });
      expect(cancel.statusCode).toBe(303);
      expect(cancel.headers.location).toBe(`/de/payment-cancelled?order=${id}`);
      const back = await t.app.inject({
        method: 'GET',
        url: `/api/payments/${provider}/return?order=${id}&lang=de`,
        headers: user.auth,
      });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`/de/confirmation?order=${id}`);
    }
    expect(await statusOf(id)).toBe('pending');
    expect(await attemptsOf(id)).toEqual(before);
  });

  it('are the pages themselves in what the provider is given', async () => {
    const seen: PrepareInput[] = [];
    const recording = await createTestApp(
      {},
      {
        providers: (config, db) => {
          const test = createTestProvider({ db, publicUrl: config.publicUrl });
          return {
            test: {
              ...test,
              prepare: (input) => {
                seen.push(input);
                return test.prepare(input);
              },
            },
          };
        },
      },
    );
    try {
      const user = await signedInUser(recording);
      const response = await recording.app.inject({
        method: 'POST',
        url: '/api/orders?lang=it',
        headers: user.auth,
        payload: orderPayload(),
      });
      const { id } = response.json();
      expect(seen.map(({ returnUrl, cancelUrl }) => ({ returnUrl, cancelUrl }))).toEqual([
        {
          returnUrl: `${recording.config.publicUrl}/it/confirmation?order=${id}`,
          cancelUrl: `${recording.config.publicUrl}/it/payment-cancelled?order=${id}`,
        },
      ]);
    } finally {
      await recording.close();
    }
  });
});

describe('POST /api/orders/{id}/cancel', () => {
  it('cancels the buyer’s unpaid order and its open attempt, once', async () => {
    const user = await signedInUser(t);
    const { id } = (await placeOrder(user)).json();
    const other = await signedInUser(t);
    const cancel = (who: User) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: who.auth });
    expect((await cancel(other)).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('pending');

    const response = await cancel(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'cancelled' });
    expect((await attemptsOf(id))[0]!.status).toBe('cancelled');
    expect((await cancel(user)).json()).toEqual({ status: 'cancelled' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.filter((entry) => entry.action === 'order.cancelled')).toHaveLength(1);
  });

  it('answers 409 for a paid order, and 401 signed out', async () => {
    const user = await signedInUser(t);
    const { id } = (await placeOrder(user)).json();
    await testButton(t.app, user, (await attemptsOf(id))[0]!.id, 'approve');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/cancel`,
      headers: user.auth,
    });
    expect(response.statusCode).toBe(409);
    expect(await statusOf(id)).toBe('paid');
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel` })).statusCode).toBe(401);
  });
});

describe('POST /api/orders/{id}/complete', () => {
  it('reads the real status of the latest attempt from the provider; another user gets 404', async () => {
    const user = await signedInUser(t);
    const { id } = (await placeOrder(user)).json();
    const complete = (who: User) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${id}/complete`, headers: who.auth });
    expect((await complete(user)).json()).toEqual({ status: 'pending' });
    expect((await complete(await signedInUser(t))).statusCode).toBe(404);
  });
});

describe('two instances on one database', () => {
  it('approves through the second instance a test payment opened through the first', async () => {
    const services = createServices({ db: t.db, config: t.config, mailDelivery: 'manual' });
    const second = await buildApp({
      config: t.config,
      database: t.database,
      services,
      pages: false,
      logger: false,
    });
    await second.ready();
    try {
      const user = await signedInUser(t);
      const { id } = (await placeOrder(user)).json();
      const [attempt] = await attemptsOf(id);
      expect(await services.payments.testCheckout.session(attempt!.id, { id: user.id })).toMatchObject({
        orderId: id,
        status: 'pending',
      });
      const response = await testButton(second, user, attempt!.id, 'approve');
      expect(response.statusCode).toBe(200);
      expect(await statusOf(id)).toBe('paid');
      expect((await attemptsOf(id))[0]!.status).toBe('confirmed');
    } finally {
      await second.close();
      await services.close();
    }
  });
});
