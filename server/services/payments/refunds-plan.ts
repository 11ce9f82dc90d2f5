/**
 * What a refund would be, worked out before any money moves (decision 0039): the attempt it goes back through,
 * the candidates it withdraws and the amount, checked against what the order may still give back. The refund
 * itself (refunds-requests.ts) runs this under the order's lock; the volunteer's confirmation reads it first.
 */
import { eq } from 'drizzle-orm';
import type { RefundPreview } from '../../../contracts/refunds.ts';
import { refundableCents } from '../../../domain/refunds.ts';
import { candidateReference, orderReference } from '../../../domain/references.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { validationError } from '../../errors.ts';
import {
  type OrderRow,
  candidateStatusesOf,
  candidatesInRefunds,
  confirmedPayment,
  exceedsPayment,
  lockOrder,
  notPaid,
  refundsOf,
  withdrawableCandidates,
} from './refunds-records.ts';
import type { RefundInput } from './refunds-requests.ts';

/** Refuses, with the API's errors, a refund that names nothing, of an unpaid order, or beyond what remains. */
export async function planRefund(tx: Database, order: OrderRow, input: RefundInput) {
  if (!input.candidate_ids?.length && input.amount_cents === undefined)
    throw validationError({ amount_cents: 'validation:required' }, 'Name candidates or an amount');
  const payment = await confirmedPayment(tx, order.id);
  if (order.status !== 'paid' || !payment) throw notPaid();
  const existing = await refundsOf(tx, order.id);
  const chosen = input.candidate_ids?.length
    ? await withdrawableCandidates(tx, order.id, input.candidate_ids, candidatesInRefunds(existing))
    : [];
  const amount = input.amount_cents ?? chosen.length * order.unitPriceCents;
  const refundable = refundableCents({
    paidCents: payment.amountCents,
    refunds: existing,
    unitPriceCents: order.unitPriceCents,
    candidateStatuses: await candidateStatusesOf(tx, order.id),
  });
  if (amount > refundable) throw exceedsPayment(refundable);
  return { payment, chosen, amount, refundable };
}

/** What the refund would do, for the confirmation: nothing is written and no provider is called. */
export async function previewRefund(
  db: Database,
  orderId: number,
  input: RefundInput,
): Promise<RefundPreview> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const { payment, chosen, amount, refundable } = await planRefund(tx, order, input);
    const [buyer] = order.userId
      ? await tx
          .select({ prenom: users.prenom, nom: users.nom, email: users.email })
          .from(users)
          .where(eq(users.id, order.userId))
      : [];
    return {
      order_id: order.id,
      order_reference: orderReference(order.id),
      amount_cents: amount,
      currency: payment.currency,
      provider: payment.provider,
      buyer: buyer ? { name: `${buyer.prenom} ${buyer.nom}`.trim(), email: buyer.email } : null,
      candidates: chosen
        .sort((a, b) => a.commande_index - b.commande_index)
        .map((candidate) => ({
          id: candidate.id,
          reference: candidateReference(order.id, candidate.commande_index),
          name: `${candidate.prenom} ${candidate.nom}`,
        })),
      refundable_after_cents: refundable - amount,
    };
  });
}
