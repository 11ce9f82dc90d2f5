/**
 * The Stripe provider, its library loaded by the first call rather than at start: the `stripe` package is about
 * 35 MB of memory (200-odd modules, decision 0054) that a site in test mode or on PayPal alone never needs, and
 * that a site taking cards needs only once someone pays.
 */
import type { PaymentProvider } from './provider.ts';
import type { StripeProviderOptions } from './stripe.ts';

export function stripeOnFirstUse(options: StripeProviderOptions): PaymentProvider {
  let loading: Promise<PaymentProvider> | undefined;
  const provider = () =>
    (loading ??= import('./stripe.ts')
      .then(({ createStripeProvider }) => createStripeProvider(options))
      .catch((error: unknown) => {
        loading = undefined; // a failed load is tried again by the next call
        throw error;
      }));
  return {
    id: 'stripe',
    prepare: async (input) => (await provider()).prepare(input),
    verify: async (providerRef) => (await provider()).verify(providerRef),
    parseWebhook: async (rawBody, headers) => (await provider()).parseWebhook(rawBody, headers),
    cancel: async (providerRef) => (await provider()).cancel(providerRef),
    refund: async (providerRef, amountCents, idempotencyKey) =>
      (await provider()).refund(providerRef, amountCents, idempotencyKey),
    async refunds(providerRef) {
      const loaded = await provider();
      if (!loaded.refunds) throw new Error('The Stripe provider reads no refunds');
      return loaded.refunds(providerRef);
    },
  };
}
