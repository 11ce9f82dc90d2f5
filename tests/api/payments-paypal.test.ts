/**
 * The PayPal Orders v2 adapter against a local stand-in of the PayPal REST API answering PayPal's real shapes:
 * OAuth token, orders, capture, refunds, webhook signature verification.
 */
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { createPaypalProvider, PaypalApiError } from '../../server/payments/paypal.ts';
import { type PrepareInput, WebhookSignatureError } from '../../server/payments/provider.ts';
import {
  type HttpStandIn,
  type RecordedRequest,
  type StandInHandler,
  type StandInReply,
  startHttpStandIn,
} from '../support/http-stand-in.ts';

const CLIENT_ID = 'AeCinglesVentouxClientId';
const CLIENT_SECRET = 'EKCinglesVentouxSecret1910';
const WEBHOOK_ID = '8PT597110X687430LKGECATA';
const ACCESS_TOKEN = 'A21AAFcinglesAccessToken';
const ORDER_ID = '5O190127TN364715T';
const CAPTURE_ID = '3C679366HH908993F';
const PAYER_ACTION_URL = `https://www.paypal.com/checkoutnow?token=${ORDER_ID}`;

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

const tokenReply: StandInReply = {
  body: {
    scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
    access_token: ACCESS_TOKEN,
    token_type: 'Bearer',
    app_id: 'APP-80W284485P519543T',
    expires_in: 32400,
    nonce: '2026-01-01T10:00:00ZaVentouxNonce',
  },
};

const money = (value: string) => ({ currency_code: 'EUR', value });

function capture(status: string, value = '25.00') {
  return {
    id: CAPTURE_ID,
    status,
    amount: money(value),
    final_capture: true,
    seller_protection: {
      status: 'ELIGIBLE',
      dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
    },
    seller_receivable_breakdown: {
      gross_amount: money(value),
      paypal_fee: money('0.84'),
      net_amount: money('24.16'),
    },
    invoice_id: '00000042',
    custom_id: '7',
    links: [
      { href: `https://api.paypal.com/v2/payments/captures/${CAPTURE_ID}`, rel: 'self', method: 'GET' },
      {
        href: `https://api.paypal.com/v2/payments/captures/${CAPTURE_ID}/refund`,
        rel: 'refund',
        method: 'POST',
      },
      { href: `https://api.paypal.com/v2/checkout/orders/${ORDER_ID}`, rel: 'up', method: 'GET' },
    ],
    create_time: '2026-01-01T10:05:00Z',
    update_time: '2026-01-01T10:05:00Z',
  };
}

/** An order as `GET /v2/checkout/orders/{id}` (or a capture with `Prefer: return=representation`) answers it. */
function order(status: string, captureStatus?: string, captureValue?: string) {
  return {
    id: ORDER_ID,
    intent: 'CAPTURE',
    status,
    payment_source: { paypal: { email_address: 'buyer@example.com', account_id: 'QYR5Z8XDVJNXQ' } },
    purchase_units: [
      {
        reference_id: '00000042',
        amount: money('25.00'),
        payee: { email_address: 'club@example.org', merchant_id: 'C92NPPXDJSMXE' },
        description: 'Inscription de 1 candidat',
        custom_id: '7',
        invoice_id: '00000042',
        ...(captureStatus ? { payments: { captures: [capture(captureStatus, captureValue)] } } : {}),
      },
    ],
    create_time: '2026-01-01T10:00:00Z',
    links: [
      { href: `https://api.paypal.com/v2/checkout/orders/${ORDER_ID}`, rel: 'self', method: 'GET' },
      ...(status === 'PAYER_ACTION_REQUIRED'
        ? [{ href: PAYER_ACTION_URL, rel: 'payer-action', method: 'GET' }]
        : []),
    ],
  };
}

