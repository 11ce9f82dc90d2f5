/** Payments and refunds: attempts at providers, their events, money given back and cancellation requests. */
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS } from '../../../domain/payment-methods.ts';
import { CANCELLATION_REQUEST_STATUSES, REFUND_SOURCES, REFUND_STATUSES } from '../../../domain/refunds.ts';
import { users } from './accounts.ts';
import { createdAt, timestamptz } from './columns.ts';
import { orders } from './orders.ts';

/** One payment attempt at a provider, with its own state; confirming one that covers the order marks it paid. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for this attempt (Checkout Session, PayPal order, test session). */
    providerRef: text('provider_ref'),
    status: text('status', { enum: ['created', 'pending', 'confirmed', 'failed', 'cancelled', 'refunded'] })
      .notNull()
      .default('created'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    redirectUrl: text('redirect_url'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('payments_order_id_idx').on(table.orderId),
    uniqueIndex('payments_provider_ref_idx').on(table.provider, table.providerRef),
  ],
);

/** Provider events already applied, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_provider_event_idx').on(table.provider, table.eventId)],
);

/**
 * Money given back on an order (decision 0039): written `pending` before the provider is called, then what the
 * provider answered. Personal data: none beyond the order it belongs to; `reason` is the volunteer's words, which
 * the buyer receives by email.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The confirmed payment the money goes back through. */
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    source: text('source', { enum: REFUND_SOURCES }).notNull(),
    reason: text('reason').notNull(),
    /** The candidates it withdraws; empty for a refund made at the provider until a volunteer chooses them. */
    candidateIds: jsonb('candidate_ids').$type<number[]>().notNull().default([]),
    /** The provider's id of the refund (Stripe `re_…`, PayPal's refund id), once it answered. */
    providerRefundRef: text('provider_refund_ref'),
    /** Why the provider refused, as it said it (no card or account data), for the volunteer who retries. */
    failureReason: text('failure_reason'),
    /** Calls made to the provider: each retry gets its own idempotency key at the provider. */
    attempts: integer('attempts').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    /** The volunteer who asked; null for a refund made in the provider's dashboard. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** When the provider confirmed it: the day of the movement in the ledger. */
    succeededAt: timestamptz('succeeded_at'),
  },
  (table) => [
    index('refunds_order_id_idx').on(table.orderId),
    uniqueIndex('refunds_idempotency_idx').on(table.orderId, table.idempotencyKey),
    uniqueIndex('refunds_provider_ref_idx').on(table.provider, table.providerRefundRef),
    index('refunds_succeeded_at_idx').on(table.succeededAt),
  ],
);

/**
 * A buyer asks the club to cancel some of their paid registrations before processing. Personal data: the buyer's
 * `reason` in their own words; the candidates are referred to by id.
 */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    candidateIds: jsonb('candidate_ids').$type<number[]>().notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: CANCELLATION_REQUEST_STATUSES }).notNull().default('open'),
    /** The volunteer's reason when declining, sent to the buyer. */
    declineReason: text('decline_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    /** The refund an approval made. */
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('cancellation_requests_order_id_idx').on(table.orderId),
    index('cancellation_requests_status_idx').on(table.status, table.createdAt),
  ],
);

/**
 * The built-in test provider's sessions (it stands in for a provider's own records): in the database, so that a
 * test payment opened on one instance can be approved through another.
 */
export const testPaymentSessions = pgTable('test_payment_sessions', {
  providerRef: text('provider_ref').primaryKey(),
  paymentId: integer('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['pending', 'confirmed', 'failed', 'cancelled'] })
    .notNull()
    .default('pending'),
  createdAt: createdAt(),
});

/** Keys a payment provider needs on every instance alike (the test provider's webhook signing key). */
export const providerSecrets = pgTable('provider_secrets', {
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
