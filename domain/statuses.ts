/**
 * The life cycle of orders and candidates, the admin lists built on it, and the delivery and payment modes.
 *
 * An order is not a payment: the order's status says whether the kit is paid for; each payment attempt has its own
 * state on the server. Transitions are data so that the services, the admin screens and the tests share one table.
 */

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const CANDIDATE_STATUSES = [
  'pending_payment',
  // A minor's registration, paid, until a guardian confirms the parental authorisation (guardian-consents.ts).
  'awaiting_consent',
  'to_process',
  'processed',
  'card_received',
  'homologated',
  'rejected',
  // Refunded before homologation (refunds.ts): out of the processing lists and print jobs; a kit sent stays sent.
  'withdrawn',
] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

export const DELIVERY_MODES = ['postal', 'email', 'retrait'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** card = the card provider's hosted page (Stripe Checkout); wallet = PayPal. */
export const PAYMENT_MODES = ['card', 'wallet'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/**
 * A payment confirmed by the provider is money received, so it marks the order paid even when the order had been
 * marked failed (an earlier attempt was declined) or cancelled (it expired while the provider was still processing).
 * A failed order is still the buyer's to pay again (a new attempt makes it pending) or to give up.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'failed', 'cancelled'],
  paid: [],
  failed: ['paid', 'pending', 'cancelled'],
  cancelled: ['paid'],
};

export const CANDIDATE_TRANSITIONS: Readonly<Record<CandidateStatus, readonly CandidateStatus[]>> = {
  pending_payment: ['to_process', 'awaiting_consent'],
  // A guardian's confirmation (by the link, or on paper recorded by an administrator); a refusal leaves it here.
  awaiting_consent: ['to_process', 'withdrawn'],
  to_process: [
    'processed',
    // A route card that comes back proves the kit reached the rider, even if nobody marked it sent.
    'card_received',
    'withdrawn',
  ],
  processed: ['card_received', 'withdrawn'],
  card_received: ['homologated', 'rejected', 'withdrawn'],
  // A rejection can be reviewed again. A homologation is final: its details can be corrected, and only an
  // administrator's cancellation (with a reason) rejects it afterwards; its number is never reused.
  rejected: ['card_received'],
  homologated: ['rejected'],
  // A refund is final: a rider who comes back orders again.
  withdrawn: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isCandidateStatus(value: unknown): value is CandidateStatus {
  return typeof value === 'string' && (CANDIDATE_STATUSES as readonly string[]).includes(value);
}

/**
 * True when a change of status is allowed. Staying in the same status is not a transition: callers applying a
 * replayed event treat it as already done.
 */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean;
export function canTransition(from: CandidateStatus, to: CandidateStatus): boolean;
export function canTransition(
  from: OrderStatus | CandidateStatus,
  to: OrderStatus | CandidateStatus,
): boolean {
  if (isOrderStatus(from) && isOrderStatus(to)) return ORDER_TRANSITIONS[from].includes(to);
  if (isCandidateStatus(from) && isCandidateStatus(to)) return CANDIDATE_TRANSITIONS[from].includes(to);
  return false;
}

/**
 * Whether a registration's documents (route card, frame plate) may reach anyone but an administrator: offered to
 * the buyer, emailed, printed or labelled. Not before payment, and not while a minor's guardian has not confirmed
 * (decision 0035): the kit waits for that answer.
 */
export function documentsReleased(status: CandidateStatus): boolean {
  return status !== 'pending_payment' && status !== 'awaiting_consent';
}

/** The admin lists of candidates: which statuses each shows and, for the kits to send, which delivery mode. */
export const ADMIN_LISTS = {
  /** Minors' registrations waiting for a guardian's consent: nothing to send yet. */
  consent: { statuses: ['awaiting_consent'], deliveryMode: null },
  /** Kits to post. */
  traitements: { statuses: ['to_process'], deliveryMode: 'postal' },
  /** Kits to send by email. */
  email: { statuses: ['to_process'], deliveryMode: 'email' },
  /** Kits to hand over at a pick-up point. */
  retrait: { statuses: ['to_process'], deliveryMode: 'retrait' },
  /** Kits sent: waiting for the route card to come back. */
  traites: { statuses: ['processed'], deliveryMode: null },
  /** Route cards received: homologations in progress. */
  in_progress: { statuses: ['card_received'], deliveryMode: null },
  /** Homologated, rejected and withdrawn (refunded). */
  history: { statuses: ['homologated', 'rejected', 'withdrawn'], deliveryMode: null },
} as const satisfies Record<
  string,
  { statuses: readonly CandidateStatus[]; deliveryMode: DeliveryMode | null }
>;
export type AdminListId = keyof typeof ADMIN_LISTS;
export const ADMIN_LIST_IDS = Object.keys(ADMIN_LISTS) as AdminListId[];

/** The admin list a candidate appears in, or null (not paid yet). */
export function adminListOf(status: CandidateStatus, deliveryMode: DeliveryMode): AdminListId | null {
  for (const id of ADMIN_LIST_IDS) {
    const list: { statuses: readonly CandidateStatus[]; deliveryMode: DeliveryMode | null } = ADMIN_LISTS[id];
    if (
      list.statuses.includes(status) &&
      (list.deliveryMode === null || list.deliveryMode === deliveryMode)
    ) {
      return id;
    }
  }
  return null;
}
