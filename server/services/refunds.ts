/**
 * Money given back on an order, as pretix does it (decision 0039): a refund is a row written `pending` under the
 * order's lock before the provider is called, then the provider's answer is written to it. The lock makes refunds of
 * one order wait for each other, so together they never exceed what was paid. A provider that refuses leaves a
 * `failed` row with its reason and nothing else changed; it can be retried. When the money has gone, the candidates
 * it names become `withdrawn`, the buyer is emailed in the order's language and the audit log says who did it.
 * Refunds made in the provider's own dashboard arrive through its webhook (`reconcile`) as `external` rows.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRefunds, RefundCandidate, RefundView } from '../../contracts/refunds.ts';
import { formatExactMoney } from '../../domain/format.ts';
import { localeOr } from '../../domain/locales.ts';
import {
  type RefundSource,
  countsAgainstPayment,
  isWithdrawable,
  refundableCents,
} from '../../domain/refunds.ts';
import { candidateReference, orderReference } from '../../domain/references.ts';
import type { Database } from '../db/client.ts';
import { candidates, orders, payments, refunds, users } from '../db/schema.ts';
import { AppError, notFound, validationError } from '../errors.ts';
import { refundEmail } from '../mail/templates.ts';
import { configuredProvider, type Providers } from '../payments/index.ts';
import type { ProviderRefund } from '../payments/provider.ts';
import { recordAudit } from './audit.ts';
import { type Caller, administrator } from './guards.ts';
import { transitionCandidate } from './candidate-transitions.ts';
import type { MailService } from './mail.ts';
import { recordRefund } from '../metrics.ts';

type RefundRow = typeof refunds.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type CandidateRow = typeof candidates.$inferSelect;

export interface RefundInput {
  candidate_ids?: number[];
  amount_cents?: number;
  reason: string;
}

export interface RefundOptions {
  idempotencyKey?: string;
  source?: Exclude<RefundSource, 'external'>;
  /** The club's fee kept (an approved request), said in the buyer's email. */
  feeCents?: number;
  /** Runs in the transaction that records the refund (an approved request is marked with it). */
  onRecorded?: (tx: Database, refund: RefundRow) => Promise<void>;
}

const notPaid = () => new AppError(409, 'not_paid', 'The order is not paid');
const exceedsPayment = (refundable: number) =>
  new AppError(422, 'refund_exceeds_payment', `At most ${refundable} cents remain to refund on this order`);
const notRefundable = () =>
  new AppError(409, 'conflict', 'A candidate is already withdrawn, homologated, rejected or being refunded');

/** Only what the provider said (the SDK's message), cut short: never a key, never card data. */
function failureOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

export function present(refund: RefundRow): RefundView {
  return {
    id: refund.id,
    order_id: refund.orderId,
    amount_cents: refund.amountCents,
    currency: refund.currency,
    status: refund.status,
    provider: refund.provider,
    source: refund.source,
    reason: refund.reason,
    candidate_ids: refund.candidateIds,
    failure_reason: refund.failureReason,
    created_at: refund.createdAt.toISOString(),
  };
}

async function lockOrder(tx: Database, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('No such order');
  return order;
}

/** The attempt that paid the order: refunds go back through it. */
async function confirmedPayment(tx: Database, orderId: number) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'confirmed')))
    .orderBy(desc(payments.id))
    .limit(1);
  return payment;
}

const refundsOf = (tx: Database, orderId: number) =>
  tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));

/** Candidates named by a refund under way or done: they cannot be refunded twice. */
function candidatesInRefunds(rows: readonly RefundRow[], except?: number): Set<number> {
  return new Set(
    rows
      .filter((row) => row.id !== except && countsAgainstPayment(row.status))
      .flatMap((row) => row.candidateIds),
  );
}

/** Checks that every id is a candidate of the order that may still be withdrawn; answers them locked. */
async function withdrawableCandidates(
  tx: Database,
  orderId: number,
  ids: readonly number[],
  taken: Set<number>,
): Promise<CandidateRow[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(candidates)
    .where(and(eq(candidates.orderId, orderId), inArray(candidates.id, unique)))
    .for('update');
  if (rows.length !== unique.length)
    throw validationError({ candidate_ids: 'validation:not_in_order' }, 'A candidate is not in this order');
  if (rows.some((row) => !isWithdrawable(row.statut) || taken.has(row.id))) throw notRefundable();
  return rows;
}

