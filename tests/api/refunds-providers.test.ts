/**
 * Refunds through the whole server against local stand-ins of Stripe's and PayPal's APIs: orders paid by card
 * (Stripe Checkout) and by wallet (PayPal), refunded by a volunteer through each provider's refund endpoint; a
 * provider that refuses leaves a failed record that a retry settles; and refunds made in each provider's own
 * dashboard arrive through its webhook, signed as the provider signs it, as `external` records.
 */
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments, refunds } from '../../server/db/schema/index.ts';
import { createProviders } from '../../server/payments/index.ts';
import { createStripeProvider } from '../../server/payments/stripe.ts';
import { type HttpStandIn, type RecordedRequest, startHttpStandIn } from '../support/http-stand-in.ts';
import { candidatePayload, orderPayload } from '../support/orders.ts';
import { candidatesOf } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

const STRIPE_SECRET = 'sk_test_51Cingles0000000000000000000000000000';
const STRIPE_WEBHOOK_SECRET = 'whsec_test_cingles_refunds';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Two adults whose kits are posted: both wait `to_process` once paid. */
const TWO_ADULTS_POSTED = {
  mode_livraison: 'postal',
  candidats: [candidatePayload(), candidatePayload({ prenom: 'Jeanne', email: 'jeanne.durand@example.org' })],
  avertissement_mineurs: false,
};

/** Stripe as far as the site uses it: Checkout Sessions, their payment intents, and refunds, kept in memory. */
function fakeStripe() {
  const sessions = new Map<string, { id: string; amount: number; paid: boolean; intent: string }>();
  const refundList: { id: string; amount: number; status: string; payment_intent: string }[] = [];
  let refusals = 0;

  const sessionBody = (session: { id: string; amount: number; paid: boolean; intent: string }) => ({
    id: session.id,
    object: 'checkout.session',
    amount_total: session.amount,
    currency: 'eur',
    mode: 'payment',
    status: session.paid ? 'complete' : 'open',
    payment_status: session.paid ? 'paid' : 'unpaid',
    payment_intent: session.paid ? session.intent : null,
    url: `https://checkout.stripe.com/c/pay/${session.id}`,
    metadata: {},
  });
  const refundBody = (refund: (typeof refundList)[number]) => ({
    object: 'refund',
    currency: 'eur',
    ...refund,
  });
  const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

  function handle(request: RecordedRequest) {
    const form = new URLSearchParams(request.body);
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const paymentId = form.get('metadata[paymentId]')!;
      const session = {
        id: `cs_test_${paymentId}`,
        amount: Number(form.get('line_items[0][price_data][unit_amount]')),
        paid: false,
        intent: `pi_test_${paymentId}`,
      };
      sessions.set(session.id, session);
      return { body: sessionBody(session) };
    }
    if (request.method === 'GET' && request.path === '/v1/checkout/sessions') {
      const found = [...sessions.values()].filter(
        (session) => session.intent === request.query.get('payment_intent'),
      );
      return { body: list(found.map(sessionBody), '/v1/checkout/sessions') };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      return session
        ? { body: sessionBody(session) }
        : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      if (refusals > 0) {
        refusals -= 1;
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'balance_insufficient',
              message: 'You have insufficient funds in your Stripe account for this refund.',
            },
          },
        };
      }
      const refund = {
        id: `re_test_${crypto.randomBytes(6).toString('hex')}`,
        amount: Number(form.get('amount')),
        status: 'succeeded',
        payment_intent: form.get('payment_intent')!,
      };
      refundList.push(refund);
      return { body: refundBody(refund) };
    }
    if (request.method === 'GET' && request.path === '/v1/refunds') {
      const intent = request.query.get('payment_intent');
      return {
        body: list(
          refundList.filter((refund) => refund.payment_intent === intent).map(refundBody),
          '/v1/refunds',
        ),
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: request.path } } };
  }

  return {
    handle,
    sessions,
    refundList,
    refuseNext(times = 1) {
      refusals = times;
    },
    /** A refund made by someone in Stripe's dashboard. */
    refundInDashboard(intent: string, amount: number) {
      const refund = {
        id: `re_dash_${refundList.length + 1}`,
        amount,
        status: 'succeeded',
        payment_intent: intent,
      };
      refundList.push(refund);
      return refundBody(refund);
    },
  };
}

const CAPTURE_PREFIX = 'CAPTURE';

