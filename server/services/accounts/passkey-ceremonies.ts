/**
 * What every WebAuthn ceremony shares (decision 0050): the site as the browser names it (the relying party), the
 * challenge kept as a row until it is answered once, and the checks of `@simplewebauthn/server` with our settings:
 * the site's origin, user verification required (a PIN or a fingerprint, so that a passkey is two factors alone).
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  WebAuthnCredential,
} from '@simplewebauthn/server';
import {
  PASSKEY_ALGORITHMS,
  PASSKEY_CHALLENGE_MINUTES,
  type PasskeyPurpose,
} from '../../../domain/passkeys.ts';
import type { Database } from '../../db/client.ts';
import { passkeyChallenges, passkeys } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from './tokens.ts';
import { webauthn } from './webauthn-on-first-use.ts';

export interface RelyingParty {
  /** The domain passkeys are bound to. */
  id: string;
  name: string;
  /** Where the browser's answers may come from. */
  origin: string;
}

/**
 * The relying party of the site at `publicUrl`. WebAuthn names a site by its domain and refuses an IP address; a
 * site served on the loopback address (a developer's machine, the browser tests) is `localhost` to it, which
 * browsers treat as secure over plain HTTP.
 */
export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { id: url.hostname, name, origin: url.origin };
}

export const passkeyRefused = () =>
  new AppError(400, 'passkey_invalid', 'This passkey could not be checked: try again');

/** A new challenge for `purpose`, kept (as its hash) until it is answered or expires. */
export async function newChallenge(
  database: Database,
  purpose: PasskeyPurpose,
  userId: number | null,
): Promise<string> {
  const challenge = crypto.randomBytes(32).toString('base64url');
  await database.insert(passkeyChallenges).values({
    challengeHash: hashToken(challenge),
    purpose,
    userId,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_MINUTES * 60_000),
  });
  return challenge;
}

/**
 * Spends the challenge the browser signed, if this site gave it for `purpose` to this person (a sign-in's may also
 * have been given to anyone: the one without the password) and it has not expired. Single use, whatever the
 * verification then says.
 */
function challengeSpender(database: Database, purpose: PasskeyPurpose, userId: number) {
  const owner =
    purpose === 'sign_in'
      ? or(isNull(passkeyChallenges.userId), eq(passkeyChallenges.userId, userId))
      : eq(passkeyChallenges.userId, userId);
  return async (challenge: string) => {
    const spent = await database
      .delete(passkeyChallenges)
      .where(
        and(
          eq(passkeyChallenges.challengeHash, hashToken(challenge)),
          eq(passkeyChallenges.purpose, purpose),
          gt(passkeyChallenges.expiresAt, new Date()),
          owner,
        ),
      )
      .returning({ hash: passkeyChallenges.challengeHash });
    return spent.length > 0;
  };
}

/** The new credential a registration answer proves, or a refusal. */
export async function verifiedRegistration(
  database: Database,
  party: RelyingParty,
  userId: number,
  response: RegistrationResponseJSON,
) {
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challengeSpender(database, 'registration', userId),
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    if (!result.verified) throw passkeyRefused();
    return result.registrationInfo;
  } catch {
    throw passkeyRefused();
  }
}

export type StoredPasskey = typeof passkeys.$inferSelect;

/**
 * Checks an answer to a sign-in or step-up challenge with the stored passkey it names, then keeps its new signature
 * counter and when it was used. A counter that went back (a cloned authenticator) is refused by the library.
 */
export async function verifiedAssertion(
  database: Database,
  party: RelyingParty,
  purpose: Exclude<PasskeyPurpose, 'registration'>,
  passkey: StoredPasskey,
  response: AuthenticationResponseJSON,
): Promise<void> {
  const credential: WebAuthnCredential = {
    id: passkey.credentialId,
    publicKey: new Uint8Array(passkey.publicKey),
    counter: passkey.counter,
    transports: passkey.transports,
  };
  const { verifyAuthenticationResponse } = await webauthn();
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challengeSpender(database, purpose, passkey.userId),
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential,
      requireUserVerification: true,
    });
    if (!result.verified) throw passkeyRefused();
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw passkeyRefused();
  }
  await database
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, passkey.id));
}

/** The passkey a browser's answer names, by its credential id. */
export async function passkeyByCredential(database: Database, credentialId: string) {
  const [passkey] = await database.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return passkey;
}

/** The person's passkeys as a ceremony lists them (to exclude on registration, to allow on a step-up). */
export async function credentialsOf(database: Database, userId: number) {
  return database
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}
