/**
 * The payment providers of this installation, as server/config.ts turned them on: Stripe (card) and PayPal
 * (wallet) when their keys are complete, the built-in test provider only in test mode.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { notFound } from '../errors.ts';
import type { PaymentProvider, ProviderId } from './provider.ts';
import { createPaypalProvider } from './paypal.ts';
import { stripeOnFirstUse } from './stripe-on-first-use.ts';
import { createTestProvider, type TestProvider } from './test-provider.ts';

/** The providers that are on; `test` is present exactly in test mode. */
export interface Providers {
  stripe?: PaymentProvider;
  paypal?: PaymentProvider;
  test?: TestProvider;
}

export function createProviders(config: Config, db: Database): Providers {
  const { stripe, paypal, testMode } = config.payments;
  return {
    ...(testMode ? { test: createTestProvider({ db, publicUrl: config.publicUrl }) } : {}),
    ...(stripe ? { stripe: stripeOnFirstUse(stripe) } : {}),
    ...(paypal
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

/** The provider of a payment; one that is not on here answers 404. */
export function configuredProvider(providers: Providers, id: ProviderId): PaymentProvider {
  const found = providers[id];
  if (!found) throw notFound(`Payment provider ${id} is not configured`);
  return found;
}
