/**
 * Payments, modelled as pretix does: an order is not a payment. Each attempt is a `payments` row with its own
 * state. Webhooks are untrusted triggers: the signature is checked, the payment found by the provider's id,
 * the real status fetched from the provider, the amount compared with the order, and the change applied once
 * (a replayed or late event changes nothing). A confirmed payment marks the order paid and its candidates
 * ready to process, and sends the confirmation.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentMethod } from '../../domain/payment-methods.ts';
import { canTransition, type OrderStatus, type PaymentMode } from '../../domain/statuses.ts';
import type { Locale } from '../../domain/locales.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { candidates, orders, paymentEvents, payments, users } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import type { Providers } from '../payments/index.ts';
import { paymentMethods } from '../payments/methods.ts';
import type { PaymentProvider, ProviderId, VerifiedPayment } from '../payments/provider.ts';
import { createTestCheckout } from '../payments/test-checkout.ts';
import { recordAudit } from './audit.ts';
import { transitionCandidate } from './candidate-transitions.ts';

type PaymentRow = typeof payments.$inferSelect;

/** Attempts in these states may still be paid at the provider. */
const OPEN_PAYMENT_STATUSES = ['created', 'pending'] as const;

/** What happens after an order is paid (confirmation email, documents); called after the commit. */
export type PaidListener = (orderId: number) => Promise<void>;

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

