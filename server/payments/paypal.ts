/**
 * PayPal (wallet) through the Orders v2 REST API, with a thin typed client over `fetch` (why not the official
 * SDK: docs/decisions/0006-paypal-rest-client.md). The buyer approves the order on PayPal's page and comes back
 * through `returnUrl`, where `complete` captures it; webhooks are checked by PayPal's own verification endpoint.
 * Amounts are written with two decimals, which holds for the euro and the site's other currencies.
 */
import { z } from '../../domain/schemas/zod.ts';
import type {
  PaymentProvider,
  PrepareInput,
  PreparedSession,
  ProviderRefund,
  VerifiedPayment,
  WebhookEvent,
} from './provider.ts';
import { WebhookSignatureError } from './provider.ts';
import { apiError, createPaypalClient, type PaypalRequest, readJson } from './paypal-client.ts';

export { PaypalApiError } from './paypal-client.ts';

export interface PaypalProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook subscription (developer dashboard), needed to verify its notifications. */
  webhookId: string;
  /** `https://api-m.paypal.com` (live) or `https://api-m.sandbox.paypal.com` (sandbox). */
  apiBaseUrl: string;
  /** Time limit of one HTTP request; 30 s unless told. */
  timeoutMs?: number;
}

const PAYPAL_LOCALES: Record<string, string> = {
  fr: 'fr-FR',
  gb: 'en-GB',
  de: 'de-DE',
  nl: 'nl-NL',
  es: 'es-ES',
  it: 'it-IT',
};

/** Events that may change a payment's state; PAYMENT.CAPTURE.* carry the capture, not the order. */
const ORDER_EVENTS = new Set(['CHECKOUT.ORDER.APPROVED']);
const CAPTURE_EVENTS = new Set([
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
]);

/** Money given back, from the site or from PayPal's dashboard: the order's refunds are read again. */
const REFUND_EVENTS = new Set(['PAYMENT.CAPTURE.REFUNDED']);

const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
const linkSchema = z.object({ href: z.string(), rel: z.string() });
const relatedIdsSchema = z.object({
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
    .optional(),
});
const captureSchema = z.object({ id: z.string(), status: z.string(), amount: moneySchema.optional() });
const refundSchema = z.object({ id: z.string(), status: z.string(), amount: moneySchema.optional() });
const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        amount: moneySchema.optional(),
        payments: z
          .object({ captures: z.array(captureSchema).optional(), refunds: z.array(refundSchema).optional() })
          .optional(),
      }),
    )
    .optional(),
  links: z.array(linkSchema).optional(),
});
const verificationSchema = z.object({ verification_status: z.string() });
const webhookEventSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  resource: relatedIdsSchema.extend({ id: z.string().optional(), links: z.array(linkSchema).optional() }),
});
type Order = z.infer<typeof orderSchema>;

