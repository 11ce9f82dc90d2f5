/**
 * The payment providers and the methods the payment page offers. Which provider serves which method is decided
 * by the server's configuration (server/payments/methods.ts); these are the shapes both sides share.
 */
import type { PaymentMode } from './statuses.ts';

export const PAYMENT_PROVIDERS = ['stripe', 'paypal', 'test'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** One way to pay offered on the payment page (`GET /api/payment-methods`). */
export interface PaymentMethod {
  id: PaymentMode;
  provider: PaymentProviderId;
}

/** What the buyer may answer on the built-in test provider's page. */
export const TEST_OUTCOMES = ['approve', 'decline', 'cancel'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];