export function createPaymentsService(deps: {
  db: Database;
  config: Config;
  providers: Providers;
  log?: FastifyBaseLogger;
}) {
  const { db, config, providers } = deps;
  const paidListeners: PaidListener[] = [];
  const methods = paymentMethods(providers, providers.test !== undefined);

  function provider(id: ProviderId): PaymentProvider {
    const found = providers[id];
    if (!found) throw notFound(`Payment provider ${id} is not configured`);
    return found;
  }

  /**
   * Applies the provider's verified view of a payment. Returns the order's status afterwards. With an event id,
   * an event already applied is skipped, so replays are harmless.
   */
  async function apply(
    paymentId: number,
    verified: VerifiedPayment,
    event?: { provider: string; eventId: string; type: string },
  ) {
    let paidOrderId: number | null = null;
    const orderStatus = await db.transaction(async (tx) => {
      if (event) {
        const inserted = await tx
          .insert(paymentEvents)
          .values(event)
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (inserted.length === 0) return null;
      }
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (!payment) throw notFound('No such payment');
      const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
      if (!order) throw notFound('No such order');

      const amountMatches =
        verified.amountCents === payment.amountCents &&
        verified.amountCents === order.totalCents &&
        verified.currency.toUpperCase() === payment.currency.toUpperCase();
      if (verified.status === 'confirmed' && !amountMatches) {
        deps.log?.error(
          { paymentId, expected: payment.amountCents, got: verified.amountCents },
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
        return order.status;
      }

      // A confirmed payment is final: a late "failed" or "cancelled" about the same attempt changes nothing.
      const nextPaymentStatus = PAYMENT_STATUS[verified.status];
      if (payment.status !== 'confirmed' && payment.status !== nextPaymentStatus) {
        await tx
          .update(payments)
          .set({ status: nextPaymentStatus, updatedAt: new Date() })
          .where(eq(payments.id, payment.id));
      }

      const nextOrderStatus = ORDER_STATUS_FOR[verified.status];
      if (!nextOrderStatus || !canTransition(order.status, nextOrderStatus)) return order.status;
      // An earlier attempt that fails or expires says nothing about the order once the buyer has started
      // another one (paying again from the account); only money received always counts.
      if (nextOrderStatus !== 'paid' && (await newerAttemptExists(tx, payment))) return order.status;
      await tx
        .update(orders)
        .set({
          status: nextOrderStatus,
          updatedAt: new Date(),
          ...(nextOrderStatus === 'paid' ? { paidAt: new Date() } : {}),
        })
        .where(eq(orders.id, order.id));
      if (nextOrderStatus === 'paid') {
        const unpaid = await tx
          .select({ id: candidates.id, statut: candidates.statut })
          .from(candidates)
          .where(and(eq(candidates.orderId, order.id), eq(candidates.statut, 'pending_payment')))
          .for('update');
        for (const candidate of unpaid)
          // The order's entry below records the payment; the candidates get none of their own.
          await transitionCandidate(tx, candidate, 'to_process', { actorId: null, action: null });
        paidOrderId = order.id;
      }
      await recordAudit(tx, {
        actorId: null,
        action: `order.${nextOrderStatus}`,
        entity: 'order',
        entityId: order.id,
        before: { status: order.status },
        after: { status: nextOrderStatus, paymentId: payment.id, provider: payment.provider },
      });
      return nextOrderStatus;
    });
    if (paidOrderId !== null) for (const listener of paidListeners) await listener(paidOrderId);
    return orderStatus;
  }

  async function newerAttemptExists(tx: Pick<Database, 'select'>, payment: PaymentRow) {
    const [newer] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, payment.orderId), sql`${payments.id} > ${payment.id}`))
      .limit(1);
    return newer !== undefined;
  }

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

  const service = {
    table: payments,

    onPaid(listener: PaidListener) {
      paidListeners.push(listener);
    },

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
      return provider(method.provider);
    },

    /** Opens the hosted session of a created payment; a provider failure fails the payment and the order. */
    async startSession(
      paymentId: number,
      input: {
        orderId: number;
        reference: string;
        amountCents: number;
        currency: string;
        description: string;
        locale: Locale;
        customerEmail: string;
      },
    ): Promise<string> {
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      if (!payment) throw notFound('No such payment');
      const chosen = provider(payment.provider);
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
        await db.transaction(async (tx) => {
          await tx
            .update(payments)
            .set({ status: 'failed', updatedAt: new Date() })
            .where(eq(payments.id, paymentId));
          await tx
            .update(orders)
            .set({ status: 'failed', updatedAt: new Date() })
            .where(eq(orders.id, input.orderId));
        });
        throw new AppError(
          502,
          'payment_failed',
          'The payment provider could not be reached; please retry later',
        );
      }
    },

    /** A provider's webhook: 'applied', or 'ignored' for events and payments the site does not act on. */
    async handleWebhook(
      providerId: ProviderId,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ) {
      const chosen = provider(providerId);
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
      const verified =
        event.complete && chosen.complete
          ? await chosen.complete(event.providerRef)
          : await chosen.verify(event.providerRef);
      await apply(payment.id, verified, { provider: providerId, eventId: event.eventId, type: event.type });
      return 'applied' as const;
    },

    /**
     * The buyer is back from the provider and their page asks to finish: the provider captures if it needs to
     * (PayPal), and the real status is applied. Answers the order's status.
     */
    async completeReturn(orderId: number, userId: number): Promise<OrderStatus> {
      const payment = await latestAttempt(orderId, userId);
      if (!payment?.providerRef) throw notFound('No such payment');
      const chosen = provider(payment.provider);
      const verified = chosen.complete
        ? await chosen.complete(payment.providerRef)
        : await chosen.verify(payment.providerRef);
      // apply answers null only for an event already applied, and no event is passed here.
      return (await apply(payment.id, verified)) ?? 'pending';
    },

    /**
     * Closes the order's open attempts before a new one or a cancellation. An attempt the provider reports paid
     * is applied instead, and its order's status answered ('paid'): the caller must not go on.
     */
    async closeOpenAttempts(orderId: number): Promise<OrderStatus | null> {
      const open = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])));
      for (const payment of open) {
        const chosen = providers[payment.provider];
        if (payment.providerRef && chosen) {
          const verified = await chosen.verify(payment.providerRef);
          if (verified.status === 'confirmed') return apply(payment.id, verified);
          await chosen
            .cancel(payment.providerRef)
            .catch((error: unknown) => deps.log?.warn({ err: error }, 'provider cancel failed'));
        }
        await db
          .update(payments)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(and(eq(payments.id, payment.id), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])));
      }
      return null;
    },

    /** The buyer gives up (a button on the cancelled page): open attempts are closed and the order cancelled. */
    async cancelByBuyer(orderId: number, userId: number): Promise<OrderStatus> {
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) throw notFound('No such order');
      if (order.status === 'paid' || order.status === 'cancelled') return order.status;
      const settled = await service.closeOpenAttempts(orderId);
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

    /** Pending orders past their expiry are cancelled, and so are their open payment sessions. */
    async expirePending(now = new Date()): Promise<number> {
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
        if (payment.providerRef && (payment.status === 'pending' || payment.status === 'created')) {
          const chosen = providers[payment.provider];
          await chosen
            ?.cancel(payment.providerRef)
            .catch((error: unknown) => deps.log?.warn({ err: error }, 'provider cancel failed'));
        }
      }
      for (const order of staleOrders) {
        await db.transaction(async (tx) => {
          const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
          if (!locked || locked.status !== 'pending') return;
          await tx.update(orders).set({ status: 'cancelled', updatedAt: now }).where(eq(orders.id, order.id));
          await tx
            .update(payments)
            .set({ status: 'cancelled', updatedAt: now })
            .where(and(eq(payments.orderId, order.id), sql`${payments.status} in ('created', 'pending')`));
          await recordAudit(tx, {
            actorId: null,
            action: 'order.expired',
            entity: 'order',
            entityId: order.id,
            before: { status: 'pending' },
            after: { status: 'cancelled' },
          });
        });
      }
      return staleOrders.length;
    },

    /** The buyer's email and language, for the confirmation message. */
    async buyerOf(orderId: number) {
      const [row] = await db
        .select({ email: users.email, prenom: users.prenom, locale: orders.locale })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId));
      return row;
    },
    /** The test provider's hosted page (404 everywhere outside test mode). */
    testCheckout: createTestCheckout({
      db,
      provider: providers.test,
      deliverWebhook: (rawBody, headers): Promise<unknown> => service.handleWebhook('test', rawBody, headers),
    }),
  };
  return service;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
