/**
 * Payments, modelled as pretix does: an order is not a payment. Each attempt is a `payments` row with its own
 * state. This module assembles the payment service the orders, the API and the pages use from its parts, each with
 * one job: starting an attempt (payment-attempts.ts), what providers report back — webhooks and the buyer's return
 * (payment-returns.ts) —, applying a verified status once (payment-settlement.ts), and closing unfinished attempts
 * (payment-closing.ts). Everything provider-specific lives in server/payments/.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import type { Providers } from '../../payments/index.ts';
import { createTestCheckout } from '../../payments/test-checkout.ts';
import { createPaymentAttempts } from './payment-attempts.ts';
import { createPaymentClosing } from './payment-closing.ts';
import { createPaymentReturns } from './payment-returns.ts';
import { createPaymentSettlement } from './payment-settlement.ts';

export function createPaymentsService(deps: {
  db: Database;
  config: Config;
  providers: Providers;
  log?: FastifyBaseLogger;
}) {
  const { db, providers, log } = deps;
  const settlement = createPaymentSettlement({ db, log });
  const returns = createPaymentReturns({ db, providers, settlement, log });
  return {
    table: payments,
    /** Runs `listener` after each order is paid (confirmation, documents). */
    onPaid: settlement.onPaid,
    ...createPaymentAttempts(deps),
    ...returns,
    ...createPaymentClosing({ db, providers, settlement, log }),
    /** The test provider's hosted page (404 everywhere outside test mode). */
    testCheckout: createTestCheckout({
      db,
      provider: providers.test,
      deliverWebhook: (rawBody, headers): Promise<unknown> => returns.handleWebhook('test', rawBody, headers),
    }),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
