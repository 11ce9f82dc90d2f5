/** Cancellation requests as the administrators' list and the buyer's account page show them. */
import { and, eq, inArray } from 'drizzle-orm';
import type { CancellationRequestView } from '../../../contracts/refunds.ts';
import { refundAfterFee } from '../../../domain/refunds.ts';
import { candidateReference, orderReference } from '../../../domain/references.ts';
import type { Database } from '../../db/client.ts';
import { type cancellationRequests, candidates, orders, payments, users } from '../../db/schema/index.ts';

type RequestRow = typeof cancellationRequests.$inferSelect;

export async function presentRequests(
  db: Database,
  feeCents: number,
  rows: RequestRow[],
): Promise<CancellationRequestView[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  const [orderRows, candidateRows, paymentRows] = await Promise.all([
    db
      .select({ order: orders, buyer: { prenom: users.prenom, nom: users.nom, email: users.email } })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(inArray(orders.id, orderIds)),
    db.select().from(candidates).where(inArray(candidates.orderId, orderIds)),
    db
      .select({ orderId: payments.orderId, provider: payments.provider })
      .from(payments)
      .where(and(inArray(payments.orderId, orderIds), eq(payments.status, 'confirmed'))),
  ]);
  return rows.map((row) => {
    const { order, buyer } = orderRows.find((found) => found.order.id === row.orderId)!;
    const named = candidateRows
      .filter((candidate) => row.candidateIds.includes(candidate.id))
      .sort((a, b) => a.commande_index - b.commande_index);
    const fee = refundAfterFee(order.unitPriceCents, row.candidateIds.length, feeCents);
    return {
      id: row.id,
      order_id: row.orderId,
      order_reference: orderReference(row.orderId),
      status: row.status,
      reason: row.reason,
      decline_reason: row.declineReason,
      buyer: buyer ? { name: `${buyer.prenom} ${buyer.nom}`, email: buyer.email } : null,
      candidates: named.map((candidate) => ({
        id: candidate.id,
        reference: candidateReference(row.orderId, candidate.commande_index),
        name: `${candidate.prenom} ${candidate.nom}`,
        statut: candidate.statut,
      })),
      refund_cents: fee.refundCents,
      fee_cents: fee.feeCents,
      currency: order.currency,
      provider: paymentRows.find((payment) => payment.orderId === row.orderId)?.provider ?? null,
      refund_id: row.refundId,
      created_at: row.createdAt.toISOString(),
      decided_at: row.decidedAt?.toISOString() ?? null,
    };
  });
}
