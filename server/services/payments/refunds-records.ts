/**
 * The rows refunds are made of (decision 0039) and the reads every refund operation shares: the order locked, the
 * attempt that paid it, its refunds so far and the candidates that may still be withdrawn; and a refund as the API
 * shows it.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { OrderRefunds, RefundCandidate, RefundView } from '../../../contracts/refunds.ts';
import { countsAgainstPayment, isWithdrawable, refundableCents } from '../../../domain/refunds.ts';
import { candidateReference, orderReference } from '../../../domain/references.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orders, payments, refunds, users } from '../../db/schema/index.ts';
import { AppError, notFound, validationError } from '../../errors.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
type CandidateRow = typeof candidates.$inferSelect;

export const notPaid = () => new AppError(409, 'not_paid', 'The order is not paid');
export const exceedsPayment = (refundable: number) =>
  new AppError(422, 'refund_exceeds_payment', `At most ${refundable} cents remain to refund on this order`);
const notRefundable = () =>
  new AppError(409, 'conflict', 'A candidate is already withdrawn, homologated, rejected or being refunded');

/** A refund as the API shows it; `actorName` is the volunteer who asked for it last (or approved the request). */
function present(refund: RefundRow, actorName: string | null): RefundView {
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
    actor_name: actorName,
    created_at: refund.createdAt.toISOString(),
  };
}

/** Refunds as the API shows them, each with its volunteer's name (the administrators are known people). */
export async function presentRefunds(db: Database, rows: readonly RefundRow[]): Promise<RefundView[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.actorId === null ? [] : [row.actorId])))];
  const actors = ids.length
    ? await db
        .select({ id: users.id, prenom: users.prenom, nom: users.nom })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const names = new Map(actors.map((actor) => [actor.id, `${actor.prenom} ${actor.nom}`.trim()]));
  return rows.map((row) => present(row, (row.actorId !== null && names.get(row.actorId)) || null));
}

/** One refund as the API shows it. */
export async function refundView(db: Database, refundId: number): Promise<RefundView> {
  const [view] = await presentRefunds(db, [await refundById(db, refundId)]);
  return view!;
}

export async function lockOrder(tx: Database, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('No such order');
  return order;
}

/** The attempt that paid the order: refunds go back through it. */
export async function confirmedPayment(tx: Database, orderId: number) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'confirmed')))
    .orderBy(desc(payments.id))
    .limit(1);
  return payment;
}

export const refundsOf = (tx: Database, orderId: number) =>
  tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));

/**
 * The statuses of an order's candidates, locked: a rider homologated meanwhile waits for the refund, so the
 * homologated share (domain/refunds.ts) is read as it stands.
 */
export async function candidateStatusesOf(tx: Database, orderId: number) {
  const rows = await tx
    .select({ statut: candidates.statut })
    .from(candidates)
    .where(eq(candidates.orderId, orderId))
    .for('update');
  return rows.map((row) => row.statut);
}

/** Candidates named by a refund under way or done: they cannot be refunded twice. */
export function candidatesInRefunds(rows: readonly RefundRow[], except?: number): Set<number> {
  return new Set(
    rows
      .filter((row) => row.id !== except && countsAgainstPayment(row.status))
      .flatMap((row) => row.candidateIds),
  );
}

/** Checks that every id is a candidate of the order that may still be withdrawn; answers them locked. */
export async function withdrawableCandidates(
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

export async function refundById(database: Database, refundId: number): Promise<RefundRow> {
  const [refund] = await database.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) throw notFound('No such refund');
  return refund;
}

/** An order's money and refunds, for the admin's refund form. */
export async function orderRefunds(db: Database, orderId: number): Promise<OrderRefunds> {
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
    refundable_cents: refundableCents({
      paidCents: paid,
      refunds: rows,
      unitPriceCents: order.unitPriceCents,
      candidateStatuses: orderCandidates.map((candidate) => candidate.statut),
    }),
    unit_price_cents: order.unitPriceCents,
    currency: order.currency,
    items: await presentRefunds(db, rows),
    candidates: orderCandidates.map((candidate): RefundCandidate => ({
      id: candidate.id,
      reference: candidateReference(order.id, candidate.commande_index),
      name: `${candidate.prenom} ${candidate.nom}`,
      statut: candidate.statut,
      refundable: isWithdrawable(candidate.statut) && !taken.has(candidate.id),
    })),
  };
}
