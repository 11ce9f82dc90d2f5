/** Homologations and rides: certified rides, their numbering and batches, evidence asked for and attached. */
import { sql } from 'drizzle-orm';
import {
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
} from 'drizzle-orm/pg-core';
import type { StoredTrackAnalysis } from '../../../domain/schemas/track.ts';
import {
  ACTIVITY_PROVIDERS,
  type ApplicationRefusal,
  TRACK_SOURCES,
} from '../../../domain/activity-providers.ts';
import { users, sessions } from './accounts.ts';
import { createdAt, timestamptz, bytea, challenge } from './columns.ts';
import { laureates } from './laureates.ts';
import { candidates } from './orders.ts';

/**
 * 32 random bytes from two version-4 UUIDs (244 random bits), base64url without padding: 43 characters. The
 * database gives it, so that every way a homologation is added (here, the import, the demo) has one.
 */
const DIPLOMA_CODE_DEFAULT = sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`;

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

/** The last number given in each challenge's sequence; locked while a homologation takes the next one. */
export const homologationSequences = pgTable('homologation_sequences', {
  epreuve: challenge('epreuve').primaryKey(),
  lastNumero: integer('last_numero').notNull(),
});

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
 * (server/services/rides/token-cipher.ts), never sent to a browser. Goes with the account.
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

/**
 * An activity service refusing the club's application itself (Strava's 403 for an inactive application, one
 * whose owner's subscription lapsed, or one at its limit of connected athletes): the dashboard says so until
 * a call succeeds again. Nothing personal: one row per service.
 */
export const activityServiceRefusals = pgTable('activity_service_refusals', {
  provider: text('provider', { enum: ACTIVITY_PROVIDERS }).primaryKey(),
  /** `inactive` or `athlete_limit`, as the service said. */
  reason: text('reason').$type<ApplicationRefusal>().notNull(),
  /** When the service first refused, since the last success. */
  since: timestamptz('since').notNull(),
  /** Its latest refusal: riders are not sent to it for a while after (activity-service-refusals.ts). */
  lastAt: timestamptz('last_at').notNull(),
});
