/**
 * The database schema (drizzle). Column names keep the club's own vocabulary (see the vocabulary in docs/API.md) so that
 * exports map one to one; everything else is English.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderDraftData } from '../../contracts/orders.ts';
import type { ChallengeId } from '../../domain/ventoux.ts';
import { PAYMENT_PROVIDERS } from '../../domain/payment-methods.ts';
import type { Address } from '../../domain/schemas/order.ts';
import type { StoredTrackAnalysis } from '../../domain/schemas/track.ts';
import type { Guardian } from '../../domain/schemas/candidate.ts';
import type { CandidateStatus, DeliveryMode, OrderStatus, PaymentMode } from '../../domain/statuses.ts';
import { ROLES } from '../../domain/roles.ts';
import { ACTIVITY_PROVIDERS, TRACK_SOURCES } from '../../domain/activity-providers.ts';
import { CANCELLATION_REQUEST_STATUSES, REFUND_SOURCES, REFUND_STATUSES } from '../../domain/refunds.ts';

/**
 * 32 random bytes from two version-4 UUIDs (244 random bits), base64url without padding: 43 characters. The
 * database gives it, so that every way a homologation is added (here, the import, the demo) has one.
 */
const DIPLOMA_CODE_DEFAULT = sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`;

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ROLES }).notNull().default('user'),
  president: boolean('president').notNull().default(false),
  civilite: text('civilite', { enum: ['mme', 'm'] }).notNull(),
  nom: text('nom').notNull(),
  prenom: text('prenom').notNull(),
  /** Unknown for accounts made with the command line. */
  date_naissance: date('date_naissance', { mode: 'string' }),
  tel: text('tel').notNull(),
  adresse: text('adresse').notNull(),
  complement: text('complement').notNull().default(''),
  cp: text('cp').notNull(),
  ville: text('ville').notNull(),
  pays: text('pays').notNull(),
  nationalite: text('nationalite').notNull(),
  /** Preferred language for emails, from the page the user signed up or last signed in on. */
  locale: text('locale').notNull().default('fr'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** When the owner followed the link mailed to `email`; null until then (see docs/SECURITY.md). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
  /** A new address asked for in PUT /api/me, waiting for its link to be followed; `email` changes only then. */
  pendingEmail: text('pending_email'),
});

/** Sessions are rows: the client holds a random token, the table only its SHA-256, so a leaked table opens nothing. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

/** Outgoing mail, queued in the same transaction as the change that causes it; a worker sends it with retries. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments')
      .$type<{ filename: string; documentPath: string }[]>()
      .notNull()
      .default([]),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
  ],
);

/** Who changed what, when, with the state before and after. Written by services, never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    index('audit_log_created_at_idx').on(table.createdAt),
  ],
);

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

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const challenge = (name: string) => text(name).$type<ChallengeId>();

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

/** A person in the public ranking: one row per rider, so repeat riders keep one palmarès. */
export const laureates = pgTable(
  'laureates',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    civilite: text('civilite', { enum: ['mme', 'm'] }),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    date_naissance: date('date_naissance', { mode: 'string' }),
    pays: text('pays'),
    nationalite: text('nationalite'),
    ville: text('ville'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-case, accent-free "nom prenom ville", searched through a trigram index. */
    searchText: text('search_text').notNull(),
    /** Identity used to link the rows of the same person: normalized nom|prenom|date_naissance. */
    identityKey: text('identity_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('laureates_email_idx').on(table.email),
    // Finds the laureates of a display restriction, whose emails compare case-insensitively.
    index('laureates_email_lower_idx').on(sql`lower(${table.email})`),
    index('laureates_identity_idx').on(table.identityKey),
    index('laureates_nom_idx').on(table.nom, table.prenom),
    index('laureates_pays_idx').on(table.pays),
    index('laureates_nationalite_idx').on(table.nationalite),
    // Sorting the public table: each sort key, then the laureate id as tie-breaker, in both directions with
    // empty values last (see the laureates ranking decision record in docs/decisions/).
    index('laureates_prenom_sort_idx').on(table.prenom, table.nom, table.id),
    index('laureates_civilite_sort_idx').on(table.civilite, table.id),
    index('laureates_civilite_sort_desc_idx').on(table.civilite.desc().nullsLast(), table.id.desc()),
    index('laureates_birth_year_sort_idx').on(sql`(extract(year from ${table.date_naissance}))`, table.id),
    index('laureates_birth_year_sort_desc_idx').on(
      sql`(extract(year from ${table.date_naissance})) desc nulls last`,
      table.id.desc(),
    ),
    index('laureates_pays_sort_idx').on(table.pays, table.id),
    index('laureates_pays_sort_desc_idx').on(table.pays.desc().nullsLast(), table.id.desc()),
    index('laureates_nationalite_sort_idx').on(table.nationalite, table.id),
    index('laureates_nationalite_sort_desc_idx').on(table.nationalite.desc().nullsLast(), table.id.desc()),
  ],
);

/** A certified ride: a unique number in its challenge's sequence, the day ridden, who certified it. */
export const homologations = pgTable(
  'homologations',
  {
    id: serial('id').primaryKey(),
    laureateId: integer('laureate_id')
      .notNull()
      .references(() => laureates.id, { onDelete: 'restrict' }),
    candidateId: integer('candidate_id').references(() => candidates.id, { onDelete: 'set null' }),
    epreuve: challenge('epreuve').notNull(),
    numero: integer('numero').notNull(),
    date_passage: date('date_passage', { mode: 'string' }),
    /** Age on the day ridden, kept so that sorting and statistics need no date arithmetic. */
    ageAtRide: smallint('age_at_ride'),
    /** The rider's town at the time of the ride. */
    ville: text('ville'),
    homologateurId: integer('homologateur_id').references(() => users.id, { onDelete: 'set null' }),
    homologatedAt: timestamptz('homologated_at').notNull().defaultNow(),
    commentaire: text('commentaire'),
    /** Where the row came from: `admin` (homologated here), `import` (the club's earlier records) or `demo`. */
    source: text('source', { enum: ['admin', 'import', 'demo'] })
      .notNull()
      .default('admin'),
    /** The diploma's public check code (decision 0033): given by the database to every row, whatever adds it. */
    diplomaCode: text('diploma_code').notNull().default(DIPLOMA_CODE_DEFAULT),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('homologations_epreuve_numero_idx').on(table.epreuve, table.numero),
    uniqueIndex('homologations_diploma_code_idx').on(table.diplomaCode),
    index('homologations_laureate_idx').on(table.laureateId),
    index('homologations_date_passage_idx').on(table.date_passage),
    index('homologations_age_idx').on(table.ageAtRide),
    uniqueIndex('homologations_candidate_idx').on(table.candidateId),
    // The counts per person (total, per challenge) read from the index alone.
    index('homologations_laureate_epreuve_idx').on(table.laureateId, table.epreuve),
    // Sorting the public table by rank across challenges, date, age and town, with the row id as tie-breaker.
    index('homologations_numero_sort_idx').on(table.numero, table.epreuve),
    index('homologations_date_passage_sort_idx').on(table.date_passage, table.id),
    index('homologations_date_passage_sort_desc_idx').on(
      table.date_passage.desc().nullsLast(),
      table.id.desc(),
    ),
    index('homologations_age_sort_idx').on(table.ageAtRide, table.id),
    index('homologations_age_sort_desc_idx').on(table.ageAtRide.desc().nullsLast(), table.id.desc()),
    index('homologations_ville_sort_idx').on(table.ville, table.id),
    index('homologations_ville_sort_desc_idx').on(table.ville.desc().nullsLast(), table.id.desc()),
  ],
);

/**
 * A homologation an administrator cancelled: moved here whole, so that public tables and statistics never see it,
 * while its diploma's check page says "revoked" and its number stays taken (the sequence never goes back).
 */
export const cancelledHomologations = pgTable(
  'cancelled_homologations',
  {
    /** The id it had in `homologations`. */
    id: integer('id').primaryKey(),
    laureateId: integer('laureate_id')
      .notNull()
      .references(() => laureates.id, { onDelete: 'cascade' }),
    candidateId: integer('candidate_id').references(() => candidates.id, { onDelete: 'set null' }),
    epreuve: challenge('epreuve').notNull(),
    numero: integer('numero').notNull(),
    date_passage: date('date_passage', { mode: 'string' }),
    homologatedAt: timestamptz('homologated_at').notNull(),
    diplomaCode: text('diploma_code').notNull(),
    reason: text('reason').notNull(),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamptz('cancelled_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cancelled_homologations_diploma_code_idx').on(table.diplomaCode),
    index('cancelled_homologations_candidate_idx').on(table.candidateId),
  ],
);

/**
 * The club's Ed25519 keys that sign diploma statements (decision 0033). One is in use (`retiredAt` null); retired
 * ones stay published in `/.well-known/jwks.json` so that statements signed before a rotation still verify.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  /** Private JWK; null for a key given by configuration, which is only recorded here to stay published. */
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>(),
  publicJwk: jsonb('public_jwk').$type<{ kty: string; crv: string; x: string }>().notNull(),
  createdAt: createdAt(),
  retiredAt: timestamptz('retired_at'),
});

/** The last number given in each challenge's sequence; locked while a homologation takes the next one. */
export const homologationSequences = pgTable('homologation_sequences', {
  epreuve: challenge('epreuve').primaryKey(),
  lastNumero: integer('last_numero').notNull(),
});

/** Emails whose homologations are hidden from public tables, once the owner confirmed the request. */
export const displayRestrictions = pgTable(
  'display_restrictions',
  {
    email: text('email').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    locale: text('locale').notNull(),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    confirmedAt: timestamptz('confirmed_at'),
  },
  (table) => [
    // Public queries exclude confirmed restrictions by case-insensitive email, once per row shown.
    index('display_restrictions_confirmed_email_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.confirmedAt} is not null`),
    index('display_restrictions_token_idx').on(table.tokenHash),
  ],
);

