/**
 * What crosses the wire about a person's own account: the session's user (guards, pages), the account's fields
 * (GET /api/me, the account page) and their homologations (GET /api/me/homologations, the account page). The
 * services declare these as their answers, so the server and the pages are checked against one definition.
 */
import type { CIVILITES } from '../domain/schemas/common.ts';
import type { StaffRole } from '../domain/roles.ts';
import type { ChallengeId } from '../domain/ventoux.ts';

/** The signed-in user of a request, as the session gives it. */
export interface SessionUser {
  id: number;
  email: string;
  prenom: string;
  nom: string;
  /** The back office's roles (domain/permissions.ts says what each may do); none for a rider. */
  roles: StaffRole[];
  president: boolean;
  locale: string;
  /** The owner followed the link mailed to `email` (see server/services/accounts/email-verification.ts). */
  emailVerified: boolean;
  /** The account has a confirmed second factor (domain/second-factor.ts). */
  hasSecondFactor: boolean;
  /** When this session last passed the second factor (ISO 8601), or null: the back office needs one. */
  secondFactorAt: string | null;
  /** The second factor was passed within STEP_UP_MINUTES: refunds, roles and another's data need it. */
  secondFactorRecent: boolean;
}

/** The account's own fields, as its owner reads and edits them. */
export interface PublicUser {
  id: number;
  email: string;
  /** The back office's roles (domain/permissions.ts says what each may do); none for a rider. */
  roles: StaffRole[];
  president: boolean;
  scope: string[];
  civilite: (typeof CIVILITES)[number];
  nom: string;
  prenom: string;
  date_naissance: string | null;
  tel: string;
  adresse: string;
  complement: string;
  cp: string;
  ville: string;
  pays: string;
  nationalite: string;
  email_verified: boolean;
  pending_email: string | null;
}

/** One homologation of the signed-in person, newest first in the list. */
export interface MyHomologation {
  id: number;
  numero: number;
  epreuve: ChallengeId;
  date_passage: string | null;
  /** ISO 8601 UTC. */
  homologatedAt: string;
  candidateReference: string | null;
  certifiedBy: { name: string; president: boolean } | null;
  /** The diploma's PDF (its laureate and administrators only). */
  diploma_url: string;
  /** The diploma's public check page, the address its QR code holds. */
  check_url: string;
}

/** An authenticator app being set up: the secret, as text and as the address a QR code holds. */
export interface TotpSetup {
  /** Base32, to type into an app that cannot scan. */
  secret: string;
  otpauth_uri: string;
}

/** One of a person's passkeys, as their security page lists it (the name they gave it, or '' for none). */
export interface PasskeyView {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  /** Synced between the owner's devices (a password manager's passkey), as the device said. */
  backed_up: boolean;
}

/** A person's second factors, as their security page shows them (GET /api/me/second-factors). */
export interface SecondFactorStatus {
  totp: { confirmed_at: string; last_used_at: string | null } | null;
  passkeys: PasskeyView[];
  /** The set-up under way, until a first code confirms it. */
  pending: TotpSetup | null;
  recovery_codes_left: number;
  /** The account holds a role of the back office: a second factor is not optional. */
  required: boolean;
}