/** PayPal's Orders v2 and Payments v2 as far as the site uses them, kept in memory; every webhook verifies. */
function fakePaypal() {
  const ordersById = new Map<
    string,
    {
      id: string;
      amount: string;
      captured: boolean;
      refunds: { id: string; status: string; value: string }[];
    }
  >();
  let refusals = 0;
  const money = (value: string) => ({ currency_code: 'EUR', value });
  const orderBody = (order: typeof ordersById extends Map<string, infer O> ? O : never) => ({
    id: order.id,
    status: order.captured ? 'COMPLETED' : 'PAYER_ACTION_REQUIRED',
    purchase_units: [
      {
        amount: money(order.amount),
        payments: order.captured
          ? {
              captures: [
                {
                  id: `${CAPTURE_PREFIX}${order.id}`,
                  status: order.refunds.length ? 'PARTIALLY_REFUNDED' : 'COMPLETED',
                  amount: money(order.amount),
                },
              ],
              refunds: order.refunds.map((refund) => ({ ...refund, amount: money(refund.value) })),
            }
          : undefined,
      },
    ],
    links: [{ href: `https://www.paypal.com/checkoutnow?token=${order.id}`, rel: 'payer-action' }],
  });

  function handle(request: RecordedRequest) {
    if (request.path === '/v1/oauth2/token')
      return { body: { access_token: 'A21AAFrefunds', token_type: 'Bearer', expires_in: 32400 } };
    if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
      const body = JSON.parse(request.body) as { purchase_units: { amount: { value: string } }[] };
      const id = `PAYPAL${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
      const order = { id, amount: body.purchase_units[0]!.amount.value, captured: false, refunds: [] };
      ordersById.set(id, order);
      return { status: 201, body: orderBody(order) };
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(request.path);
    if (orderMatch) {
      const order = ordersById.get(orderMatch[1]!);
      if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      if (orderMatch[2]) order.captured = true;
      return { status: orderMatch[2] ? 201 : 200, body: orderBody(order) };
    }
    const refundMatch = /^\/v2\/payments\/captures\/CAPTURE([^/]+)\/refund$/.exec(request.path);
    if (request.method === 'POST' && refundMatch) {
      if (refusals > 0) {
        refusals -= 1;
        return {
          status: 422,
          body: {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'REFUND_FAILED_INSUFFICIENT_FUNDS', description: 'Insufficient funds.' }],
            debug_id: 'a1b2c3refund',
          },
        };
      }
      const order = ordersById.get(refundMatch[1]!)!;
      const body = JSON.parse(request.body) as { amount: { value: string } };
      const refund = {
        id: `REFUND${order.refunds.length + 1}${order.id}`,
        status: 'COMPLETED',
        value: body.amount.value,
      };
      order.refunds.push(refund);
      return { status: 201, body: { id: refund.id, status: 'COMPLETED', amount: money(refund.value) } };
    }
    const captureMatch = /^\/v2\/payments\/captures\/CAPTURE([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && captureMatch)
      return {
        body: { id: request.path, supplementary_data: { related_ids: { order_id: captureMatch[1] } } },
      };
    if (request.path === '/v1/notifications/verify-webhook-signature')
      return { body: { verification_status: 'SUCCESS' } };
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
  }

  return {
    handle,
    ordersById,
    refuseNext(times = 1) {
      refusals = times;
    },
    refundInDashboard(orderId: string, value: string) {
      const order = ordersById.get(orderId)!;
      const refund = { id: `REFUNDDASH${crypto.randomBytes(6).toString('hex')}`, status: 'COMPLETED', value };
      order.refunds.push(refund);
      return refund;
    },
  };
}

let stripeApi: HttpStandIn;
let paypalApi: HttpStandIn;
let stripe: ReturnType<typeof fakeStripe>;
let paypal: ReturnType<typeof fakePaypal>;
let t: TestApp;
let admin: User;

beforeAll(async () => {
  [stripeApi, paypalApi] = await Promise.all([startHttpStandIn(), startHttpStandIn()]);
  t = await createTestApp(
    {
      PUBLIC_URL: 'https://cingles.example',
      STRIPE_SECRET_KEY: STRIPE_SECRET,
      STRIPE_WEBHOOK_SECRET,
      PAYPAL_CLIENT_ID: 'AeCinglesRefunds',
      PAYPAL_CLIENT_SECRET: 'EKCinglesRefundsSecret',
      PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
      PAYPAL_API_URL: paypalApi.url,
    },
    {
      // PayPal is configured through its API address; the Stripe SDK is pointed at its stand-in here.
      providers: (config, db) => ({
        ...createProviders(config, db),
        stripe: createStripeProvider({ ...config.payments.stripe!, apiHost: stripeApi.url }),
      }),
    },
  );
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await t.close();
  await Promise.all([stripeApi.close(), paypalApi.close()]);
});
beforeEach(() => {
  stripe = fakeStripe();
  paypal = fakePaypal();
  stripeApi.reset(stripe.handle);
  paypalApi.reset(paypal.handle);
});

function stripeWebhook(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${type}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    type,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_WEBHOOK_SECRET,
      }),
    },
    payload,
  });
}

function paypalWebhook(type: string, resource: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/paypal/webhook',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42',
      'paypal-transmission-id': `69cd13f0-${Math.random().toString(16).slice(2, 10)}`,
      'paypal-transmission-sig': 'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz==',
      'paypal-transmission-time': new Date().toISOString(),
    },
    payload: JSON.stringify({ id: `WH-${Math.random().toString(36).slice(2)}`, event_type: type, resource }),
  });
}

async function paymentOf(orderId: number) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  return payment!;
}

/** An order of two candidates by kit posted, paid by card: Stripe's session completed, then its webhook. */
async function paidByCard(buyer: User) {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders?lang=fr',
    headers: buyer.auth,
    payload: orderPayload({ mode_paiement: 'card', ...TWO_ADULTS_POSTED }),
  });
  expect(placed.statusCode).toBe(201);
  const { id } = placed.json<{ id: number }>();
  const payment = await paymentOf(id);
  const session = stripe.sessions.get(payment.providerRef!)!;
  session.paid = true;
  const paid = await stripeWebhook('checkout.session.completed', {
    id: session.id,
    object: 'checkout.session',
  });
  expect(paid.json()).toEqual({ received: true, result: 'applied' });
  return { id, session, candidateIds: await candidateIdsOf(id) };
}

/** The same, paid with PayPal: approved on PayPal's page, captured when the buyer comes back. */
async function paidByWallet(buyer: User) {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders?lang=gb',
    headers: buyer.auth,
    payload: orderPayload({ mode_paiement: 'wallet', ...TWO_ADULTS_POSTED }),
  });
  expect(placed.statusCode).toBe(201);
  const { id } = placed.json<{ id: number }>();
  const back = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/complete`, headers: buyer.auth });
  expect(back.json()).toEqual({ status: 'paid' });
  return { id, paypalOrder: (await paymentOf(id)).providerRef!, candidateIds: await candidateIdsOf(id) };
}