export function createRefundsService(deps: {
  db: Database;
  providers: Providers;
  mail: MailService;
  publicUrl: string;
  log?: FastifyBaseLogger;
}) {
  const { db, providers, mail } = deps;

  /** Who hears about it: the buyer, or the first candidate of an order whose buyer deleted their account. */
  async function recipient(tx: Database, order: OrderRow) {
    if (order.userId !== null) {
      const [buyer] = await tx.select().from(users).where(eq(users.id, order.userId));
      if (buyer) return { email: buyer.email, prenom: buyer.prenom };
    }
    const [first] = await tx
      .select()
      .from(candidates)
      .where(eq(candidates.orderId, order.id))
      .orderBy(asc(candidates.commande_index))
      .limit(1);
    return first ? { email: first.email, prenom: first.prenom } : null;
  }

  /** The money has gone: its candidates are withdrawn, the buyer is told, the audit log says so. */
  async function applySucceeded(tx: Database, refund: RefundRow, feeCents = 0) {
    const order = await lockOrder(tx, refund.orderId);
    const withdrawn = refund.candidateIds.length
      ? await tx
          .select()
          .from(candidates)
          .where(inArray(candidates.id, refund.candidateIds))
          .orderBy(asc(candidates.commande_index))
          .for('update')
      : [];
    for (const candidate of withdrawn) {
      // Homologated while the provider was working: the ride stands, only the money went back.
      if (!isWithdrawable(candidate.statut)) continue;
      await transitionCandidate(tx, candidate, 'withdrawn', {
        actorId: refund.actorId,
        action: 'candidate.withdrawn',
        details: { refundId: refund.id },
      });
    }
    await recordAudit(tx, {
      actorId: refund.actorId,
      action: 'refund.succeeded',
      entity: 'order',
      entityId: refund.orderId,
      after: {
        refundId: refund.id,
        amountCents: refund.amountCents,
        source: refund.source,
        candidateIds: refund.candidateIds,
      },
    });
    const to = await recipient(tx, order);
    if (!to) return;
    const language = localeOr(order.locale);
    await mail.queue(
      {
        to: to.email,
        ...refundEmail(language, deps.publicUrl, {
          prenom: to.prenom,
          reference: orderReference(order.id),
          amount: formatExactMoney(language, refund.amountCents, refund.currency),
          reason: refund.reason,
          fee: feeCents > 0 ? formatExactMoney(language, feeCents, refund.currency) : null,
          withdrawn: withdrawn.map((candidate) => `${candidate.prenom} ${candidate.nom}`),
        }),
      },
      tx,
    );
  }

  /** Writes what the provider said about a refund of ours, and its effects once. */
  async function settle(refundId: number, outcome: ProviderRefund | { failure: string }, feeCents = 0) {
    await db.transaction(async (tx) => {
      const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
      if (!refund || refund.status !== 'pending') return;
      if ('failure' in outcome) {
        await tx
          .update(refunds)
          .set({ status: 'failed', failureReason: outcome.failure, updatedAt: new Date() })
          .where(eq(refunds.id, refundId));
        await recordAudit(tx, {
          actorId: refund.actorId,
          action: 'refund.failed',
          entity: 'order',
          entityId: refund.orderId,
          after: { refundId, failure: outcome.failure },
        });
        return;
      }
      const now = new Date();
      const [updated] = await tx
        .update(refunds)
        .set({
          providerRefundRef: outcome.providerRefundRef,
          status: outcome.status,
          ...(outcome.status === 'succeeded' ? { succeededAt: now } : {}),
          ...(outcome.status === 'failed' ? { failureReason: 'refused by the provider' } : {}),
          updatedAt: now,
        })
        .where(eq(refunds.id, refundId))
        .returning();
      if (outcome.status === 'succeeded') await applySucceeded(tx, updated!, feeCents);
    });
    mail.kick();
  }

  /** One call to the provider for a pending refund; each call has its own key, so a retry is a new request. */
  async function callProvider(refundId: number, feeCents = 0): Promise<void> {
    const [refund] = await db
      .update(refunds)
      .set({ attempts: sql`${refunds.attempts} + 1`, updatedAt: new Date() })
      .where(eq(refunds.id, refundId))
      .returning();
    if (!refund) throw notFound('No such refund');
    if (refund.amountCents === 0) {
      // A fee as large as the price leaves nothing to send: the refund is done without the provider.
      await settle(
        refundId,
        {
          providerRefundRef: `none-${refundId}`,
          status: 'succeeded',
          amountCents: 0,
          currency: refund.currency,
        },
        feeCents,
      );
      return;
    }
    const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
    let outcome: ProviderRefund | { failure: string };
    try {
      if (!payment?.providerRef) throw new Error('The payment has no provider reference');
      const provider = configuredProvider(providers, refund.provider);
      outcome = await provider.refund(
        payment.providerRef,
        refund.amountCents,
        `refund-${refund.id}-${refund.attempts}`,
      );
    } catch (error) {
      deps.log?.warn({ refundId, provider: refund.provider, err: error }, 'refund refused by the provider');
      outcome = { failure: failureOf(error) };
    }
    recordRefund('failure' in outcome ? 'failed' : outcome.status);
    await settle(refundId, outcome, feeCents);
  }

  async function byId(refundId: number, database: Database = db): Promise<RefundRow> {
    const [refund] = await database.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund) throw notFound('No such refund');
    return refund;
  }

  return {
    /** An order's money and refunds, for the admin's refund form. */
    async forOrder(caller: Caller, orderId: number): Promise<OrderRefunds> {
      administrator(caller);
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw notFound('No such order');
      const [rows, payment, orderCandidates] = await Promise.all([
        refundsOf(db, orderId),
        confirmedPayment(db, orderId),
        db
          .select()
          .from(candidates)
          .where(eq(candidates.orderId, orderId))
          .orderBy(asc(candidates.commande_index)),
      ]);
      const paid = order.status === 'paid' ? (payment?.amountCents ?? 0) : 0;
      const taken = candidatesInRefunds(rows);
      return {
        order_id: order.id,
        reference: orderReference(order.id),
        paid_cents: paid,
        refundable_cents: refundableCents(paid, rows),
        unit_price_cents: order.unitPriceCents,
        currency: order.currency,
        items: rows.map(present),
        candidates: orderCandidates.map((candidate): RefundCandidate => ({
          id: candidate.id,
          reference: candidateReference(order.id, candidate.commande_index),
          name: `${candidate.prenom} ${candidate.nom}`,
          statut: candidate.statut,
          refundable: isWithdrawable(candidate.statut) && !taken.has(candidate.id),
        })),
      };
    },

    /**
     * Records a refund (or finds the one made with the same Idempotency-Key), then asks the provider. With
     * candidates and no amount, the amount is their price.
     */
    async create(
      caller: Caller,
      orderId: number,
      input: RefundInput,
      options: RefundOptions = {},
    ): Promise<RefundView> {
      const actorId = administrator(caller)?.id ?? null;
      if (!input.candidate_ids?.length && input.amount_cents === undefined)
        throw validationError({ amount_cents: 'validation:required' }, 'Name candidates or an amount');
      const recorded = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (options.idempotencyKey) {
          const [same] = await tx
            .select()
            .from(refunds)
            .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, options.idempotencyKey)));
          if (same) return { refund: same, fresh: false };
        }
        const payment = await confirmedPayment(tx, orderId);
        if (order.status !== 'paid' || !payment) throw notPaid();
        const existing = await refundsOf(tx, orderId);
        const chosen = input.candidate_ids?.length
          ? await withdrawableCandidates(tx, orderId, input.candidate_ids, candidatesInRefunds(existing))
          : [];
        const amount = input.amount_cents ?? chosen.length * order.unitPriceCents;
        const refundable = refundableCents(payment.amountCents, existing);
        if (amount > refundable) throw exceedsPayment(refundable);
        const [refund] = await tx
          .insert(refunds)
          .values({
            orderId,
            paymentId: payment.id,
            provider: payment.provider,
            amountCents: amount,
            currency: payment.currency,
            source: options.source ?? 'admin',
            reason: input.reason,
            candidateIds: chosen.map((candidate) => candidate.id),
            idempotencyKey: options.idempotencyKey ?? null,
            actorId,
          })
          .returning();
        await recordAudit(tx, {
          actorId,
          action: 'refund.requested',
          entity: 'order',
          entityId: orderId,
          after: { refundId: refund!.id, amountCents: amount, candidateIds: refund!.candidateIds },
        });
        await options.onRecorded?.(tx, refund!);
        return { refund: refund!, fresh: true };
      });
      if (recorded.fresh) await callProvider(recorded.refund.id, options.feeCents);
      return present(await byId(recorded.refund.id));
    },

    /** A failed refund asked again, if the order still has that much to give back. */
    async retry(caller: Caller, refundId: number): Promise<RefundView> {
      const actorId = administrator(caller)?.id ?? null;
      await db.transaction(async (tx) => {
        const refund = await byId(refundId, tx);
        await lockOrder(tx, refund.orderId);
        const [current] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
        if (current!.status !== 'failed')
          throw new AppError(409, 'conflict', 'Only a failed refund can be retried');
        const [payment] = await tx.select().from(payments).where(eq(payments.id, current!.paymentId));
        const others = (await refundsOf(tx, current!.orderId)).filter((row) => row.id !== refundId);
        const refundable = refundableCents(payment!.amountCents, others);
        if (current!.amountCents > refundable) throw exceedsPayment(refundable);
        if (current!.candidateIds.length)
          await withdrawableCandidates(
            tx,
            current!.orderId,
            current!.candidateIds,
            candidatesInRefunds(others),
          );
        await tx
          .update(refunds)
          .set({ status: 'pending', failureReason: null, actorId, updatedAt: new Date() })
          .where(eq(refunds.id, refundId));
        await recordAudit(tx, {
          actorId,
          action: 'refund.retried',
          entity: 'order',
          entityId: current!.orderId,
          after: { refundId },
        });
      });
      await callProvider(refundId);
      return present(await byId(refundId));
    },

    /**
     * A refund made in the provider's dashboard, now withdrawing the candidates a volunteer chose (the webhook
     * could not know whom it was for).
     */
    async withdrawFor(caller: Caller, refundId: number, candidateIds: number[]): Promise<RefundView> {
      const actorId = administrator(caller)?.id ?? null;
      await db.transaction(async (tx) => {
        await lockOrder(tx, (await byId(refundId, tx)).orderId);
        // Read again under the order's lock: another volunteer may have given it candidates meanwhile.
        const refund = await byId(refundId, tx);
        if (refund.source !== 'external' || refund.status !== 'succeeded' || refund.candidateIds.length > 0)
          throw new AppError(409, 'conflict', 'Only a refund made at the provider may be given candidates');
        const others = (await refundsOf(tx, refund.orderId)).filter((row) => row.id !== refundId);
        const chosen = await withdrawableCandidates(
          tx,
          refund.orderId,
          candidateIds,
          candidatesInRefunds(others),
        );
        await tx
          .update(refunds)
          .set({ candidateIds: chosen.map((candidate) => candidate.id), updatedAt: new Date() })
          .where(eq(refunds.id, refundId));
        for (const candidate of chosen)
          await transitionCandidate(tx, candidate, 'withdrawn', {
            actorId,
            action: 'candidate.withdrawn',
            details: { refundId },
          });
      });
      return present(await byId(refundId));
    },

    /**
     * The provider says a payment's refunds changed (its webhook): what it holds is read again, ours that were
     * pending are settled, and one made in its dashboard is recorded as `external`, with the same effects but the
     * choice of candidates. Harmless when repeated: a refund is known by the provider's id.
     */
    async reconcile(paymentId: number): Promise<void> {
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      if (!payment?.providerRef) return;
      const provider = configuredProvider(providers, payment.provider);
      if (!provider.refunds) return;
      const held = await provider.refunds(payment.providerRef);
      for (const found of held) {
        const [known] = await db
          .select()
          .from(refunds)
          .where(
            and(
              eq(refunds.provider, payment.provider),
              eq(refunds.providerRefundRef, found.providerRefundRef),
            ),
          );
        if (known) {
          if (known.status === 'pending' && found.status !== 'pending') await settle(known.id, found);
          continue;
        }
        if (found.status === 'failed') continue;
        const created = await db.transaction(async (tx) => {
          await lockOrder(tx, payment.orderId);
          // One of ours whose call has not returned yet: the call will write its id and outcome.
          const [inFlight] = await tx
            .select({ id: refunds.id })
            .from(refunds)
            .where(
              and(
                eq(refunds.paymentId, payment.id),
                eq(refunds.status, 'pending'),
                isNull(refunds.providerRefundRef),
                eq(refunds.amountCents, found.amountCents),
              ),
            );
          if (inFlight) return null;
          const [refund] = await tx
            .insert(refunds)
            .values({
              orderId: payment.orderId,
              paymentId: payment.id,
              provider: payment.provider,
              amountCents: found.amountCents,
              currency: found.currency.toUpperCase() || payment.currency,
              status: 'pending',
              source: 'external',
              reason: '',
              providerRefundRef: found.providerRefundRef,
              actorId: null,
            })
            .onConflictDoNothing()
            .returning();
          if (refund)
            await recordAudit(tx, {
              actorId: null,
              action: 'refund.external',
              entity: 'order',
              entityId: payment.orderId,
              after: { refundId: refund.id, amountCents: refund.amountCents, provider: payment.provider },
            });
          return refund ?? null;
        });
        if (created) await settle(created.id, found);
      }
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