function paypalError(status: number, name: string, issue: string, description: string): StandInReply {
  return {
    status,
    headers: { 'paypal-debug-id': 'f4e5a6b7c8d9e' },
    body: {
      name,
      details: [{ issue, description }],
      message:
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: 'f4e5a6b7c8d9e',
      links: [
        {
          href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue}`,
          rel: 'information_link',
        },
      ],
    },
  };
}

/** Routes by `METHOD /path`; the token endpoint answers unless a test says otherwise. */
function paypalApi(routes: Record<string, StandInHandler | StandInReply>): StandInHandler {
  return (request) => {
    const route = routes[`${request.method} ${request.path}`] ??
      (request.path === '/v1/oauth2/token' ? tokenReply : undefined) ?? {
        status: 404,
        body: {
          name: 'RESOURCE_NOT_FOUND',
          message: 'The specified resource does not exist.',
          debug_id: 'x',
        },
      };
    return typeof route === 'function' ? route(request) : route;
  };
}

const transmissionHeaders = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
  'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
  'paypal-transmission-sig':
    'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==',
  'paypal-transmission-time': '2026-01-01T10:06:00Z',
};

function webhookEvent(eventType: string, resource: Record<string, unknown>) {
  return JSON.stringify({
    id: 'WH-58D329510W468432D-8HN650336L201105X',
    event_version: '1.0',
    create_time: '2026-01-01T10:06:00.000Z',
    resource_type: eventType.startsWith('CHECKOUT') ? 'checkout-order' : 'capture',
    resource_version: '2.0',
    event_type: eventType,
    summary: 'Payment completed for EUR 25.0 EUR',
    resource,
    links: [
      {
        href: 'https://api.paypal.com/v1/notifications/webhooks-events/WH-58D329510W468432D-8HN650336L201105X',
        rel: 'self',
        method: 'GET',
      },
    ],
  });
}

const captureResource = (status: string) => ({
  ...capture(status),
  supplementary_data: { related_ids: { order_id: ORDER_ID } },
});

const verified = (status: string): StandInReply => ({ body: { verification_status: status } });

let standIn: HttpStandIn;
let fetchSpy: MockInstance<typeof fetch>;
let provider: ReturnType<typeof createPaypalProvider>;

beforeAll(async () => {
  standIn = await startHttpStandIn();
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  // A fresh provider per test: no token cached from another test.
  provider = createPaypalProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
    apiBaseUrl: `${standIn.url}/`,
  });
});
afterEach(() => {
  // Every request went to the stand-in, and the stand-in received every one: nothing reached the internet.
  const urls = fetchSpy.mock.calls.map(([url]) => String(url));
  for (const url of urls) expect(url.startsWith(`${standIn.url}/`)).toBe(true);
  expect(standIn.requests).toHaveLength(urls.length);
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function calls(requests: RecordedRequest[] = standIn.requests) {
  return requests.map((request) => `${request.method} ${request.path}`);
}

const orderPath = `/v2/checkout/orders/${ORDER_ID}`;

describe('access token', () => {
  it('asks for a client-credentials token with HTTP Basic and uses it as Bearer', async () => {
    standIn.reset(paypalApi({ [`GET ${orderPath}`]: { body: order('APPROVED') } }));

    await provider.verify(ORDER_ID);

    expect(calls()).toEqual(['POST /v1/oauth2/token', `GET ${orderPath}`]);
    const [tokenRequest, orderRequest] = standIn.requests;
    expect(tokenRequest?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenRequest?.body).toBe('grant_type=client_credentials');
    expect(orderRequest?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('is fetched once for several operations, also when they start together', async () => {
    standIn.reset(
      paypalApi({
        'POST /v2/checkout/orders': { status: 201, body: order('PAYER_ACTION_REQUIRED') },
        [`GET ${orderPath}`]: { body: order('APPROVED') },
      }),
    );

    await provider.prepare(input);
    await provider.verify(ORDER_ID);
    await Promise.all([provider.verify(ORDER_ID), provider.verify(ORDER_ID)]);

    expect(calls().filter((call) => call === 'POST /v1/oauth2/token')).toHaveLength(1);
    expect(standIn.requests).toHaveLength(5);
  });

  it('is renewed once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    standIn.reset(paypalApi({ [`GET ${orderPath}`]: { body: order('APPROVED') } }));

    await provider.verify(ORDER_ID);
    vi.setSystemTime(Date.now() + 32400 * 1000);
    await provider.verify(ORDER_ID);

    expect(calls()).toEqual([
      'POST /v1/oauth2/token',
      `GET ${orderPath}`,
      'POST /v1/oauth2/token',
      `GET ${orderPath}`,
    ]);
  });

  it('is renewed and the call repeated once when PayPal no longer accepts it', async () => {
    let refused = false;
    standIn.reset(
      paypalApi({
        [`GET ${orderPath}`]: () => {
          if (refused) return { body: order('APPROVED') };
          refused = true;
          return {
            status: 401,
            body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
          };
        },
      }),
    );

    expect((await provider.verify(ORDER_ID)).status).toBe('pending');
    expect(calls()).toEqual([
      'POST /v1/oauth2/token',
      `GET ${orderPath}`,
      'POST /v1/oauth2/token',
      `GET ${orderPath}`,
    ]);
  });

  it('fails with the debug id, never with the secret, when the credentials are refused', async () => {
    standIn.reset(() => ({
      status: 401,
      headers: { 'paypal-debug-id': 'a1b2c3d4e5f60' },
      body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
    }));

    const failure = await provider.verify(ORDER_ID).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(PaypalApiError);
    expect(failure).toMatchObject({ status: 401, issue: 'invalid_client', debugId: 'a1b2c3d4e5f60' });
    expect(String((failure as Error).message)).toContain('a1b2c3d4e5f60');
    expect(String((failure as Error).message)).not.toContain(CLIENT_SECRET);
    expect(calls()).toEqual(['POST /v1/oauth2/token']);
  });
});

describe('prepare', () => {
  it('creates an order to capture and answers the payer-action page', async () => {
    standIn.reset(
      paypalApi({ 'POST /v2/checkout/orders': { status: 200, body: order('PAYER_ACTION_REQUIRED') } }),
    );

    const prepared = await provider.prepare(input);

    expect(prepared).toEqual({ providerRef: ORDER_ID, redirectUrl: PAYER_ACTION_URL });
    expect(calls()).toEqual(['POST /v1/oauth2/token', 'POST /v2/checkout/orders']);
    const request = standIn.requests[1];
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.prefer).toBe('return=representation');
    expect(request?.headers['paypal-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: '00000042',
          custom_id: '7',
          invoice_id: '00000042',
          description: 'Inscription de 1 candidat',
          amount: { currency_code: 'EUR', value: '25.00' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            locale: 'fr-FR',
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });
  });

  it.each([
    [2500, '25.00'],
    [5000, '50.00'],
    [2505, '25.05'],
    [7, '0.07'],
  ])('writes %i cents as "%s"', async (amountCents, value) => {
    standIn.reset(paypalApi({ 'POST /v2/checkout/orders': { body: order('PAYER_ACTION_REQUIRED') } }));
    await provider.prepare({ ...input, amountCents });
    expect(JSON.parse(standIn.requests[1]?.body ?? '').purchase_units[0].amount.value).toBe(value);
  });

  it('maps the site locale, and leaves an unknown one to PayPal', async () => {
    standIn.reset(paypalApi({ 'POST /v2/checkout/orders': { body: order('PAYER_ACTION_REQUIRED') } }));
    await provider.prepare({ ...input, locale: 'gb' });
    await provider.prepare({ ...input, locale: 'xx' });
    const contexts = standIn.requests
      .filter((request) => request.path === '/v2/checkout/orders')
      .map((request) => JSON.parse(request.body).payment_source.paypal.experience_context);
    expect(contexts[0].locale).toBe('en-GB');
    expect(contexts[1]).not.toHaveProperty('locale');
  });

  it('falls back to the approve link', async () => {
    const created = order('CREATED');
    created.links.push({ href: PAYER_ACTION_URL, rel: 'approve', method: 'GET' });
    standIn.reset(paypalApi({ 'POST /v2/checkout/orders': { body: created } }));
    expect((await provider.prepare(input)).redirectUrl).toBe(PAYER_ACTION_URL);
  });

  it('fails with the debug id when PayPal refuses the order', async () => {
    standIn.reset(
      paypalApi({
        'POST /v2/checkout/orders': paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'CURRENCY_NOT_SUPPORTED',
          'Currency code is not currently supported.',
        ),
      }),
    );
    await expect(provider.prepare(input)).rejects.toThrow(/CURRENCY_NOT_SUPPORTED.*debug_id f4e5a6b7c8d9e/);
  });
});

describe('complete', () => {
  it('captures the approved order and reports the capture', async () => {
    standIn.reset(
      paypalApi({ [`POST ${orderPath}/capture`]: { status: 201, body: order('COMPLETED', 'COMPLETED') } }),
    );

    expect(await provider.complete?.(ORDER_ID)).toEqual({
      status: 'confirmed',
      amountCents: 2500,
      currency: 'EUR',
    });
    expect(calls()).toEqual(['POST /v1/oauth2/token', `POST ${orderPath}/capture`]);
    expect(standIn.requests[1]?.headers.prefer).toBe('return=representation');
  });

  it.each([
    ['PENDING', 'pending'],
    ['DECLINED', 'failed'],
  ])('reports a capture %s as %s', async (captureStatus, expected) => {
    standIn.reset(
      paypalApi({ [`POST ${orderPath}/capture`]: { status: 201, body: order('COMPLETED', captureStatus) } }),
    );
    expect((await provider.complete?.(ORDER_ID))?.status).toBe(expected);
  });

  it('accepts an order already captured (reload, webhook first) and reads its state', async () => {
    standIn.reset(
      paypalApi({
        [`POST ${orderPath}/capture`]: paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_ALREADY_CAPTURED',
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        ),
        [`GET ${orderPath}`]: { body: order('COMPLETED', 'COMPLETED') },
      }),
    );

    expect(await provider.complete?.(ORDER_ID)).toEqual({
      status: 'confirmed',
      amountCents: 2500,
      currency: 'EUR',
    });
    expect(calls()).toEqual(['POST /v1/oauth2/token', `POST ${orderPath}/capture`, `GET ${orderPath}`]);
  });

  it('passes other refusals on with their issue and debug id', async () => {
    standIn.reset(
      paypalApi({
        [`POST ${orderPath}/capture`]: paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'INSTRUMENT_DECLINED',
          'The instrument presented was either declined by the processor or bank, or it can not be used for this payment.',
        ),
      }),
    );
    await expect(provider.complete?.(ORDER_ID)).rejects.toMatchObject({
      name: 'PaypalApiError',
      status: 422,
      issue: 'INSTRUMENT_DECLINED',
      debugId: 'f4e5a6b7c8d9e',
    });
  });
});

describe('verify', () => {
  it.each([
    ['CREATED', undefined, 'pending'],
    ['PAYER_ACTION_REQUIRED', undefined, 'pending'],
    ['APPROVED', undefined, 'pending'],
    ['COMPLETED', 'COMPLETED', 'confirmed'],
    ['COMPLETED', 'PENDING', 'pending'],
    ['COMPLETED', 'DECLINED', 'failed'],
    ['COMPLETED', 'FAILED', 'failed'],
    ['COMPLETED', 'REFUNDED', 'confirmed'],
    ['COMPLETED', 'PARTIALLY_REFUNDED', 'confirmed'],
    ['VOIDED', undefined, 'cancelled'],
  ])('maps an order %s with capture %s to %s', async (orderStatus, captureStatus, expected) => {
    standIn.reset(paypalApi({ [`GET ${orderPath}`]: { body: order(orderStatus, captureStatus) } }));
    expect(await provider.verify(ORDER_ID)).toEqual({ status: expected, amountCents: 2500, currency: 'EUR' });
    expect(calls()).toEqual(['POST /v1/oauth2/token', `GET ${orderPath}`]);
  });

  it('reads the amount from the capture when there is one', async () => {
    standIn.reset(paypalApi({ [`GET ${orderPath}`]: { body: order('COMPLETED', 'COMPLETED', '12.5') } }));
    expect(await provider.verify(ORDER_ID)).toEqual({
      status: 'confirmed',
      amountCents: 1250,
      currency: 'EUR',
    });
  });

  it('fails for an unknown order', async () => {
    standIn.reset(
      paypalApi({
        [`GET ${orderPath}`]: paypalError(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist. Please check the resource ID and try again.',
        ),
      }),
    );
    await expect(provider.verify(ORDER_ID)).rejects.toMatchObject({
      status: 404,
      issue: 'INVALID_RESOURCE_ID',
    });
  });
});

describe('parseWebhook', () => {
  const verifyPath = '/v1/notifications/verify-webhook-signature';

  it('has PayPal verify the transmission, sending the event back byte for byte', async () => {
    standIn.reset(paypalApi({ [`POST ${verifyPath}`]: verified('SUCCESS') }));
    // Spaces and an escaped character that a re-serialisation would change.
    const rawText = webhookEvent('PAYMENT.CAPTURE.COMPLETED', captureResource('COMPLETED')).replace(
      '"summary":"Payment completed for EUR 25.0 EUR"',
      '"summary": "Paiement re\\u00e7u 25.0 EUR"',
    );

    const event = await provider.parseWebhook(Buffer.from(rawText), transmissionHeaders);

    expect(event).toEqual({
      eventId: 'WH-58D329510W468432D-8HN650336L201105X',
      type: 'PAYMENT.CAPTURE.COMPLETED',
      providerRef: ORDER_ID,
    });
    expect(calls()).toEqual(['POST /v1/oauth2/token', `POST ${verifyPath}`]);
    const request = standIn.requests[1];
    expect(request?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(request?.body).toContain(`"webhook_event":${rawText}}`);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: transmissionHeaders['paypal-cert-url'],
      transmission_id: transmissionHeaders['paypal-transmission-id'],
      transmission_sig: transmissionHeaders['paypal-transmission-sig'],
      transmission_time: transmissionHeaders['paypal-transmission-time'],
      webhook_id: WEBHOOK_ID,
      webhook_event: JSON.parse(rawText),
    });
  });

  it.each([
    ['CHECKOUT.ORDER.APPROVED', order('APPROVED')],
    ['PAYMENT.CAPTURE.COMPLETED', captureResource('COMPLETED')],
    ['PAYMENT.CAPTURE.DENIED', captureResource('DECLINED')],
    ['PAYMENT.CAPTURE.REFUNDED', { ...captureResource('REFUNDED'), id: '1JU08902781691411' }],
  ])('names the order of a %s event', async (type, resource) => {
    standIn.reset(paypalApi({ [`POST ${verifyPath}`]: verified('SUCCESS') }));
    const event = await provider.parseWebhook(Buffer.from(webhookEvent(type, resource)), transmissionHeaders);
    expect(event).toEqual({
      eventId: 'WH-58D329510W468432D-8HN650336L201105X',
      type,
      providerRef: ORDER_ID,
      // Only an approval asks the site to capture; capture events report what already happened.
      ...(type === 'CHECKOUT.ORDER.APPROVED' ? { complete: true } : {}),
      // A refund makes the site read the order's refunds again (decision 0039).
      ...(type === 'PAYMENT.CAPTURE.REFUNDED' ? { refund: true } : {}),
    });
  });

  it('finds the order of a refund through its capture when the event does not name it', async () => {
    const refund = {
      id: '1JU08902781691411',
      status: 'COMPLETED',
      amount: money('25.00'),
      links: [
        { href: 'https://api.paypal.com/v2/payments/refunds/1JU08902781691411', rel: 'self', method: 'GET' },
        { href: `https://api.paypal.com/v2/payments/captures/${CAPTURE_ID}`, rel: 'up', method: 'GET' },
      ],
    };
    standIn.reset(
      paypalApi({
        [`POST ${verifyPath}`]: verified('SUCCESS'),
        [`GET /v2/payments/captures/${CAPTURE_ID}`]: { body: captureResource('REFUNDED') },
      }),
    );

    const event = await provider.parseWebhook(
      Buffer.from(webhookEvent('PAYMENT.CAPTURE.REFUNDED', refund)),
      transmissionHeaders,
    );

    expect(event?.providerRef).toBe(ORDER_ID);
    expect(calls()).toEqual([
      'POST /v1/oauth2/token',
      `POST ${verifyPath}`,
      `GET /v2/payments/captures/${CAPTURE_ID}`,
    ]);
  });

  it('answers null for a verified event the site does not act on', async () => {
    standIn.reset(paypalApi({ [`POST ${verifyPath}`]: verified('SUCCESS') }));
    const rawBody = Buffer.from(webhookEvent('PAYMENT.CAPTURE.PENDING', captureResource('PENDING')));
    expect(await provider.parseWebhook(rawBody, transmissionHeaders)).toBeNull();
    expect(calls()).toEqual(['POST /v1/oauth2/token', `POST ${verifyPath}`]);
  });

  it('rejects an event PayPal does not recognise as its own', async () => {
    standIn.reset(paypalApi({ [`POST ${verifyPath}`]: verified('FAILURE') }));
    const rawBody = Buffer.from(webhookEvent('PAYMENT.CAPTURE.COMPLETED', captureResource('COMPLETED')));
    await expect(provider.parseWebhook(rawBody, transmissionHeaders)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('rejects transmission headers PayPal refuses to check', async () => {
    standIn.reset(
      paypalApi({
        [`POST ${verifyPath}`]: paypalError(
          400,
          'VALIDATION_ERROR',
          'INVALID_PARAMETER_SYNTAX',
          'Invalid syntax.',
        ),
      }),
    );
    const rawBody = Buffer.from(webhookEvent('PAYMENT.CAPTURE.COMPLETED', captureResource('COMPLETED')));
    await expect(provider.parseWebhook(rawBody, transmissionHeaders)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('rejects, without asking PayPal, a notification without transmission headers or with a body not JSON', async () => {
    standIn.reset(paypalApi({}));
    const rawBody = Buffer.from(webhookEvent('PAYMENT.CAPTURE.COMPLETED', captureResource('COMPLETED')));
    const { 'paypal-transmission-sig': _signature, ...unsigned } = transmissionHeaders;
    await expect(provider.parseWebhook(rawBody, unsigned)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.parseWebhook(Buffer.from('{"id": '), transmissionHeaders)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    expect(standIn.requests).toEqual([]);
  });

  it('fails as an error to retry, not as a bad signature, when PayPal cannot answer', async () => {
    standIn.reset(
      paypalApi({
        [`POST ${verifyPath}`]: paypalError(
          500,
          'INTERNAL_SERVICE_ERROR',
          'INTERNAL_SERVICE_ERROR',
          'An internal service error occurred.',
        ),
      }),
    );
    const rawBody = Buffer.from(webhookEvent('PAYMENT.CAPTURE.COMPLETED', captureResource('COMPLETED')));
    const failure = await provider
      .parseWebhook(rawBody, transmissionHeaders)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaypalApiError);
    expect(failure).not.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('refund', () => {
  it('refunds the amount on the completed capture of the order', async () => {
    standIn.reset(
      paypalApi({
        [`GET ${orderPath}`]: { body: order('COMPLETED', 'COMPLETED') },
        [`POST /v2/payments/captures/${CAPTURE_ID}/refund`]: {
          status: 201,
          body: {
            id: '1JU08902781691411',
            status: 'COMPLETED',
            links: [{ href: 'https://api.paypal.com/v2/payments/refunds/1JU08902781691411', rel: 'self' }],
          },
        },
      }),
    );

    expect(await provider.refund(ORDER_ID, 2500, 'refund-9-1')).toEqual({
      providerRefundRef: '1JU08902781691411',
      status: 'succeeded',
      amountCents: 2500,
      currency: 'EUR',
    });

    expect(standIn.requests[2]?.headers['paypal-request-id']).toBe('refund-9-1');
    expect(calls()).toEqual([
      'POST /v1/oauth2/token',
      `GET ${orderPath}`,
      `POST /v2/payments/captures/${CAPTURE_ID}/refund`,
    ]);
    expect(JSON.parse(standIn.requests[2]?.body ?? '')).toEqual({
      amount: { currency_code: 'EUR', value: '25.00' },
    });
  });

  it('fails for an order that was never captured', async () => {
    standIn.reset(paypalApi({ [`GET ${orderPath}`]: { body: order('APPROVED') } }));
    await expect(provider.refund(ORDER_ID, 2500, 'refund-9-1')).rejects.toThrow(/no completed capture/);
  });
});

describe('cancel', () => {
  it('calls nothing: an uncaptured order simply expires at PayPal', async () => {
    standIn.reset(paypalApi({}));
    await provider.cancel(ORDER_ID);
    expect(standIn.requests).toEqual([]);
  });
});
