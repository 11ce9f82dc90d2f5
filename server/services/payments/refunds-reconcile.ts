/**
 * The provider says a payment's refunds changed (its webhook): ours that were pending are settled, and one made in
 * its dashboard is recorded as an `external` refund, whose candidates a volunteer chooses afterwards.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { refunds, payments } from '../../db/schema/index.ts';
import { configuredProvider } from '../../payments/index.ts';
import { recordAudit } from '../platform/audit.ts';
import { lockOrder } from './refunds-records.ts';
import { type RefundDeps, settleRefund } from './refunds-settlement.ts';

/**
 * The provider says a payment's refunds changed (its webhook): what it holds is read again, ours that were
 * pending are settled, and one made in its dashboard is recorded as `external`, with the same effects but the
 * choice of candidates. Harmless when repeated: a refund is known by the provider's id.
 */
export async function reconcileRefunds(deps: RefundDeps, paymentId: number): Promise<void> {
  const { db } = deps;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.providerRef) return;
  const provider = configuredProvider(deps.providers, payment.provider);
  if (!provider.refunds) return;
  const held = await provider.refunds(payment.providerRef);
  for (const found of held) {
    const [known] = await db
      .select()
      .from(refunds)
      .where(
        and(eq(refunds.provider, payment.provider), eq(refunds.providerRefundRef, found.providerRefundRef)),
      );
    if (known) {
      if (known.status === 'pending' && found.status !== 'pending') await settleRefund(deps, known.id, found);
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
    if (created) await settleRefund(deps, created.id, found);
  }
}
