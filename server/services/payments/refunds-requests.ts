/**
 * What an administrator does with refunds (decision 0039): a refund recorded `pending` under the order's lock, so
 * that refunds of one order together never exceed what was paid, then asked of the provider; a failed one asked
 * again; the candidates of a refund made in the provider's dashboard withdrawn. Who may is checked by refunds.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { RefundView } from '../../../contracts/refunds.ts';
import { type RefundSource, refundableCents } from '../../../domain/refunds.ts';
import type { Database } from '../../db/client.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../platform/audit.ts';
import { transitionCandidate } from '../registrations/candidate-transitions.ts';
import {
  type RefundRow,
  candidateStatusesOf,
  candidatesInRefunds,
  exceedsPayment,
  lockOrder,
  refundById,
  refundView,
  refundsOf,
  withdrawableCandidates,
} from './refunds-records.ts';
import { planRefund } from './refunds-plan.ts';
import { type RefundDeps, callRefundProvider } from './refunds-settlement.ts';

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

/**
 * Records a refund (or finds the one made with the same Idempotency-Key), then asks the provider. With
 * candidates and no amount, the amount is their price.
 */
export async function requestRefund(
  deps: RefundDeps,
  actorId: number | null,
  orderId: number,
  input: RefundInput,
  options: RefundOptions,
): Promise<RefundView> {
  const { db } = deps;
  const recorded = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (options.idempotencyKey) {
      const [same] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, options.idempotencyKey)));
      if (same) return { refund: same, fresh: false };
    }
    const { payment, chosen, amount } = await planRefund(tx, order, input);
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
  if (recorded.fresh) await callRefundProvider(deps, recorded.refund.id, options.feeCents);
  return refundView(db, recorded.refund.id);
}

/** A failed refund asked again, if the order still has that much to give back. */
export async function retryRefund(
  deps: RefundDeps,
  actorId: number | null,
  refundId: number,
): Promise<RefundView> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const refund = await refundById(tx, refundId);
    const order = await lockOrder(tx, refund.orderId);
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (current!.status !== 'failed')
      throw new AppError(409, 'conflict', 'Only a failed refund can be retried');
    const [payment] = await tx.select().from(payments).where(eq(payments.id, current!.paymentId));
    const others = (await refundsOf(tx, current!.orderId)).filter((row) => row.id !== refundId);
    const refundable = refundableCents({
      paidCents: payment!.amountCents,
      refunds: others,
      unitPriceCents: order.unitPriceCents,
      candidateStatuses: await candidateStatusesOf(tx, order.id),
    });
    if (current!.amountCents > refundable) throw exceedsPayment(refundable);
    if (current!.candidateIds.length)
      await withdrawableCandidates(tx, current!.orderId, current!.candidateIds, candidatesInRefunds(others));
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
  await callRefundProvider(deps, refundId);
  return refundView(db, refundId);
}

/**
 * A refund made in the provider's dashboard, now withdrawing the candidates a volunteer chose (the webhook
 * could not know whom it was for).
 */
export async function withdrawForRefund(
  deps: RefundDeps,
  actorId: number | null,
  refundId: number,
  candidateIds: number[],
): Promise<RefundView> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    await lockOrder(tx, (await refundById(tx, refundId)).orderId);
    // Read again under the order's lock: another volunteer may have given it candidates meanwhile.
    const refund = await refundById(tx, refundId);
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
  return refundView(db, refundId);
}
