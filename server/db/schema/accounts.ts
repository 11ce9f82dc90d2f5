/** Accounts: users, their sessions and tokens, trusted browsers, and what they chose about public tables. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PASSKEY_PURPOSES } from '../../../domain/passkeys.ts';
import { STAFF_ROLES } from '../../../domain/roles.ts';
import { bytea, createdAt, timestamptz } from './columns.ts';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** The back office's roles this person holds (domain/roles.ts); none for a rider. */
  roles: text('roles', { enum: STAFF_ROLES })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
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
  /** The last time a session was opened, shown to the people who manage the back office's roles. */
  lastSignInAt: timestamptz('last_sign_in_at'),
});

/**
 * A secret the browser or a mailed link holds, owned by one account: the table keeps only its SHA-256, and the
 * row goes with the account.
 */
const userToken = () => ({
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** A mailed link works until it expires, once. */
const singleUse = () => ({
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

/** Sessions are rows: the client holds a random token, the table only its SHA-256, so a leaked table opens nothing. */
export const sessions = pgTable(
  'sessions',
  {
    ...userToken(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When this session last passed a second factor (sign-in or step-up); null when it never did. */
    secondFactorAt: timestamptz('second_factor_at'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * A person's second factors (issue 42; decision 0048). An authenticator app (TOTP): its secret sealed with the
 * server's key, bound to its owner; unconfirmed (`confirmed_at` null) until a first code proves the app holds it.
 * `last_used_step` is the last 30-second step accepted, so that a code is accepted once (RFC 6238 §5.2).
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['totp'] }).notNull(),
    secret: bytea('secret').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    lastUsedAt: timestamptz('last_used_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('second_factors_user_kind_idx').on(table.userId, table.kind)],
);

/**
 * A person's passkeys (issue 42; decision 0050): the public key of a WebAuthn credential, its id as the browser
 * names it (base64url, unique across the site: a sign-in without the password finds its owner by it), the
 * signature counter it last showed, and a name its owner recognises it by.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    /** Synced between the owner's devices by their platform (a passkey in a password manager), as it said. */
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId)],
);

/**
 * A WebAuthn ceremony under way: the SHA-256 of the challenge the browser was given, what it is for, whose it is
 * (none for a sign-in without the password), until when. Answered once, as a row, so any instance can finish it.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    purpose: text('purpose', { enum: PASSKEY_PURPOSES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('passkey_challenges_expires_at_idx').on(table.expiresAt)],
);

/** Ten single-use codes for a lost phone: each kept as a salted SHA-256, shown once to its owner. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);

/**
 * Between the password and the second factor: the ticket the sign-in hands back instead of a session. It lives
 * five minutes and burns after five wrong codes (domain/second-factor.ts).
 */
export const signInTickets = pgTable(
  'sign_in_tickets',
  {
    ...userToken(),
    expiresAt: timestamptz('expires_at').notNull(),
    failures: integer('failures').notNull().default(0),
  },
  (table) => [index('sign_in_tickets_user_id_idx').on(table.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    ...userToken(),
    ...singleUse(),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

/**
 * Links proving that someone reads an address: the sign-up address or a new address asked for. `email` is the
 * address the link was sent to; following it verifies that address if it is still the account's (or its pending
 * one). Single use; only the SHA-256 of the token is stored.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    ...userToken(),
    email: text('email').notNull(),
    ...singleUse(),
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
    ...userToken(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('trusted_devices_user_id_idx').on(table.userId)],
);

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