function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Invalid amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function valueToCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new Error(`Unexpected PayPal amount "${value}"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The payment as PayPal holds it: the last capture decides, else the order is still on its way. */
function verifiedOrder(order: Order): VerifiedPayment {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.at(-1);
  const money = capture?.amount ?? unit?.amount;
  return {
    status: orderStatus(order.status, capture?.status),
    amountCents: money ? valueToCents(money.value) : 0,
    currency: money?.currency_code ?? '',
  };
}

function refundStatus(status: string): ProviderRefund['status'] {
  if (status === 'COMPLETED') return 'succeeded';
  if (status === 'FAILED' || status === 'CANCELLED') return 'failed';
  return 'pending';
}

function providerRefund(refund: z.infer<typeof refundSchema>, asked?: { cents: number; currency: string }) {
  return {
    providerRefundRef: refund.id,
    status: refundStatus(refund.status),
    amountCents: refund.amount ? valueToCents(refund.amount.value) : (asked?.cents ?? 0),
    currency: refund.amount?.currency_code ?? asked?.currency ?? '',
  } satisfies ProviderRefund;
}

function orderStatus(orderStatus: string, captureStatus: string | undefined): VerifiedPayment['status'] {
  if (orderStatus === 'VOIDED') return 'cancelled';
  switch (captureStatus) {
    // A refund is the site's own decision, recorded when it calls `refund`: the money was received.
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return 'confirmed';
    case 'DECLINED':
    case 'FAILED':
      return 'failed';
    default:
      return 'pending';
  }
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

const orderPath = (orderId: string) => `/v2/checkout/orders/${encodeURIComponent(orderId)}`;

async function getOrder(request: PaypalRequest, orderId: string): Promise<Order> {
  return readJson(await request('GET', orderPath(orderId)), orderSchema, 'order lookup');
}

/** Creates the PayPal order the buyer approves on PayPal's page; no money moves yet. */
async function createOrder(request: PaypalRequest, input: PrepareInput): Promise<PreparedSession> {
  const experienceContext = {
    return_url: input.returnUrl,
    cancel_url: input.cancelUrl,
    ...(PAYPAL_LOCALES[input.locale] ? { locale: PAYPAL_LOCALES[input.locale] } : {}),
    user_action: 'PAY_NOW',
    shipping_preference: 'NO_SHIPPING',
  };
  const body = {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: input.reference,
        custom_id: String(input.paymentId),
        invoice_id: input.reference,
        description: input.description.slice(0, 127),
        amount: { currency_code: input.currency, value: centsToValue(input.amountCents) },
      },
    ],
    payment_source: { paypal: { experience_context: experienceContext } },
  };
  const response = await request('POST', '/v2/checkout/orders', {
    body: JSON.stringify(body),
    headers: { 'paypal-request-id': crypto.randomUUID(), prefer: 'return=representation' },
  });
  const order = await readJson(response, orderSchema, 'order creation');
  const link =
    order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
  if (!link) throw new Error(`PayPal order ${order.id} has no payer-action link`);
  return { providerRef: order.id, redirectUrl: link.href };
}

/** Captures the approved order; a second return (reload, webhook first) finds it already captured. */
async function captureOrder(request: PaypalRequest, orderId: string): Promise<VerifiedPayment> {
  const response = await request('POST', `${orderPath(orderId)}/capture`, {
    headers: { prefer: 'return=representation' },
  });
  if (response.status === 422) {
    const error = await apiError(response, 'capture');
    if (error.issue === 'ORDER_ALREADY_CAPTURED') return verifiedOrder(await getOrder(request, orderId));
    throw error;
  }
  return verifiedOrder(await readJson(response, orderSchema, 'capture'));
}

/** The order a capture event concerns: named in the event, else found through the capture it refers to. */
async function orderOfCaptureEvent(
  request: PaypalRequest,
  resource: z.infer<typeof webhookEventSchema>['resource'],
): Promise<string> {
  const named = resource.supplementary_data?.related_ids?.order_id;
  if (named) return named;
  // A refund names its capture in its `up` link; the capture names its order.
  const captureId = resource.links
    ?.filter((link) => link.rel === 'up')
    .map((link) => /\/v2\/payments\/captures\/([^/?#]+)/.exec(link.href)?.[1])
    .find(Boolean);
  if (!captureId) throw new Error(`PayPal event resource ${resource.id ?? '?'} names no order`);
  const response = await request('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
  const capture = await readJson(response, relatedIdsSchema, 'capture lookup');
  const orderId = capture.supplementary_data?.related_ids?.order_id;
  if (!orderId) throw new Error(`PayPal capture ${captureId} names no order`);
  return orderId;
}

/** The notification's event once PayPal vouched for its signature; null for an event that changes nothing. */
async function verifiedWebhookEvent(
  request: PaypalRequest,
  webhookId: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookEvent | null> {
  const transmission: Record<string, string> = {};
  for (const [field, name] of Object.entries(TRANSMISSION_HEADERS)) {
    const value = header(headers, name);
    if (!value) throw new WebhookSignatureError(`Missing ${name} header`);
    transmission[field] = value;
  }
  const text = rawBody.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new WebhookSignatureError('PayPal webhook body is not JSON', { cause: error });
  }
  const event = webhookEventSchema.safeParse(parsed);
  if (!event.success) throw new WebhookSignatureError('PayPal webhook body is not an event');

  // The event goes back byte for byte: PayPal checks its signature over the body it sent, and a
  // re-serialised copy (other number or escape forms) would fail the check.
  const fields = Object.entries({ ...transmission, webhook_id: webhookId })
    .map(([field, value]) => `${JSON.stringify(field)}:${JSON.stringify(value)}`)
    .join(',');
  const response = await request('POST', '/v1/notifications/verify-webhook-signature', {
    body: `{${fields},"webhook_event":${text}}`,
  });
  // PayPal refuses malformed transmission headers with a 400: as untrusted as a wrong signature.
  if (response.status === 400 || response.status === 422) {
    throw new WebhookSignatureError('PayPal refused to verify the webhook', {
      cause: await apiError(response, 'webhook verification'),
    });
  }
  const verification = await readJson(response, verificationSchema, 'webhook verification');
  if (verification.verification_status !== 'SUCCESS') {
    throw new WebhookSignatureError('Invalid PayPal webhook signature');
  }

  const { id, event_type: type, resource } = event.data;
  if (ORDER_EVENTS.has(type)) {
    if (!resource.id) throw new Error(`PayPal event ${id} names no order`);
    // Approved but not captured yet: capture now, or a buyer who closes the tab is never charged.
    return { eventId: id, type, providerRef: resource.id, complete: true };
  }
  if (CAPTURE_EVENTS.has(type)) {
    const providerRef = await orderOfCaptureEvent(request, resource);
    return { eventId: id, type, providerRef, ...(REFUND_EVENTS.has(type) ? { refund: true } : {}) };
  }
  return null;
}

/** Gives money back through the order's completed capture. */
async function refundCapture(
  request: PaypalRequest,
  orderId: string,
  amountCents: number,
  idempotencyKey: string,
): Promise<ProviderRefund> {
  const order = await getOrder(request, orderId);
  const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
  const capture = captures.find((c) => c.status === 'COMPLETED' || c.status === 'PARTIALLY_REFUNDED');
  const currency = capture?.amount?.currency_code ?? order.purchase_units?.[0]?.amount?.currency_code;
  if (!capture || !currency) throw new Error(`PayPal order ${orderId} has no completed capture to refund`);
  const response = await request('POST', `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`, {
    body: JSON.stringify({ amount: { currency_code: currency, value: centsToValue(amountCents) } }),
    // PayPal answers a repeated request id with the refund it made the first time.
    headers: { 'paypal-request-id': idempotencyKey, prefer: 'return=representation' },
  });
  const refund = await readJson(response, refundSchema, 'refund');
  if (refund.status === 'FAILED' || refund.status === 'CANCELLED') {
    throw new Error(`PayPal refund ${refund.id} of order ${orderId} ended ${refund.status}`);
  }
  return providerRefund(refund, { cents: amountCents, currency });
}

export function createPaypalProvider({
  clientId,
  clientSecret,
  webhookId,
  apiBaseUrl,
  timeoutMs = 30_000,
}: PaypalProviderOptions): PaymentProvider {
  const request = createPaypalClient({ clientId, clientSecret, apiBaseUrl, timeoutMs });
  return {
    id: 'paypal',
    prepare: (input) => createOrder(request, input),
    verify: async (orderId) => verifiedOrder(await getOrder(request, orderId)),
    complete: (orderId) => captureOrder(request, orderId),
    parseWebhook: (rawBody, headers) => verifiedWebhookEvent(request, webhookId, rawBody, headers),
    // An uncaptured PayPal order cannot be cancelled through the API, and needs not be: it is simply never
    // captured, and PayPal drops it after its validity period.
    async cancel() {},
    refund: (orderId, amountCents, idempotencyKey) =>
      refundCapture(request, orderId, amountCents, idempotencyKey),
    async refunds(orderId) {
      const order = await getOrder(request, orderId);
      return (order.purchase_units?.[0]?.payments?.refunds ?? []).map((refund) => providerRefund(refund));
    },
  };
}
