/**
 * Money given back on an order, as pretix does it (decision 0039): a refund is a row written `pending` under the
 * order's lock before the provider is called, then the provider's answer is written to it. The lock makes refunds of
 * one order wait for each other, so together they never exceed what was paid. A provider that refuses leaves a
 * `failed` row with its reason and nothing else changed; it can be retried. When the money has gone, the candidates
 * it names become `withdrawn`, the buyer is emailed in the order's language and the audit log says who did it.
 * Refunds made in the provider's own dashboard arrive through its webhook (`reconcile`) as `external` rows.
 *
 * This module is the service's face and the home of who may: those who may refund (or the club's tools) only. The work
 * lives in refunds-records.ts (reads), refunds-requests.ts (an administrator's writes), refunds-settlement.ts (the
 * provider's answer and its effects) and refunds-reconcile.ts (the webhook).
 */
import type { OrderRefunds, RefundPreview, RefundView } from '../../../contracts/refunds.ts';
import { recentActorIdOf, type Caller, permitted } from '../guards.ts';
import { previewRefund } from './refunds-plan.ts';
import { orderRefunds } from './refunds-records.ts';
import { reconcileRefunds } from './refunds-reconcile.ts';
import {
  type RefundInput,
  type RefundOptions,
  requestRefund,
  retryRefund,
  withdrawForRefund,
} from './refunds-requests.ts';
import type { RefundDeps } from './refunds-settlement.ts';

/**
 * Who did it, for the audit log: the treasurer, or nobody for one of the club's tools. Money leaves the club only
 * after a second factor passed within the last minutes (issue 42).
 */
const actorOf = (caller: Caller) => recentActorIdOf(caller, 'money.refund');

export function createRefundsService(deps: RefundDeps) {
  return {
    /** An order's money and refunds, for the admin's refund form. */
    async forOrder(caller: Caller, orderId: number): Promise<OrderRefunds> {
      permitted(caller, 'money.read');
      return orderRefunds(deps.db, orderId);
    },

    /** What a refund would do (whom, how much, through which provider), before any money moves. */
    async preview(caller: Caller, orderId: number, input: RefundInput): Promise<RefundPreview> {
      permitted(caller, 'money.refund');
      return previewRefund(deps.db, orderId, input);
    },

    /**
     * Records a refund (or finds the one made with the same Idempotency-Key), then asks the provider. With
     * candidates and no amount, the amount is their price.
     */
    create: (caller: Caller, orderId: number, input: RefundInput, options: RefundOptions = {}) =>
      requestRefund(deps, actorOf(caller), orderId, input, options),

    /** A failed refund asked again, if the order still has that much to give back. */
    retry: (caller: Caller, refundId: number): Promise<RefundView> =>
      retryRefund(deps, actorOf(caller), refundId),

    /**
     * A refund made in the provider's dashboard, now withdrawing the candidates a volunteer chose (the webhook
     * could not know whom it was for).
     */
    withdrawFor: (caller: Caller, refundId: number, candidateIds: number[]): Promise<RefundView> =>
      withdrawForRefund(deps, actorOf(caller), refundId, candidateIds),

    /** The provider's webhook says a payment's refunds changed: an untrusted trigger, whose facts are read again. */
    reconcile: (paymentId: number) => reconcileRefunds(deps, paymentId),
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
