/**
 * Settling a payment: applying the provider's verified view of one attempt (from a webhook, the buyer's return
 * or the closing of open attempts). The change is applied once: an event already seen is skipped, a confirmed
 * attempt stays confirmed, an amount that differs from the order fails the attempt. A confirmed payment marks the
 * order paid and its candidates ready to process, then the listeners (confirmation, documents) run after the
 * commit.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderStatus } from '../../../domain/statuses.ts';
import { canTransition } from '../../../domain/statuses.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orders, paymentEvents, payments } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type PaymentOutcome, recordPayment } from '../../metrics.ts';
import type { VerifiedPayment } from '../../payments/provider.ts';
import { recordAudit } from '../platform/audit.ts';
import { transitionCandidate } from '../registrations/candidate-transitions.ts';

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** What happens after an order is paid (confirmation email, documents); called after the commit. */
export type PaidListener = (orderId: number) => Promise<void>;

/** The webhook event a change comes from, recorded so that a replay is skipped. */
export interface PaymentEvent {
  provider: string;
  eventId: string;
  type: string;
}

const PAYMENT_STATUS: Record<VerifiedPayment['status'], PaymentRow['status']> = {
  pending: 'pending',
  confirmed: 'confirmed',
  failed: 'failed',
  cancelled: 'cancelled',
};

const ORDER_STATUS_FOR: Partial<Record<VerifiedPayment['status'], OrderStatus>> = {
  confirmed: 'paid',
  failed: 'failed',
  cancelled: 'cancelled',
};

function amountMatches(verified: VerifiedPayment, payment: PaymentRow, order: OrderRow): boolean {
  return (
    verified.amountCents === payment.amountCents &&
    verified.amountCents === order.totalCents &&
    verified.currency.toUpperCase() === payment.currency.toUpperCase()
  );
}

/** False when the event was applied already (its id is recorded once). */
async function firstTimeSeen(tx: Database, event: PaymentEvent): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

async function newerAttemptExists(tx: Pick<Database, 'select'>, payment: PaymentRow) {
  const [newer] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, payment.orderId), sql`${payments.id} > ${payment.id}`))
    .limit(1);
  return newer !== undefined;
}

/** The order moves to `status`; when paid, its unpaid candidates become ready to process, or wait for a guardian. */
async function changeOrder(tx: Database, order: OrderRow, payment: PaymentRow, status: OrderStatus) {
  await tx
    .update(orders)
    .set({ status, updatedAt: new Date(), ...(status === 'paid' ? { paidAt: new Date() } : {}) })
    .where(eq(orders.id, order.id));
  if (status === 'paid') {
    const unpaid = await tx
      .select({ id: candidates.id, statut: candidates.statut, tuteur: candidates.tuteur })
      .from(candidates)
      .where(and(eq(candidates.orderId, order.id), eq(candidates.statut, 'pending_payment')))
      .for('update');
    for (const candidate of unpaid)
      // The order's entry below records the payment; the candidates get none of their own. A minor waits for
      // their guardian's consent (guardian-consents.ts).
      await transitionCandidate(tx, candidate, candidate.tuteur ? 'awaiting_consent' : 'to_process', {
        actorId: null,
        action: null,
      });
  }
  await recordAudit(tx, {
    actorId: null,
    action: `order.${status}`,
    entity: 'order',
    entityId: order.id,
    before: { status: order.status },
    after: { status, paymentId: payment.id, provider: payment.provider },
  });
}

export function createPaymentSettlement(deps: { db: Database; log?: FastifyBaseLogger }) {
  const { db } = deps;
  const paidListeners: PaidListener[] = [];

  async function refuseAmount(tx: Database, payment: PaymentRow, verified: VerifiedPayment) {
    deps.log?.error(
      { paymentId: payment.id, expected: payment.amountCents, got: verified.amountCents },
      'payment amount mismatch',
    );
    await tx
      .update(payments)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    await recordAudit(tx, {
      actorId: null,
      action: 'payment.amount_mismatch',
      entity: 'payment',
      entityId: payment.id,
      before: { amountCents: payment.amountCents, currency: payment.currency },
      after: verified,
    });
  }

  return {
    onPaid(listener: PaidListener) {
      paidListeners.push(listener);
    },

    /**
     * Applies the provider's verified view of a payment. Returns the order's status afterwards, or null for an
     * event already applied (with an event id, replays are harmless).
     */
    async apply(paymentId: number, verified: VerifiedPayment, event?: PaymentEvent) {
      let paidOrderId: number | null = null;
      const outcomes: [PaymentRow['provider'], PaymentOutcome][] = [];
      const orderStatus = await db.transaction(async (tx) => {
        if (event && !(await firstTimeSeen(tx, event))) return null;
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
        if (!payment) throw notFound('No such payment');
        const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
        if (!order) throw notFound('No such order');

        if (verified.status === 'confirmed' && !amountMatches(verified, payment, order)) {
          await refuseAmount(tx, payment, verified);
          outcomes.push([payment.provider, 'amount_mismatch']);
          return order.status;
        }

        // A confirmed payment is final: a late "failed" or "cancelled" about the same attempt changes nothing.
        const nextPaymentStatus = PAYMENT_STATUS[verified.status];
        if (payment.status !== 'confirmed' && payment.status !== nextPaymentStatus) {
          await tx
            .update(payments)
            .set({ status: nextPaymentStatus, updatedAt: new Date() })
            .where(eq(payments.id, payment.id));
          if (verified.status !== 'pending') outcomes.push([payment.provider, verified.status]);
        }

        const nextOrderStatus = ORDER_STATUS_FOR[verified.status];
        if (!nextOrderStatus || !canTransition(order.status, nextOrderStatus)) return order.status;
        // An earlier attempt that fails or expires says nothing about the order once the buyer has started
        // another one (paying again from the account); only money received always counts.
        if (nextOrderStatus !== 'paid' && (await newerAttemptExists(tx, payment))) return order.status;
        await changeOrder(tx, order, payment, nextOrderStatus);
        if (nextOrderStatus === 'paid') paidOrderId = order.id;
        return nextOrderStatus;
      });
      // Counted once the transaction holds: a rolled-back change is no outcome.
      for (const [provider, outcome] of outcomes) recordPayment(provider, outcome);
      if (paidOrderId !== null) for (const listener of paidListeners) await listener(paidOrderId);
      return orderStatus;
    },
  };
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