/**
 * How public tables name the laureates of an address (domain/public-name.ts), chosen by the address's proven
 * owner; no row is the name in full. `email` is kept lower-cased, the form public queries look it up in.
 */
export const publicNameChoices = pgTable('public_name_choices', {
  email: text('email').primaryKey(),
  display: text('display', { enum: ['initial', 'initials'] }).notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * A guardian's consent for a minor's registration (services/guardian-consents.ts): the emailed link (its hash; a
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

/** Generated PDFs (route card, frame plate), cached on disk and listed here for `GET /documents/{id}`. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['route_card', 'frame_plate'] }).notNull(),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('documents_candidate_kind_idx').on(table.candidateId, table.kind)],
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

/** Raw bytes: a Buffer for `pg`, a Uint8Array from PGlite; both read back as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The GPS file a candidate's buyer attached as evidence of the ride, gzipped, with its analysis. One per
 * candidate (a new upload replaces it); it goes with the candidate. Never public: it shows where people live.
 */
export const candidateTracks = pgTable(
  'candidate_tracks',
  {
    candidateId: integer('candidate_id')
      .primaryKey()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['gpx', 'tcx', 'fit'] }).notNull(),
    /** The file as uploaded, unpacked then gzipped again. */
    fileGz: bytea('file_gz').notNull(),
    analysis: jsonb('analysis').$type<StoredTrackAnalysis>().notNull(),
    /**
     * Hashes of some of the recorded positions (domain/track/fingerprint.ts), to find the same ride attached to
     * another registration (`duplicate_track`). Empty for a file attached before fingerprints existed.
     */
    fingerprint: integer('fingerprint')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** An uploaded file, or a GPX written from an activity service's points (then with the activity's id). */
    source: text('source', { enum: TRACK_SOURCES }).notNull().default('upload'),
    sourceActivityId: text('source_activity_id'),
    createdAt: createdAt(),
  },
  // Overlapping fingerprints (`&&`) are found through this index, not by reading every track.
  (table) => [index('candidate_tracks_fingerprint_idx').using('gin', table.fingerprint)],
);

