/**
 * Money given back (decision 0039): the states of a refund and of a buyer's cancellation request, and the rules
 * that decide who may be refunded and how much. One home for them, read by the services, the API and the pages.
 */
import type { CandidateStatus } from './statuses.ts';

/** A refund is a record before the provider is called: `pending`, then what the provider answered. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Who started it: a volunteer (`admin`), a buyer's approved request (`request`), or the provider's own dashboard,
 * learnt from its webhook (`external`).
 */
export const REFUND_SOURCES = ['admin', 'request', 'external'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

export const CANCELLATION_REQUEST_STATUSES = ['open', 'approved', 'declined'] as const;
export type CancellationRequestStatus = (typeof CANCELLATION_REQUEST_STATUSES)[number];

/** Paid and not homologated nor rejected: what a refund may withdraw (CANDIDATE_TRANSITIONS allows `withdrawn`). */
export const WITHDRAWABLE_STATUSES: readonly CandidateStatus[] = [
  'awaiting_consent',
  'to_process',
  'processed',
  'card_received',
];

export function isWithdrawable(status: CandidateStatus): boolean {
  return WITHDRAWABLE_STATUSES.includes(status);
}

/** What still counts against the payment: a failed refund moved no money. */
export function countsAgainstPayment(status: RefundStatus): boolean {
  return status !== 'failed';
}

/**
 * What may still be refunded of an order: paid, less every refund that moved (or may still move) money, less the
 * share of its homologated riders, whose registration was served in full and is never given back.
 */
export function refundableCents(order: {
  paidCents: number;
  refunds: readonly { amountCents: number; status: RefundStatus }[];
  unitPriceCents: number;
  candidateStatuses: readonly CandidateStatus[];
}): number {
  const given = order.refunds
    .filter((refund) => countsAgainstPayment(refund.status))
    .reduce((total, refund) => total + refund.amountCents, 0);
  const homologated = order.candidateStatuses.filter((status) => status === 'homologated').length;
  return Math.max(0, order.paidCents - given - homologated * order.unitPriceCents);
}

/** What approving a cancellation request gives back and what the club keeps of the candidates' price. */
export interface RefundAfterFee {
  /** The candidates' price. */
  priceCents: number;
  /** The club's fee, once per request, never more than the price. */
  feeCents: number;
  /** The price less the fee, never below nothing. */
  refundCents: number;
}

/** The one home of the cancellation fee: the price of the candidates asked for, less the club's fee. */
export function refundAfterFee(unitPriceCents: number, count: number, feeCents: number): RefundAfterFee {
  const priceCents = unitPriceCents * count;
  const kept = Math.min(Math.max(0, feeCents), priceCents);
  return { priceCents, feeCents: kept, refundCents: priceCents - kept };
}
