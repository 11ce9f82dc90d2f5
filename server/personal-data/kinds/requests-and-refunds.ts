/**
 * What was asked and given back about a person's registrations: the refunds of their orders and their requests to
 * cancel (decision 0039), and the club's requests to them for a ride (decision 0044). Each goes with its order.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import {
  cancellationRequests,
  candidates,
  evidenceRequests,
  orders,
  refunds,
} from '../../db/schema/index.ts';
import { type PersonalDataKind, sameAs } from '../kind.ts';
import { registrationsOf } from './orders.ts';

const ownOrders = (userId: number | null) =>
  sql`(select ${orders.id} from ${orders} where ${sameAs(orders.userId, userId)})`;

/** Money given back on the person's orders: how much, why, for whom, and where it stands. */
export const refundsKind: PersonalDataKind = {
  id: 'refunds',
  owner: ['account'],
  async copy(db, { userId }) {
    const records = await db
      .select({
        id: refunds.id,
        order_id: refunds.orderId,
        amount_cents: refunds.amountCents,
        currency: refunds.currency,
        status: refunds.status,
        source: refunds.source,
        reason: refunds.reason,
        candidate_ids: refunds.candidateIds,
        created_at: refunds.createdAt,
        succeeded_at: refunds.succeededAt,
      })
      .from(refunds)
      .where(inArray(refunds.orderId, ownOrders(userId)))
      .orderBy(asc(refunds.id));
    return { records };
  },
  retention: { keep: 'order' },
};

/** The person's requests to cancel registrations, in their own words, and the club's answer. */
export const cancellationRequestsKind: PersonalDataKind = {
  id: 'cancellation_requests',
  owner: ['account'],
  async copy(db, { userId }) {
    const records = await db
      .select({
        id: cancellationRequests.id,
        order_id: cancellationRequests.orderId,
        candidate_ids: cancellationRequests.candidateIds,
        reason: cancellationRequests.reason,
        status: cancellationRequests.status,
        decline_reason: cancellationRequests.declineReason,
        decided_at: cancellationRequests.decidedAt,
        created_at: cancellationRequests.createdAt,
      })
      .from(cancellationRequests)
      .where(inArray(cancellationRequests.orderId, ownOrders(userId)))
      .orderBy(asc(cancellationRequests.id));
    return { records };
  },
  retention: { keep: 'order' },
};

/** What the club asked about a ride of the person's registrations, and when it was answered. */
export const evidenceRequestsKind: PersonalDataKind = {
  id: 'evidence_requests',
  owner: ['account', 'address'],
  async copy(db, subject) {
    const records = await db
      .select({
        candidate_id: evidenceRequests.candidateId,
        message: evidenceRequests.message,
        asked_at: evidenceRequests.askedAt,
        answered_at: evidenceRequests.answeredAt,
      })
      .from(evidenceRequests)
      .innerJoin(candidates, sql`${candidates.id} = ${evidenceRequests.candidateId}`)
      .where(registrationsOf(subject))
      .orderBy(asc(evidenceRequests.id));
    return { records };
  },
  retention: { keep: 'order' },
};