/**
 * A rider's connection to an activity service (Strava): the OAuth tokens, encrypted with AES-256-GCM
 * (server/services/token-cipher.ts), never sent to a browser. Goes with the account.
 */
export const activityConnections = pgTable(
  'activity_connections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ACTIVITY_PROVIDERS }).notNull(),
    /** The person's id at the service, to tell a reconnection to another account. */
    athleteId: text('athlete_id').notNull(),
    accessToken: bytea('access_token').notNull(),
    refreshToken: bytea('refresh_token').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.provider] })],
);

/**
 * The `state` of an OAuth authorization on its way, bound to the session that asked for it: only its SHA-256
 * is kept, it serves once and for ten minutes.
 */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  sessionHash: text('session_hash')
    .notNull()
    .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ACTIVITY_PROVIDERS }).notNull(),
  /** The site's page to come back to (a local path). */
  returnTo: text('return_to').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/** Keys the server makes for itself when the configuration gives none, the same on every instance. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name', { enum: ['token-encryption-key'] }).primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * Batch PDFs of the admin area, queued here and claimed by any instance's print worker (`FOR UPDATE SKIP
 * LOCKED`); the finished file is kept in the row so that every instance serves it. Removed after an hour.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    candidateIds: jsonb('candidate_ids').$type<number[]>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull(),
    file: bytea('file'),
    createdAt: createdAt(),
    /** Progress of a running job; a job that stops moving is taken over by another worker. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('print_jobs_status_idx').on(table.status, table.createdAt)],
);

/**
 * Links proving that someone reads an address: the sign-up address or a new address asked for. `email` is the
 * address the link was sent to; following it verifies that address if it is still the account's (or its pending
 * one). Single use; only the SHA-256 of the token is stored.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('email_verification_tokens_user_id_idx').on(table.userId)],
);

/**
 * Browsers where the owner signed in successfully (OWASP's device cookies, decision 0011): the cookie holds a
 * random token, this table its SHA-256. Such a browser has its own budget of failed sign-ins.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('trusted_devices_user_id_idx').on(table.userId)],
);

/**
 * A volunteer's request to a rider for more evidence (a ride to attach or replace), mailed to the buyer and the
 * rider. Answered when a ride is attached after it; at most one open request per candidate. Goes with the candidate.
 */
