/**
 * The test provider's hosted page, seen from the server: the buyer's own test payment, and the buttons that
 * settle it. A button delivers the signed webhook through the same path a real provider's notification takes.
 * Without test mode there is no test page: every call answers 404.
 */
import { and, eq } from 'drizzle-orm';
import type { TestCheckoutSession } from '../../contracts/orders.ts';
import type { Locale } from '../../domain/locales.ts';
import { orderReference } from '../../domain/references.ts';
import type { Database } from '../db/client.ts';
import { orders, payments } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import type { TestOutcome } from '../../domain/payment-methods.ts';
import type { TestProvider } from './test-provider.ts';

export function createTestCheckout(deps: {
  db: Database;
  provider: TestProvider | undefined;
  deliverWebhook: (rawBody: Buffer, headers: Record<string, string>) => Promise<unknown>;
}) {
  const { db, provider } = deps;

  async function owned(paymentId: number, userId: number) {
    if (!provider) throw notFound('Test payments are off');
    const [row] = await db
      .select({ payment: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.id, paymentId), eq(payments.provider, 'test'), eq(orders.userId, userId)));
    if (!row || !row.payment.providerRef) throw notFound('No such payment');
    return { ...row, providerRef: row.payment.providerRef, provider };
  }

  return {
    /** The page's data: the signed-in buyer's test payment, or null. */
    async session(paymentId: number, user: { id: number } | null): Promise<TestCheckoutSession | null> {
      if (!user) return null;
      try {
        const { payment, order } = await owned(paymentId, user.id);
        return {
          paymentId: payment.id,
          orderId: order.id,
          reference: orderReference(order.id),
          amountCents: payment.amountCents,
          currency: payment.currency,
          status: payment.status,
        };
      } catch {
        return null;
      }
    },

    /** A button of the page: settle the session, deliver the signed webhook, say where the buyer goes. */
    async decide(paymentId: number, userId: number, outcome: TestOutcome, lang: Locale): Promise<string> {
      const { order, providerRef, provider: test } = await owned(paymentId, userId);
      const notification = await test.settle(providerRef, outcome);
      await deps.deliverWebhook(notification.rawBody, notification.headers);
      return outcome === 'cancel'
        ? `/${lang}/payment-cancelled?order=${order.id}`
        : `/${lang}/confirmation?order=${order.id}`;
    },
  };
}
