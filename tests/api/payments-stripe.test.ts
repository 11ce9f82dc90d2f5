/**
 * The Stripe Checkout adapter against a local stand-in of the Stripe API: the official SDK sends its real
 * form-encoded requests to it, and webhooks are signed with Stripe's real scheme.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrepareInput, WebhookSignatureError } from '../../server/payments/provider.ts';
import { createStripeProvider } from '../../server/payments/stripe.ts';
import { type HttpStandIn, type RecordedRequest, startHttpStandIn } from '../support/http-stand-in.ts';

const SECRET_KEY = 'sk_test_51Cingles0000000000000000000000000000';
const WEBHOOK_SECRET = 'whsec_test_cingles_ventoux';
const SESSION_ID = 'cs_test_a1Ventoux1910';
const PAYMENT_INTENT_ID = 'pi_3Ventoux1910';

const input: PrepareInput = {
  paymentId: 7,
  orderId: 42,
  reference: '00000042',
  amountCents: 2500,
  currency: 'EUR',
  description: 'Inscription de 1 candidat',
  locale: 'fr',
  customerEmail: 'rider@example.org',
  returnUrl: 'https://cingles.example/fr/confirmation?order=42',
  cancelUrl: 'https://cingles.example/fr/payment-cancelled?order=42',
};

/** A Checkout Session as the Stripe API returns it (trimmed of the fields that stay null here). */
function checkoutSession(overrides: Record<string, unknown> = {}) {
  return {
    id: SESSION_ID,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: 2500,
    amount_total: 2500,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: '42',
    created: 1_767_225_600,
    currency: 'eur',
    customer: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: input.customerEmail,
    expires_at: 1_767_312_000,
    livemode: false,
    locale: 'fr',
    metadata: { orderId: '42', paymentId: '7' },
    mode: 'payment',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    submit_type: null,
    success_url: input.returnUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `https://checkout.stripe.com/c/pay/${SESSION_ID}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
    ...overrides,
  };
}

function paymentIntent(status: string) {
  return {
    id: PAYMENT_INTENT_ID,
    object: 'payment_intent',
    amount: 2500,
    amount_received: status === 'succeeded' ? 2500 : 0,
    currency: 'eur',
    livemode: false,
    metadata: {},
    status,
  };
}

function stripeError(status: number, error: Record<string, unknown>) {
  return {
    status,
    headers: { 'request-id': 'req_standin123' },
    body: { error: { ...error, request_log_url: 'https://dashboard.stripe.com/test/logs/req_standin123' } },
  };
}

function event(type: string, object: Record<string, unknown>) {
  return JSON.stringify(
    {
      id: 'evt_1Ventoux',
      object: 'event',
      api_version: '2026-10-28.endive',
      created: 1_767_226_000,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
}

function signed(payload: string, secret = WEBHOOK_SECRET) {
  return {
    rawBody: Buffer.from(payload),
    headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  };
}

const sessionPath = `/v1/checkout/sessions/${SESSION_ID}`;

let standIn: HttpStandIn;
let provider: ReturnType<typeof createStripeProvider>;

beforeAll(async () => {
  standIn = await startHttpStandIn();
  provider = createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiHost: standIn.url,
  });
});
afterAll(async () => {
  await standIn.close();
});

function calls(requests: RecordedRequest[]) {
  return requests.map((request) => `${request.method} ${request.path}`);
}

describe('prepare', () => {
  it('creates a Checkout Session in payment mode and answers its id and hosted page', async () => {
    standIn.reset(() => ({ body: checkoutSession() }));

    const prepared = await provider.prepare(input);

    expect(prepared).toEqual({ providerRef: SESSION_ID, redirectUrl: checkoutSession().url });
    expect(calls(standIn.requests)).toEqual(['POST /v1/checkout/sessions']);
    const [request] = standIn.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['idempotency-key']).toBe('checkout-session-payment-7');
    const params = Object.fromEntries(new URLSearchParams(request?.body));
    expect(params).toEqual({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Inscription de 1 candidat',
      'line_items[0][quantity]': '1',
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: '42',
      'metadata[paymentId]': '7',
      'metadata[orderId]': '42',
      customer_email: 'rider@example.org',
      locale: 'fr',
    });
  });

  it.each([
    ['fr', 'fr'],
    ['gb', 'en'],
    ['de', 'de'],
    ['nl', 'nl'],
    ['es', 'es'],
    ['it', 'it'],
    ['xx', 'auto'],
  ])('maps the site locale %s to the Checkout locale %s', async (locale, checkoutLocale) => {
    standIn.reset(() => ({ body: checkoutSession() }));
    await provider.prepare({ ...input, locale });
    expect(new URLSearchParams(standIn.requests[0]?.body).get('locale')).toBe(checkoutLocale);
  });

  it("passes Stripe's errors on", async () => {
    standIn.reset(() =>
      stripeError(401, {
        message: 'Invalid API Key provided: sk_test_********************0000',
        type: 'invalid_request_error',
      }),
    );
    await expect(provider.prepare(input)).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(calls(standIn.requests)).toEqual(['POST /v1/checkout/sessions']);
  });
});

describe('verify', () => {
  it.each([
    ['open', 'unpaid', null, 'pending'],
    ['complete', 'paid', paymentIntent('succeeded'), 'confirmed'],
    ['complete', 'no_payment_required', null, 'confirmed'],
    ['complete', 'unpaid', paymentIntent('processing'), 'pending'],
    ['complete', 'unpaid', paymentIntent('requires_payment_method'), 'failed'],
    ['complete', 'unpaid', paymentIntent('canceled'), 'failed'],
    ['expired', 'unpaid', null, 'cancelled'],
  ])(
    'maps a %s session with payment %s (intent %o) to %s',
    async (status, paymentStatus, intent, expected) => {
      standIn.reset(() => ({
        body: checkoutSession({ status, payment_status: paymentStatus, payment_intent: intent }),
      }));

      const verified = await provider.verify(SESSION_ID);

      expect(verified).toEqual({ status: expected, amountCents: 2500, currency: 'EUR' });
      expect(calls(standIn.requests)).toEqual([`GET ${sessionPath}`]);
      expect(standIn.requests[0]?.query.getAll('expand[0]')).toEqual(['payment_intent']);
    },
  );

  it('reports the amount and currency Stripe holds, whatever was asked', async () => {
    standIn.reset(() => ({
      body: checkoutSession({ amount_total: 1000, currency: 'usd', payment_status: 'paid' }),
    }));
    expect(await provider.verify(SESSION_ID)).toEqual({
      status: 'confirmed',
      amountCents: 1000,
      currency: 'USD',
    });
  });

  it('fails for an unknown session', async () => {
    standIn.reset(() =>
      stripeError(404, {
        code: 'resource_missing',
        doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
        message: "No such checkout.session: 'cs_test_unknown'",
        param: 'session',
        type: 'invalid_request_error',
      }),
    );
    await expect(provider.verify('cs_test_unknown')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
  });
});

describe('parseWebhook', () => {
  it.each([
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ])('accepts a signed %s event and names its session', async (type) => {
    standIn.reset(() => ({ status: 500 }));
    const { rawBody, headers } = signed(event(type, checkoutSession({ status: 'complete' })));

    expect(await provider.parseWebhook(rawBody, headers)).toEqual({
      eventId: 'evt_1Ventoux',
      type,
      providerRef: SESSION_ID,
    });
    // The signature is checked locally: no call to Stripe.
    expect(standIn.requests).toEqual([]);
  });

  it('ignores event types the site does not act on', async () => {
    const { rawBody, headers } = signed(event('payment_intent.succeeded', paymentIntent('succeeded')));
    expect(await provider.parseWebhook(rawBody, headers)).toBeNull();
  });

  it('rejects a tampered body', async () => {
    const payload = event('checkout.session.completed', checkoutSession());
    const { headers } = signed(payload);
    const tampered = Buffer.from(payload.replace('"amount_total": 2500', '"amount_total": 1'));
    expect(tampered.toString()).not.toBe(payload);
    await expect(provider.parseWebhook(tampered, headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('rejects a body signed with another secret', async () => {
    const { rawBody, headers } = signed(
      event('checkout.session.completed', checkoutSession()),
      'whsec_other',
    );
    await expect(provider.parseWebhook(rawBody, headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('rejects a missing or malformed signature header', async () => {
    const rawBody = Buffer.from(event('checkout.session.completed', checkoutSession()));
    await expect(provider.parseWebhook(rawBody, {})).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.parseWebhook(rawBody, { 'stripe-signature': 'garbage' })).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('rejects a correctly signed but stale event (replayed after the tolerance)', async () => {
    const payload = event('checkout.session.completed', checkoutSession());
    const timestamp = Math.floor(Date.now() / 1000) - 3600;
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
    await expect(
      provider.parseWebhook(Buffer.from(payload), { 'stripe-signature': header }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('cancel', () => {
  it('expires an open session', async () => {
    standIn.reset(() => ({ body: checkoutSession({ status: 'expired' }) }));
    await provider.cancel(SESSION_ID);
    expect(calls(standIn.requests)).toEqual([`POST ${sessionPath}/expire`]);
  });

  it.each(['expired', 'complete'])('accepts a session that is already %s', async (status) => {
    standIn.reset((request) =>
      request.path.endsWith('/expire')
        ? stripeError(400, {
            message: `This Checkout Session is ${status} and can no longer be expired.`,
            type: 'invalid_request_error',
          })
        : { body: checkoutSession({ status }) },
    );
    await provider.cancel(SESSION_ID);
    expect(calls(standIn.requests)).toEqual([`POST ${sessionPath}/expire`, `GET ${sessionPath}`]);
  });

  it('fails when the session stays open', async () => {
    standIn.reset((request) =>
      request.path.endsWith('/expire')
        ? stripeError(400, { message: 'Something else went wrong.', type: 'invalid_request_error' })
        : { body: checkoutSession() },
    );
    await expect(provider.cancel(SESSION_ID)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe('refund', () => {
  it("refunds the amount on the session's payment intent", async () => {
    standIn.reset((request) =>
      request.path === '/v1/refunds'
        ? {
            body: {
              id: 're_3Ventoux',
              object: 'refund',
              amount: 2500,
              currency: 'eur',
              payment_intent: PAYMENT_INTENT_ID,
              status: 'succeeded',
            },
          }
        : {
            body: checkoutSession({
              status: 'complete',
              payment_status: 'paid',
              payment_intent: PAYMENT_INTENT_ID,
            }),
          },
    );

    expect(await provider.refund(SESSION_ID, 2500, 'refund-9-1')).toEqual({
      providerRefundRef: 're_3Ventoux',
      status: 'succeeded',
      amountCents: 2500,
      currency: 'EUR',
    });

    expect(calls(standIn.requests)).toEqual([`GET ${sessionPath}`, 'POST /v1/refunds']);
    expect(standIn.requests[1]?.headers['idempotency-key']).toBe('refund-9-1');
    expect(Object.fromEntries(new URLSearchParams(standIn.requests[1]?.body))).toEqual({
      payment_intent: PAYMENT_INTENT_ID,
      amount: '2500',
    });
  });

  it('fails for a session that was never paid', async () => {
    standIn.reset(() => ({ body: checkoutSession() }));
    await expect(provider.refund(SESSION_ID, 2500, 'refund-9-1')).rejects.toThrow(/no payment to refund/);
    expect(calls(standIn.requests)).toEqual([`GET ${sessionPath}`]);
  });
});
