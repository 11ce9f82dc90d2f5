/** Registrations and orders: the draft, the order, its candidates and their guardians' consents. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OrderDraftData } from '../../../contracts/orders.ts';
import type { Address } from '../../../domain/schemas/order.ts';
import type { Guardian } from '../../../domain/schemas/candidate.ts';
import type { CandidateStatus, DeliveryMode, OrderStatus, PaymentMode } from '../../../domain/statuses.ts';
import { users } from './accounts.ts';
import { createdAt, timestamptz, challenge } from './columns.ts';

/**
 * The order being prepared by a signed-in user (candidates, delivery choices), kept on the server so it
 * survives a reload, another device and a sign-in round trip. Validated only when the order is placed.
 */
export const orderDrafts = pgTable('order_drafts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  draft: jsonb('draft').$type<OrderDraftData>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** An order of registration kits. Not a payment: each payment attempt is a row of `payments`. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    mode_livraison: text('mode_livraison').$type<DeliveryMode>().notNull(),
    date_livraison: date('date_livraison', { mode: 'string' }).notNull(),
    /** Pick-up point id (from configuration) when mode_livraison is `retrait`. */
    point_retrait: text('point_retrait'),
    adresse_livraison: jsonb('adresse_livraison').$type<Address>().notNull(),
    adresse_facturation: jsonb('adresse_facturation').$type<Address>().notNull(),
    mode_paiement: text('mode_paiement').$type<PaymentMode>().notNull(),
    avertissement_condition_physique: boolean('avertissement_condition_physique').notNull(),
    avertissement_mineurs: boolean('avertissement_mineurs').notNull().default(false),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** Language of the buyer when ordering, for the emails about this order. */
    locale: text('locale').notNull(),
    /** The client's Idempotency-Key: a double click creates one order. */
    idempotencyKey: text('idempotency_key'),
    date_commande: timestamptz('date_commande').notNull().defaultNow(),
    paidAt: timestamptz('paid_at'),
    /** A pending order not paid by then is cancelled by the expiry worker. */
    expiresAt: timestamptz('expires_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Hash of what was ordered (all but the payment method): paying the same draft again reuses this order. */
    contentHash: text('content_hash'),
  },
  (table) => [
    index('orders_user_id_idx').on(table.userId),
    index('orders_pending_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('orders_idempotency_idx').on(table.userId, table.idempotencyKey),
    index('orders_date_commande_idx').on(table.date_commande),
  ],
);

/** A person registered for a challenge within an order; `statut` follows the candidate life cycle of docs/API.md. */
export const candidates = pgTable(
  'candidates',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    commande_index: smallint('commande_index').notNull(),
    epreuve: challenge('epreuve').notNull(),
    civilite: text('civilite', { enum: ['mme', 'm'] }).notNull(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    email: text('email').notNull(),
    portable: text('portable').notNull(),
    date_naissance: date('date_naissance', { mode: 'string' }).notNull(),
    adresse: text('adresse').notNull(),
    complement: text('complement').notNull().default(''),
    code_postal: text('code_postal').notNull(),
    ville: text('ville').notNull(),
    pays: text('pays').notNull(),
    nationalite: text('nationalite').notNull(),
    attestation_condition_physique: boolean('attestation_condition_physique').notNull(),
    attestation_assurance: boolean('attestation_assurance').notNull(),
    autorisation_parentale: boolean('autorisation_parentale').notNull().default(false),
    certificat_medical: boolean('certificat_medical').notNull().default(false),
    /** A minor's guardian, who confirms the parental authorisation (guardian_consents); null for an adult. */
    tuteur: jsonb('tuteur').$type<Guardian>(),
    statut: text('statut').$type<CandidateStatus>().notNull().default('pending_payment'),
    /** Secret printed as the route card's QR code; scanning it finds the candidate. */
    scanToken: text('scan_token').notNull().unique(),
    /** Filled by the homologation form: the day ridden, the challenge actually completed, remarks. */
    date_passage: date('date_passage', { mode: 'string' }),
    epreuve_realisee: challenge('epreuve_realisee'),
    commentaire: text('commentaire'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * When a volunteer first put the kit in a print batch or a sheet of labels: from then on the buyer can no
     * longer change the registration (domain/registration-changes.ts), since paper may carry the old details.
     */
    processingStartedAt: timestamptz('processing_started_at'),
    processedAt: timestamptz('processed_at'),
    /** When the route card and frame plate were last emailed (after payment, or sent again by an admin). */
    documentsSentAt: timestamptz('documents_sent_at'),
    cardReceivedAt: timestamptz('card_received_at'),
  },
  (table) => [
    index('candidates_order_id_idx').on(table.orderId),
    index('candidates_statut_created_idx').on(table.statut, table.createdAt),
    index('candidates_email_idx').on(table.email),
  ],
);

/**
 * A guardian's consent for a minor's registration (services/registrations/guardian-consents.ts): the emailed link (its hash; a
 * new sending replaces it), and the answer, by the link or recorded from paper by an administrator.
 */
export const guardianConsents = pgTable(
  'guardian_consents',
  {
    candidateId: integer('candidate_id')
      .primaryKey()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
    /** Links sent in all: resending is limited. */
    sends: integer('sends').notNull().default(1),
    decision: text('decision', { enum: ['confirmed', 'refused'] }),
    decidedAt: timestamptz('decided_at'),
    /** `paper`: an administrator recorded a consent signed on paper, with a note in the audit log. */
    method: text('method', { enum: ['link', 'paper'] }),
  },
  (table) => [uniqueIndex('guardian_consents_token_idx').on(table.tokenHash)],
);