export const evidenceRequests = pgTable(
  'evidence_requests',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    askedBy: integer('asked_by').references(() => users.id, { onDelete: 'set null' }),
    askedAt: timestamp('asked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('evidence_requests_candidate_idx').on(table.candidateId, table.askedAt),
    uniqueIndex('evidence_requests_open_idx')
      .on(table.candidateId)
      .where(sql`${table.answeredAt} is null`),
  ],
);

/**
 * A batch of homologations by its Idempotency-Key: the same key from the same administrator answers the same
 * results instead of running again. `results` is null while the batch runs.
 */
export const homologationBatches = pgTable(
  'homologation_batches',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the items: the same key with other items is refused rather than answered wrongly. */
    requestHash: text('request_hash').notNull(),
    results: jsonb('results').$type<unknown[]>(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('homologation_batches_key_idx').on(table.actorId, table.idempotencyKey)],
);

/**
 * Jobs that run on a schedule (the daily retention job), once across instances: the instance whose update moves
 * `next_run_at` past now runs it, in that same transaction (decision 0043). `last_report` says what the last run did.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name', { enum: ['retention'] }).primaryKey(),
  nextRunAt: timestamptz('next_run_at').notNull(),
  lastRunAt: timestamptz('last_run_at'),
  lastReport: jsonb('last_report'),
});
