/**
 * Which provider serves which payment method. Card goes to Stripe Checkout and wallet to PayPal, each only when
 * that provider is configured; in test mode every method goes to the test provider, so that no money moves.
 * A method without its provider is not offered, and never routed to another provider.
 */
import type { PaymentMethod, PaymentProviderId } from '../../domain/payment-methods.ts';
import { PAYMENT_MODES, type PaymentMode } from '../../domain/statuses.ts';

const REAL_PROVIDER: Record<PaymentMode, Exclude<PaymentProviderId, 'test'>> = {
  card: 'stripe',
  wallet: 'paypal',
};

export function paymentMethods(
  configured: { stripe?: unknown; paypal?: unknown },
  testMode: boolean,
): PaymentMethod[] {
  return PAYMENT_MODES.flatMap((id): PaymentMethod[] => {
    if (testMode) return [{ id, provider: 'test' }];
    const provider = REAL_PROVIDER[id];
    return configured[provider] ? [{ id, provider }] : [];
  });
}
