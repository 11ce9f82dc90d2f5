/**
 * Ending attempts that were never finished: before a new attempt or a cancellation (an attempt the provider
 * reports paid is settled instead), when the buyer gives up, and when a pending order expires.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { canTransition, type OrderStatus } from '../../../domain/statuses.ts';
import type { Database } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { recordPayment } from '../../metrics.ts';
import type { Providers } from '../../payments/index.ts';
import { recordAudit } from '../platform/audit.ts';
import type { PaymentSettlement } from './payment-settlement.ts';

/** Attempts in these states may still be paid at the provider. */
const OPEN_PAYMENT_STATUSES = ['created', 'pending'] as const;

interface ClosingDeps {
  db: Database;
  providers: Providers;
  settlement: PaymentSettlement;
  log?: FastifyBaseLogger;
}

/** Asks the provider to close a session; a failure is only logged (the session expires there anyway). */
async function cancelAtProvider(deps: ClosingDeps, payment: typeof payments.$inferSelect) {
  await deps.providers[payment.provider]
    ?.cancel(payment.providerRef!)
    .catch((error: unknown) => deps.log?.warn({ err: error }, 'provider cancel failed'));
}

/** Pending orders past their expiry are cancelled, and so are their open payment sessions. */
async function expirePending(deps: ClosingDeps, now: Date): Promise<number> {
  const { db } = deps;
  const stale = await db
    .select({ payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, now)));
  const staleOrders = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, now)));
  for (const { payment } of stale) {
    if (payment.providerRef && (payment.status === 'pending' || payment.status === 'created'))
      await cancelAtProvider(deps, payment);
  }
  for (const order of staleOrders) {
    const expired = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (!locked || locked.status !== 'pending') return [];
      await tx.update(orders).set({ status: 'cancelled', updatedAt: now }).where(eq(orders.id, order.id));
      const closed = await tx
        .update(payments)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(payments.orderId, order.id), sql`${payments.status} in ('created', 'pending')`))
        .returning({ provider: payments.provider });
      await recordAudit(tx, {
        actorId: null,
        action: 'order.expired',
        entity: 'order',
        entityId: order.id,
        before: { status: 'pending' },
        after: { status: 'cancelled' },
      });
      return closed;
    });
    for (const { provider } of expired) recordPayment(provider, 'expired');
  }
  return staleOrders.length;
}

export function createPaymentClosing(deps: ClosingDeps) {
  const { db, providers, settlement } = deps;

  /**
   * Closes the order's open attempts before a new one or a cancellation. An attempt the provider reports paid
   * is applied instead, and its order's status answered ('paid'): the caller must not go on.
   */
  async function closeOpenAttempts(orderId: number): Promise<OrderStatus | null> {
    const open = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])));
    for (const payment of open) {
      const chosen = providers[payment.provider];
      if (payment.providerRef && chosen) {
        const verified = await chosen.verify(payment.providerRef);
        if (verified.status === 'confirmed') return settlement.apply(payment.id, verified);
        await cancelAtProvider(deps, payment);
      }
      const cancelled = await db
        .update(payments)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])))
        .returning({ id: payments.id });
      if (cancelled.length > 0) recordPayment(payment.provider, 'cancelled');
    }
    return null;
  }

  return {
    closeOpenAttempts,

    /** The buyer gives up (a button on the cancelled page): open attempts are closed and the order cancelled. */
    async cancelByBuyer(orderId: number, userId: number): Promise<OrderStatus> {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) throw notFound('No such order');
      if (order.status === 'paid' || order.status === 'cancelled') return order.status;
      const settled = await closeOpenAttempts(orderId);
      if (settled === 'paid') return settled;
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!locked || !canTransition(locked.status, 'cancelled')) return locked?.status ?? 'cancelled';
        await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(eq(orders.id, orderId));
        await recordAudit(tx, {
          actorId: userId,
          action: 'order.cancelled',
          entity: 'order',
          entityId: orderId,
          before: { status: locked.status },
          after: { status: 'cancelled' },
        });
        return 'cancelled' as const;
      });
    },

    expirePending: (now = new Date()) => expirePending(deps, now),
  };
}
