/**
 * The payment provider interface. Providers return data, never HTML: `prepare` creates the hosted session
 * (moves no money), `verify` fetches the real status from the provider, `parseWebhook` checks a webhook's
 * signature and says which payment it concerns; `cancel` and `refund` act on a session or capture, and `refunds`
 * lists what was given back (a refund made in the provider's own dashboard included).
 */
import type { PaymentProviderId } from '../../domain/payment-methods.ts';

export type ProviderId = PaymentProviderId;

export interface PrepareInput {
  paymentId: number;
  orderId: number;
  /** The order reference shown to the buyer (8 digits). */
  reference: string;
  amountCents: number;
  currency: string;
  /** Already translated, e.g. "Registration for 2 candidates". */
  description: string;
  locale: string;
  customerEmail: string;
  /** Where the provider sends the buyer back after paying, and after giving up. */
  returnUrl: string;
  cancelUrl: string;
}

export interface PreparedSession {
  providerRef: string;
  redirectUrl: string;
}

/** The provider's own view of a payment, fetched from the provider (not taken from a webhook's body). */
export interface VerifiedPayment {
  status: 'pending' | 'confirmed' | 'failed' | 'cancelled';
  amountCents: number;
  currency: string;
}

export interface WebhookEvent {
  /** The provider's event id, so that a replayed event is recognised. */
  eventId: string;
  type: string;
  providerRef: string;
  /** The event asks the site to finish the payment (`complete`) rather than only read its status. */
  complete?: boolean;
  /** The event is about money given back: the site reads the payment's refunds again (`refunds`). */
  refund?: boolean;
}

/** A refund as the provider holds it. */
export interface ProviderRefund {
  /** The provider's id of the refund (Stripe `re_…`, PayPal's refund id). */
  providerRefundRef: string;
  status: 'pending' | 'succeeded' | 'failed';
  amountCents: number;
  currency: string;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface PaymentProvider {
  id: ProviderId;
  prepare(input: PrepareInput): Promise<PreparedSession>;
  verify(providerRef: string): Promise<VerifiedPayment>;
  /**
   * Checks the signature (throws WebhookSignatureError) and returns the event, or null for an event type the
   * site does not act on.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookEvent | null>;
  /**
   * Finishes an approved payment (PayPal captures here): called when the buyer's return page asks by POST, and
   * for webhook events that ask for it. Providers without it settle on their own page; `verify` reads them.
   */
  complete?(providerRef: string): Promise<VerifiedPayment>;
  cancel(providerRef: string): Promise<void>;
  /**
   * Gives back part or all of a confirmed payment. `idempotencyKey` names this call: the same key never refunds
   * twice at the provider. Throws when the provider refuses (the message says why, without credentials).
   */
  refund(providerRef: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund>;
  /** Every refund of a payment at the provider, made here or in its dashboard; absent when none can exist elsewhere. */
  refunds?(providerRef: string): Promise<ProviderRefund[]>;
}
