/**
 * What providers tell the site about an attempt: their signed webhooks, and the buyer's return from the hosted
 * page. Neither is trusted as it comes: the real status is read again from the provider (capturing first where
 * the provider needs it, PayPal) and settled by payment-settlement.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderStatus } from '../../../domain/statuses.ts';
import type { Database } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { configuredProvider, type Providers } from '../../payments/index.ts';
import type { ProviderId } from '../../payments/provider.ts';
import type { PaymentSettlement } from './payment-settlement.ts';

type PaymentRow = typeof payments.$inferSelect;

export function createPaymentReturns(deps: {
  db: Database;
  providers: Providers;
  settlement: PaymentSettlement;
  log?: FastifyBaseLogger;
}) {
  const { db, providers, settlement } = deps;
  const refundListeners: ((paymentId: number) => Promise<void>)[] = [];

  /** The buyer's latest attempt to pay their order; another person's order is not found. */
  async function latestAttempt(orderId: number, userId: number) {
    const [row] = await db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .orderBy(sql`${payments.id} desc`)
      .limit(1);
    return row?.payment;
  }

  async function findByRef(providerId: ProviderId, providerRef: string): Promise<PaymentRow | undefined> {
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, providerId), eq(payments.providerRef, providerRef)));
    return payment;
  }

  return {
    /** Runs `listener` when a provider says a payment's refunds changed (refunds.ts reads them again). */
    onRefundEvent(listener: (paymentId: number) => Promise<void>) {
      refundListeners.push(listener);
    },

    /** A provider's webhook: 'applied', or 'ignored' for events and payments the site does not act on. */
    async handleWebhook(
      providerId: ProviderId,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ) {
      const chosen = configuredProvider(providers, providerId);
      const event = await chosen.parseWebhook(rawBody, headers);
      if (!event) return 'ignored' as const;
      const payment = await findByRef(providerId, event.providerRef);
      if (!payment) {
        deps.log?.warn(
          { provider: providerId, providerRef: event.providerRef },
          'webhook for an unknown payment',
        );
        return 'ignored' as const;
      }
      if (event.refund) {
        // Reading the provider's refunds again is harmless when repeated: no event id needs recording.
        for (const listener of refundListeners) await listener(payment.id);
        return 'applied' as const;
      }
      const verified =
        event.complete && chosen.complete
          ? await chosen.complete(event.providerRef)
          : await chosen.verify(event.providerRef);
      await settlement.apply(payment.id, verified, {
        provider: providerId,
        eventId: event.eventId,
        type: event.type,
      });
      return 'applied' as const;
    },

    /**
     * The buyer is back from the provider and their page asks to finish: the provider captures if it needs to
     * (PayPal), and the real status is applied. Answers the order's status.
     */
    async completeReturn(orderId: number, userId: number): Promise<OrderStatus> {
      const payment = await latestAttempt(orderId, userId);
      if (!payment?.providerRef) throw notFound('No such payment');
      const chosen = configuredProvider(providers, payment.provider);
      const verified = chosen.complete
        ? await chosen.complete(payment.providerRef)
        : await chosen.verify(payment.providerRef);
      // apply answers null only for an event already applied, and no event is passed here.
      return (await settlement.apply(payment.id, verified)) ?? 'pending';
    },
  };
}
