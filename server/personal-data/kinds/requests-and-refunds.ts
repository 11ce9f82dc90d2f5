/**
 * What was asked and given back about a person's registrations: the refunds of their orders and their requests to
 * cancel (decision 0039), and the club's requests to them for a ride (decision 0044). Each goes with its order.
 */
import { type AnyColumn, type Table, asc, sql } from 'drizzle-orm';
import { cancellationRequests, candidates, evidenceRequests, refunds } from '../../db/schema/index.ts';
import { type PersonalDataKind, columns, recordsOf } from '../kind.ts';
import { onOwnOrders, registrationsOf } from './orders.ts';

/**
 * A kind whose rows hang on the person's own orders: the columns it names, oldest first. The buyer's account is
 * what proves them, and each row goes with its order.
 */
function onOwnOrdersKind<T extends Table & { id: AnyColumn; orderId: AnyColumn }>(
  id: string,
  table: T,
  names: readonly (keyof T['_']['columns'] & string)[],
): PersonalDataKind {
  return {
    id,
    owner: ['account'],
    copy: recordsOf((db, { userId }) =>
      db
        .select(columns(table, names))
        .from(table as Table)
        .where(onOwnOrders(table.orderId, userId))
        .orderBy(asc(table.id)),
    ),
    retention: { keep: 'order' },
  };
}

/** Money given back on the person's orders: how much, why, for whom, and where it stands. */
export const refundsKind = onOwnOrdersKind('refunds', refunds, [
  'id',
  'orderId',
  'amountCents',
  'currency',
  'status',
  'source',
  'reason',
  'candidateIds',
  'createdAt',
  'succeededAt',
]);

/** The person's requests to cancel registrations, in their own words, and the club's answer. */
export const cancellationRequestsKind = onOwnOrdersKind('cancellation_requests', cancellationRequests, [
  'id',
  'orderId',
  'candidateIds',
  'reason',
  'status',
  'declineReason',
  'decidedAt',
  'createdAt',
]);

/** What the club asked about a ride of the person's registrations, and when it was answered. */
export const evidenceRequestsKind: PersonalDataKind = {
  id: 'evidence_requests',
  owner: ['account', 'address'],
  copy: recordsOf((db, subject) =>
    db
      .select(columns(evidenceRequests, ['candidateId', 'message', 'askedAt', 'answeredAt']))
      .from(evidenceRequests)
      .innerJoin(candidates, sql`${candidates.id} = ${evidenceRequests.candidateId}`)
      .where(registrationsOf(subject))
      .orderBy(asc(evidenceRequests.id)),
  ),
  retention: { keep: 'order' },
};
