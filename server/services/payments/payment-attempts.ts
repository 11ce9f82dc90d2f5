/**
 * Starting a payment: the methods this installation offers, the provider of the method the buyer chose, and the
 * provider's hosted session for an attempt that orders.ts created. A provider that cannot be reached fails the
 * attempt and the order, and the buyer is told to retry.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../../domain/locales.ts';
import type { PaymentMethod } from '../../../domain/payment-methods.ts';
import type { PaymentMode } from '../../../domain/statuses.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { configuredProvider, type Providers } from '../../payments/index.ts';
import { paymentMethods } from '../../payments/methods.ts';
import type { PaymentProvider } from '../../payments/provider.ts';

export interface SessionInput {
  orderId: number;
  reference: string;
  amountCents: number;
  currency: string;
  description: string;
  locale: Locale;
  customerEmail: string;
}

export function createPaymentAttempts(deps: {
  db: Database;
  config: Config;
  providers: Providers;
  log?: FastifyBaseLogger;
}) {
  const { db, config, providers } = deps;
  const methods = paymentMethods(providers, providers.test !== undefined);

  /** After a provider failure: the attempt and its order are failed (the buyer may pay again). */
  async function failAttempt(paymentId: number, orderId: number) {
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(eq(payments.id, paymentId));
      await tx.update(orders).set({ status: 'failed', updatedAt: new Date() }).where(eq(orders.id, orderId));
    });
  }

  return {
    /** The methods the payment page offers, each with the provider that serves it. */
    methods(): PaymentMethod[] {
      return methods;
    },

    testMode: providers.test !== undefined,

    /** The provider of a method; a method that is not offered is refused, never routed to another provider. */
    providerFor(mode: PaymentMode): PaymentProvider {
      const method = methods.find((entry) => entry.id === mode);
      if (!method) {
        throw new AppError(400, 'payment_method_unavailable', `Payment method ${mode} is not offered`, {
          fields: { mode_paiement: 'validation:payment_method_unavailable' },
        });
      }
      return configuredProvider(providers, method.provider);
    },

    /** Opens the hosted session of a created payment; a provider failure fails the payment and the order. */
    async startSession(paymentId: number, input: SessionInput): Promise<string> {
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      if (!payment) throw notFound('No such payment');
      const chosen = configuredProvider(providers, payment.provider);
      // Both are pages that only show the order's state: what changes it is a POST from the page (finishing
      // or cancelling the payment) or the provider's signed webhook.
      const returnUrl = `${config.publicUrl}/${input.locale}/confirmation?order=${input.orderId}`;
      const cancelUrl = `${config.publicUrl}/${input.locale}/payment-cancelled?order=${input.orderId}`;
      try {
        const session = await chosen.prepare({ ...input, paymentId, returnUrl, cancelUrl });
        await db
          .update(payments)
          .set({
            status: 'pending',
            providerRef: session.providerRef,
            redirectUrl: session.redirectUrl,
            updatedAt: new Date(),
          })
          .where(eq(payments.id, paymentId));
        return session.redirectUrl;
      } catch (error) {
        deps.log?.error(
          { err: error, paymentId, provider: chosen.id },
          'payment session could not be created',
        );
        await failAttempt(paymentId, input.orderId);
        throw new AppError(
          502,
          'payment_failed',
          'The payment provider could not be reached; please retry later',
        );
      }
    },
  };
}
