/**
 * What crosses the wire about money given back (decision 0039): an order's refunds, the buyers' cancellation
 * requests. The admin API sends them as JSON and the admin pages' loaders read them in-process.
 */
import type { PaymentProviderId } from '../domain/payment-methods.ts';
import type { CancellationRequestStatus, RefundSource, RefundStatus } from '../domain/refunds.ts';
import type { CandidateStatus } from '../domain/statuses.ts';

export interface RefundView {
  id: number;
  order_id: number;
  amount_cents: number;
  currency: string;
  status: RefundStatus;
  provider: PaymentProviderId;
  source: RefundSource;
  reason: string;
  candidate_ids: number[];
  /** Why the provider refused, for a failed refund. */
  failure_reason: string | null;
  /** The volunteer who asked for it (or approved the buyer's request); null for the club's tools and the provider. */
  actor_name: string | null;
  created_at: string;
}

/** A candidate of the order as the refund form shows it. */
export interface RefundCandidate {
  id: number;
  reference: string;
  name: string;
  statut: CandidateStatus;
  /** Not yet homologated, rejected or withdrawn, and in no refund under way. */
  refundable: boolean;
}

/** An order's money: what was paid, what may still be given back, its refunds and candidates. */
export interface OrderRefunds {
  order_id: number;
  reference: string;
  paid_cents: number;
  refundable_cents: number;
  unit_price_cents: number;
  currency: string;
  items: RefundView[];
  candidates: RefundCandidate[];
}

/** What a refund would do, shown to the volunteer before any money moves: whom, how much, through which provider. */
export interface RefundPreview {
  order_id: number;
  order_reference: string;
  amount_cents: number;
  currency: string;
  provider: PaymentProviderId;
  /** Who receives the money: the order's buyer (null once the account is deleted). */
  buyer: { name: string; email: string } | null;
  /** The registrations it withdraws (none for an amount alone). */
  candidates: { id: number; reference: string; name: string }[];
  /** What the order could still give back after it. */
  refundable_after_cents: number;
}

export interface CancellationRequestView {
  id: number;
  order_id: number;
  order_reference: string;
  status: CancellationRequestStatus;
  reason: string;
  decline_reason: string | null;
  buyer: { name: string; email: string } | null;
  candidates: { id: number; reference: string; name: string; statut: CandidateStatus }[];
  /** What approving would give back: the candidates' price less the club's fee. */
  refund_cents: number;
  fee_cents: number;
  currency: string;
  /** The provider that took the payment and would give the money back; null when the order has no payment. */
  provider: PaymentProviderId | null;
  refund_id: number | null;
  created_at: string;
  decided_at: string | null;
}
