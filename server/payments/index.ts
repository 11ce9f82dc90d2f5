/**
 * The payment providers of this installation: Stripe (card) when its keys are set, PayPal (wallet) when its
 * client id, secret and webhook id are set, and always the built-in test provider for what is not configured.
 */
import type { Config } from '../config.ts';
import type { Providers } from '../services/payments.ts';
import { createPaypalProvider } from './paypal.ts';
import { createStripeProvider } from './stripe.ts';
import { createTestProvider } from './test-provider.ts';

export function createProviders(config: Config): Providers {
  const { stripe, paypal } = config;
  return {
    test: createTestProvider({ publicUrl: config.publicUrl }),
    ...(stripe.secretKey && stripe.webhookSecret
      ? { stripe: createStripeProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret }) }
      : {}),
    ...(paypal.clientId && paypal.clientSecret && paypal.webhookId
      ? {
          paypal: createPaypalProvider({
            clientId: paypal.clientId,
            clientSecret: paypal.clientSecret,
            webhookId: paypal.webhookId,
            apiBaseUrl: paypal.apiUrl,
          }),
        }
      : {}),
  };
}
