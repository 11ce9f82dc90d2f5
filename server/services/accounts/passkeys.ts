/**
 * A person's passkeys (issue 42; decision 0050): adding one (the options for the browser, then its answer), listing
 * and removing them, and passing one again in a session (a step-up). Signing in with one is in
 * accounts-sign-in-passkey.ts. A first passkey makes the ten recovery codes, as a first app does.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyView } from '../../../contracts/account.ts';
import { MAX_PASSKEYS, PASSKEY_ALGORITHMS, PASSKEY_TIMEOUT_MS } from '../../../domain/passkeys.ts';
import { type AddPasskeyInput } from '../../../domain/schemas/passkey.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { passkeys, secondFactors, users } from '../../db/schema/index.ts';
import { checkPassword, wrongCurrentPassword } from './accounts-users.ts';
import { AppError, notFound, unauthorized } from '../../errors.ts';
import { type Caller, signedIn } from '../guards.ts';
import { hasSecondFactor } from './has-second-factor.ts';
import {
  credentialsOf,
  newChallenge,
  passkeyByCredential,
  passkeyRefused,
  verifiedAssertion,
  verifiedRegistration,
} from './passkey-ceremonies.ts';
import { replaceRecoveryCodes } from './second-factor-codes.ts';
import { challengeBytes, webauthn } from './webauthn-on-first-use.ts';
import {
  type SecondFactorDeps,
  budget,
  forgetCodesOfLastFactor,
  mayAddFactor,
  recentlyPassed,
  tellOwner,
  totpOfUser,
} from './second-factor-deps.ts';

const tooMany = () =>
  new AppError(409, 'passkey_limit', `An account keeps at most ${MAX_PASSKEYS} passkeys: remove one first`);
const alreadyAdded = () => new AppError(409, 'passkey_exists', 'This passkey is already on an account');
const noPasskey = () => new AppError(409, 'no_passkey', 'This account has no passkey');

/** The passkeys of a person, as their security page lists them. */
export async function passkeysOf(database: Database, userId: number): Promise<PasskeyView[]> {
  const rows = await database
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt, passkeys.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
  }));
}

/** The owner's password, with the budget of wrong codes typed in a session. */
async function checkOwnPassword(deps: SecondFactorDeps, userId: number, password: string) {
  await deps.rateLimits.consume(...budget(userId));
  const [owner] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!(await checkPassword(owner, password))) throw wrongCurrentPassword();
  await deps.rateLimits.reset(...budget(userId));
}

async function ensureRoom(database: Database, userId: number) {
  const [held] = await database.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  if ((held?.n ?? 0) >= MAX_PASSKEYS) throw tooMany();
}

