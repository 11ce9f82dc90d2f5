/**
 * Stripe Checkout through the official `stripe` package: a hosted page where Stripe itself offers card and the
 * wallets it supports (Apple Pay, Google Pay...), which is why no payment_method_types are pinned here.
 */
import Stripe from 'stripe';
import type {
  PaymentProvider,
  PrepareInput,
  PreparedSession,
  ProviderRefund,
  VerifiedPayment,
  WebhookEvent,
} from './provider.ts';
import { WebhookSignatureError } from './provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /**
   * Base URL of the Stripe API, e.g. `http://127.0.0.1:4010` for a local stand-in in tests. Unset: the SDK's
   * default, `https://api.stripe.com`.
   */
  apiHost?: string;
}

type CheckoutLocale = Stripe.Checkout.SessionCreateParams.Locale;

const CHECKOUT_LOCALES: Record<string, CheckoutLocale> = {
  fr: 'fr',
  gb: 'en',
  de: 'de',
  nl: 'nl',
  es: 'es',
  it: 'it',
};

/** The Checkout events that may change a payment's state; every other event is acknowledged and ignored. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** Events about money given back, from the site or from Stripe's dashboard: the payment's refunds are read again. */
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.created', 'refund.updated', 'refund.failed']);

/** Payment intent states after which an asynchronous payment (SEPA debit...) has definitely not gone through. */
const FAILED_INTENT_STATUSES = new Set(['requires_payment_method', 'canceled']);

function connection(apiHost: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiHost) return {};
  const url = new URL(apiHost);
  const protocol = url.protocol.replace(/:$/, '');
  if (protocol !== 'http' && protocol !== 'https')
    throw new Error(`Stripe apiHost must be http(s): ${apiHost}`);
  return { host: url.hostname, port: url.port || (protocol === 'https' ? 443 : 80), protocol };
}

function sessionStatus(session: Stripe.Checkout.Session): VerifiedPayment['status'] {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    return 'confirmed';
  if (session.status === 'expired') return 'cancelled';
  if (session.status === 'complete') {
    // Complete but unpaid: an asynchronous payment method is under way, unless its payment intent has given up.
    const intent = session.payment_intent;
    if (intent && typeof intent !== 'string' && FAILED_INTENT_STATUSES.has(intent.status)) return 'failed';
  }
  return 'pending';
}

function paymentIntentId(session: Stripe.Checkout.Session): string | undefined {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : intent?.id;
}

function refundStatus(status: string | null): ProviderRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function providerRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    providerRefundRef: refund.id,
    status: refundStatus(refund.status),
    amountCents: refund.amount,
    currency: refund.currency.toUpperCase(),
  };
}

/** The payment intent a charge or refund event names. */
function eventPaymentIntent(event: Stripe.Event): string | undefined {
  const object = event.data.object as { payment_intent?: string | { id: string } | null };
  const intent = object.payment_intent;
  return typeof intent === 'string' ? intent : intent?.id;
}

/** Opens the Checkout Session the buyer pays on; no money moves yet. */
async function createCheckoutSession(stripe: Stripe, input: PrepareInput): Promise<PreparedSession> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: input.amountCents,
            product_data: { name: input.description },
          },
          quantity: 1,
        },
      ],
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: String(input.orderId),
      metadata: { paymentId: String(input.paymentId), orderId: String(input.orderId) },
      customer_email: input.customerEmail,
      locale: CHECKOUT_LOCALES[input.locale] ?? 'auto',
    },
    // A retried prepare for the same payment attempt gets the same session instead of a second one.
    { idempotencyKey: `checkout-session-payment-${input.paymentId}` },
  );
  if (!session.url) throw new Error(`Stripe Checkout session ${session.id} has no URL`);
  return { providerRef: session.id, redirectUrl: session.url };
}

/** The event once its signature checks; null for an event that changes no payment. */
async function verifiedWebhookEvent(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookEvent | null> {
  const signature = headers['stripe-signature'];
  if (typeof signature !== 'string') throw new WebhookSignatureError('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    throw new WebhookSignatureError('Invalid Stripe webhook signature', { cause: error });
  }
  if (REFUND_EVENTS.has(event.type)) {
    const intent = eventPaymentIntent(event);
    if (!intent) return null;
    // The site knows its payments by their Checkout Session: find the one that made this payment intent.
    const sessions = await stripe.checkout.sessions.list({ payment_intent: intent, limit: 1 });
    const session = sessions.data[0];
    if (!session) return null;
    return { eventId: event.id, type: event.type, providerRef: session.id, refund: true };
  }
  if (!SESSION_EVENTS.has(event.type)) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  return { eventId: event.id, type: event.type, providerRef: session.id };
}

export function createStripeProvider({
  secretKey,
  webhookSecret,
  apiHost,
}: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(secretKey, connection(apiHost));

  return {
    id: 'stripe',

    prepare: (input) => createCheckoutSession(stripe, input),

    async verify(providerRef) {
      const session = await stripe.checkout.sessions.retrieve(providerRef, { expand: ['payment_intent'] });
      return {
        status: sessionStatus(session),
        amountCents: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
      };
    },

    parseWebhook: (rawBody, headers) => verifiedWebhookEvent(stripe, webhookSecret, rawBody, headers),

    async cancel(providerRef) {
      try {
        await stripe.checkout.sessions.expire(providerRef);
      } catch (error) {
        // Only an open session can be expired: one already expired or completed needs nothing more.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const session = await stripe.checkout.sessions.retrieve(providerRef);
        if (session.status === 'open') throw error;
      }
    },

    async refund(providerRef, amountCents, idempotencyKey) {
      const session = await stripe.checkout.sessions.retrieve(providerRef);
      const paymentIntent = paymentIntentId(session);
      if (!paymentIntent) throw new Error(`Stripe Checkout session ${providerRef} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents },
        { idempotencyKey },
      );
      return providerRefund(refund);
    },

    async refunds(providerRef) {
      const session = await stripe.checkout.sessions.retrieve(providerRef);
      const paymentIntent = paymentIntentId(session);
      if (!paymentIntent) return [];
      const found = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
      return found.data.map(providerRefund);
    },
  };
}