async function candidateIdsOf(orderId: number) {
  return (await candidatesOf(t, orderId)).map((row) => row.id);
}

const statusesOf = async (orderId: number) => (await candidatesOf(t, orderId)).map((row) => row.statut);

const refundOf = (orderId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.auth, payload });

const refundsOf = (orderId: number) =>
  t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));

describe('Stripe', () => {
  it('refunds a candidate through the Refunds API on the session’s payment intent, with an idempotency key', async () => {
    const buyer = await signedInUser(t);
    const order = await paidByCard(buyer);

    const response = await refundOf(order.id, {
      candidate_ids: [order.candidateIds[0]],
      reason: 'Clavicule',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'succeeded', provider: 'stripe', amount_cents: 2500 });
    const call = stripeApi.requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/refunds',
    )!;
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
      payment_intent: order.session.intent,
      amount: '2500',
    });
    expect(call.headers['idempotency-key']).toBe(`refund-${response.json().id}-1`);
    expect((await refundsOf(order.id))[0]).toMatchObject({
      providerRefundRef: stripe.refundList[0]!.id,
      attempts: 1,
    });
    expect(await statusesOf(order.id)).toEqual(['withdrawn', 'to_process']);
  });

  it('records a refusal as failed with Stripe’s reason and changes nothing else; a retry settles it', async () => {
    const buyer = await signedInUser(t);
    const order = await paidByCard(buyer);
    stripe.refuseNext();

    const refused = await refundOf(order.id, { candidate_ids: [order.candidateIds[1]], reason: 'Blessure' });

    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({ status: 'failed', amount_cents: 2500 });
    expect(refused.json().failure_reason).toContain('insufficient funds');
    expect(refused.json().failure_reason).not.toContain(STRIPE_SECRET);
    expect(await statusesOf(order.id)).toEqual(['to_process', 'to_process']);
    // A failed refund moved no money: the whole order is still refundable.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: admin.auth,
    });
    expect(listed.json().refundable_cents).toBe(5000);

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${refused.json().id}/retry`,
      headers: admin.auth,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      id: refused.json().id,
      status: 'succeeded',
      failure_reason: null,
    });
    const keys = stripeApi.requests
      .filter((request) => request.path === '/v1/refunds')
      .map((request) => request.headers['idempotency-key']);
    expect(keys).toEqual([`refund-${refused.json().id}-1`, `refund-${refused.json().id}-2`]);
    expect(await statusesOf(order.id)).toEqual(['to_process', 'withdrawn']);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${refused.json().id}/retry`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(409);
  });

  it('records a refund made in Stripe’s dashboard from charge.refunded, once; a volunteer then says whom it withdraws', async () => {
    const buyer = await signedInUser(t);
    const order = await paidByCard(buyer);
    const made = stripe.refundInDashboard(order.session.intent, 2500);
    const charge = {
      id: 'ch_test_1',
      object: 'charge',
      payment_intent: order.session.intent,
      refunded: false,
    };

    expect((await stripeWebhook('charge.refunded', charge)).json()).toEqual({
      received: true,
      result: 'applied',
    });
    expect(
      (
        await stripeWebhook('refund.updated', {
          id: made.id,
          object: 'refund',
          payment_intent: order.session.intent,
        })
      ).statusCode,
    ).toBe(200);

    const rows = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'external',
      status: 'succeeded',
      amountCents: 2500,
      providerRefundRef: made.id,
      candidateIds: [],
      actorId: null,
    });
    expect(await statusesOf(order.id)).toEqual(['to_process', 'to_process']);

    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${rows[0]!.id}/withdraw`,
      headers: admin.auth,
      payload: { candidate_ids: [order.candidateIds[0]] },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ source: 'external', candidate_ids: [order.candidateIds[0]] });
    expect(await statusesOf(order.id)).toEqual(['withdrawn', 'to_process']);
    // Only what remains can still be refunded here.
    expect((await refundOf(order.id, { amount_cents: 2501, reason: 'Trop' })).statusCode).toBe(422);
  });

  it('does not take a refund of its own, reported by the webhook, for an external one', async () => {
    const buyer = await signedInUser(t);
    const order = await paidByCard(buyer);
    await refundOf(order.id, { amount_cents: 700, reason: 'Partiel' });
    await stripeWebhook('charge.refunded', {
      id: 'ch_test_2',
      object: 'charge',
      payment_intent: order.session.intent,
    });
    expect((await refundsOf(order.id)).map((row) => row.source)).toEqual(['admin']);
  });

  it('refuses an unsigned refund event', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      payload: JSON.stringify({ id: 'evt_forged', type: 'charge.refunded', data: { object: {} } }),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('PayPal', () => {
  it('refunds a candidate through the capture’s refund endpoint with a request id', async () => {
    const buyer = await signedInUser(t);
    const order = await paidByWallet(buyer);

    const response = await refundOf(order.id, {
      candidate_ids: [order.candidateIds[1]],
      reason: 'Broken wrist',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'succeeded', provider: 'paypal', amount_cents: 2500 });
    const call = paypalApi.requests.find((request) => request.path.endsWith('/refund'))!;
    expect(call.path).toBe(`/v2/payments/captures/CAPTURE${order.paypalOrder}/refund`);
    expect(JSON.parse(call.body)).toEqual({ amount: { currency_code: 'EUR', value: '25.00' } });
    expect(call.headers['paypal-request-id']).toBe(`refund-${response.json().id}-1`);
    expect(await statusesOf(order.id)).toEqual(['to_process', 'withdrawn']);
  });

  it('records PayPal’s refusal as failed, and a retry settles it', async () => {
    const buyer = await signedInUser(t);
    const order = await paidByWallet(buyer);
    paypal.refuseNext();
    const refused = await refundOf(order.id, { amount_cents: 1000, reason: 'Geste' });
    expect(refused.json()).toMatchObject({ status: 'failed' });
    expect(refused.json().failure_reason).toContain('REFUND_FAILED_INSUFFICIENT_FUNDS');
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${refused.json().id}/retry`,
      headers: admin.auth,
    });
    expect(retried.json()).toMatchObject({ status: 'succeeded' });
  });

  it('records a refund made in PayPal’s dashboard from PAYMENT.CAPTURE.REFUNDED, once', async () => {
    const buyer = await signedInUser(t);
    const order = await paidByWallet(buyer);
    const made = paypal.refundInDashboard(order.paypalOrder, '25.00');
    const resource = {
      id: made.id,
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '25.00' },
      links: [
        { href: `https://api.paypal.com/v2/payments/refunds/${made.id}`, rel: 'self', method: 'GET' },
        {
          href: `https://api.paypal.com/v2/payments/captures/CAPTURE${order.paypalOrder}`,
          rel: 'up',
          method: 'GET',
        },
      ],
    };

    expect((await paypalWebhook('PAYMENT.CAPTURE.REFUNDED', resource)).json()).toEqual({
      received: true,
      result: 'applied',
    });
    await paypalWebhook('PAYMENT.CAPTURE.REFUNDED', resource);

    const rows = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'external',
      status: 'succeeded',
      provider: 'paypal',
      amountCents: 2500,
      providerRefundRef: made.id,
    });
    // The order stays paid: the money in and out are both in the ledger.
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/ledger.csv', headers: admin.auth });
    expect(csv.body).toContain(`,${made.id},-25.00,refund`);
  });
});