/** Adding, listing and removing one's passkeys. */
export function passkeyOperations(deps: SecondFactorDeps) {
  const { db, relyingParty: party } = deps;

  return {
    /**
     * What the browser needs to make a passkey for this site: a challenge, and the passkeys it already holds. A
     * first factor asks the password: a passkey signs in without one, so a stolen session must not plant its own.
     */
    async passkeyRegistrationOptions(caller: Caller, input: { current_password?: string } = {}) {
      const user = await mayAddFactor(db, caller);
      if (!(await hasSecondFactor(db, user.id)))
        await checkOwnPassword(deps, user.id, input.current_password ?? '');
      await ensureRoom(db, user.id);
      const { generateRegistrationOptions } = await webauthn();
      return generateRegistrationOptions({
        rpName: party.name,
        rpID: party.id,
        userName: user.email,
        userDisplayName: `${user.prenom} ${user.nom}`.trim() || user.email,
        challenge: challengeBytes(await newChallenge(db, 'registration', user.id)),
        timeout: PASSKEY_TIMEOUT_MS,
        attestationType: 'none',
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
        excludeCredentials: await credentialsOf(db, user.id),
        // Discoverable, so that it can sign in without the password; verified, so that it is two factors alone.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
    },

    /**
     * Keeps the passkey the browser made, once its answer is checked. The session counts as having passed it; a
     * first factor answers the ten recovery codes (shown once), a further one null.
     */
    async addPasskey(
      caller: Caller,
      input: AddPasskeyInput,
      sessionToken: string | null,
    ): Promise<{ passkey: PasskeyView; recoveryCodes: string[] | null }> {
      const user = await mayAddFactor(db, caller);
      const info = await verifiedRegistration(db, party, user.id, input.response as RegistrationResponseJSON);
      const result = await db
        .transaction(async (tx) => {
          await ensureRoom(tx, user.id);
          const first = !(await hasSecondFactor(tx, user.id));
          const [row] = await tx
            .insert(passkeys)
            .values({
              userId: user.id,
              credentialId: info.credential.id,
              publicKey: info.credential.publicKey,
              counter: info.credential.counter,
              transports: info.credential.transports ?? [],
              name: input.name ?? '',
              backedUp: info.credentialBackedUp,
            })
            .returning({ id: passkeys.id });
          // An app set-up left pending is dropped: the account's factors are those it confirmed.
          await tx.delete(secondFactors).where(and(totpOfUser(user.id), isNull(secondFactors.confirmedAt)));
          if (sessionToken) await deps.sessions.markSecondFactorPassed(sessionToken, tx);
          await tellOwner(deps, tx, user.id, 'passkey_added');
          return { id: row!.id, recoveryCodes: first ? await replaceRecoveryCodes(tx, user.id) : null };
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? alreadyAdded() : error;
        });
      deps.mail.kick();
      const passkey = (await passkeysOf(db, user.id)).find((view) => view.id === result.id)!;
      return { passkey, recoveryCodes: result.recoveryCodes };
    },

    listPasskeys: (caller: Caller) => passkeysOf(db, signedIn(caller).id),

    /** Removes one of the owner's passkeys after a recent second factor; another person's is not found. */
    async removePasskey(caller: Caller, passkeyId: number): Promise<void> {
      const user = recentlyPassed(caller);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
          .returning({ id: passkeys.id });
        if (!removed.length) throw notFound('No such passkey');
        await forgetCodesOfLastFactor(tx, user.id);
        await tellOwner(deps, tx, user.id, 'passkey_removed');
      });
      deps.mail.kick();
    },
  };
}

/** Passing a passkey again in a session, before a grave act or in an old session. */
export function passkeyStepUpOperations(deps: SecondFactorDeps) {
  const { db, relyingParty: party } = deps;
  return {
    /** A step-up with a passkey: a challenge that only the owner's passkeys may answer. */
    async passkeyStepUpOptions(caller: Caller) {
      const user = signedIn(caller);
      const allowCredentials = await credentialsOf(db, user.id);
      if (!allowCredentials.length) throw noPasskey();
      const { generateAuthenticationOptions } = await webauthn();
      return generateAuthenticationOptions({
        rpID: party.id,
        allowCredentials,
        userVerification: 'required',
        timeout: PASSKEY_TIMEOUT_MS,
        challenge: challengeBytes(await newChallenge(db, 'step_up', user.id)),
      });
    },

    /** Passes the second factor again in this session with one of the owner's passkeys. */
    async verifyWithPasskey(
      caller: Caller,
      response: AuthenticationResponseJSON,
      sessionToken: string | null,
    ): Promise<void> {
      const user = signedIn(caller);
      if (!sessionToken) throw unauthorized();
      await deps.rateLimits.consume(...budget(user.id));
      const passkey = await passkeyByCredential(db, response.id);
      if (!passkey || passkey.userId !== user.id) throw passkeyRefused();
      await verifiedAssertion(db, party, 'step_up', passkey, response);
      await deps.sessions.markSecondFactorPassed(sessionToken);
      await deps.rateLimits.reset(...budget(user.id));
    },
  };
}
