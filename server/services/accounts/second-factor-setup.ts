/**
 * Setting up an authenticator app and living with it: a new secret, its first code (which turns it on and makes the
 * ten recovery codes), passing it again in a session (a step-up), new recovery codes, removing it.
 */
import { eq } from 'drizzle-orm';
import type { TotpSetup } from '../../../contracts/account.ts';
import type { Database } from '../../db/client.ts';
import { secondFactors } from '../../db/schema/index.ts';
import { AppError, unauthorized } from '../../errors.ts';
import { type Caller, signedIn } from '../guards.ts';
import {
  consumeCode,
  matchingStep,
  newTotpSecret,
  openSecret,
  replaceRecoveryCodes,
  totpContext,
  totpOf,
} from './second-factor-codes.ts';
import { hasSecondFactor } from './has-second-factor.ts';
import {
  type SecondFactorDeps,
  budget,
  forgetCodesOfLastFactor,
  mayAddFactor,
  recentlyPassed,
  tellOwner,
  totpOfUser,
  wrongCode,
} from './second-factor-deps.ts';

const alreadySetUp = () =>
  new AppError(409, 'second_factor_exists', 'This account already has an authenticator app');
const nothingToConfirm = () =>
  new AppError(409, 'second_factor_not_started', 'Start setting up the authenticator app first');
const noSecondFactor = () => new AppError(409, 'no_second_factor', 'This account has no second factor');

export function setupOperations(deps: SecondFactorDeps) {
  const { db, cipher } = deps;
  return {
    /** Starts (or starts again) setting up an authenticator app: a new secret, for the app to scan. */
    async startTotp(caller: Caller): Promise<TotpSetup> {
      const user = await mayAddFactor(db, caller);
      const secret = newTotpSecret();
      const sealed = await cipher.seal(secret.base32, totpContext(user.id));
      await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(secondFactors).where(totpOfUser(user.id)).for('update');
        if (existing?.confirmedAt) throw alreadySetUp();
        if (existing) await tx.delete(secondFactors).where(eq(secondFactors.id, existing.id));
        await tx.insert(secondFactors).values({ userId: user.id, kind: 'totp', secret: sealed });
      });
      return { secret: secret.base32, otpauth_uri: totpOf(secret, user.email).toString() };
    },

    /**
     * A first code proves the app holds the secret: the factor is on, ten recovery codes are made (returned once),
     * and the session making the request counts as having passed it. An account that already has a factor (a
     * passkey) confirms only after passing it recently, as it started: a session that did not could otherwise read
     * a set-up left pending and pass the second factor with it.
     */
    async confirmTotp(caller: Caller, code: string, sessionToken: string | null): Promise<string[]> {
      const user = await mayAddFactor(db, caller);
      await deps.rateLimits.consume(...budget(user.id));
      const codes = await db.transaction(async (tx) => {
        const [pending] = await tx.select().from(secondFactors).where(totpOfUser(user.id)).for('update');
        if (!pending || pending.confirmedAt) throw nothingToConfirm();
        const now = Date.now();
        const secret = await openSecret(cipher, user.id, pending.secret);
        const step = matchingStep(secret, code.replace(/\s/g, ''), now);
        if (step === null) throw wrongCode();
        await tx
          .update(secondFactors)
          .set({ confirmedAt: new Date(now), lastUsedStep: step, lastUsedAt: new Date(now) })
          .where(eq(secondFactors.id, pending.id));
        if (sessionToken) await deps.sessions.markSecondFactorPassed(sessionToken, tx);
        await tellOwner(deps, tx, user.id, 'added');
        return replaceRecoveryCodes(tx, user.id);
      });
      await deps.rateLimits.reset(...budget(user.id));
      deps.mail.kick();
      return codes;
    },

    /** Passes the second factor again in this session: an old session, or a step-up before a grave act. */
    async verify(caller: Caller, code: string, sessionToken: string | null): Promise<void> {
      const user = signedIn(caller);
      if (!sessionToken) throw unauthorized();
      await deps.rateLimits.consume(...budget(user.id));
      const match = await db.transaction(async (tx: Database) => {
        const found = await consumeCode(tx, cipher, user.id, code);
        if (!found) throw wrongCode();
        await deps.sessions.markSecondFactorPassed(sessionToken, tx);
        if (found === 'recovery_code') await tellOwner(deps, tx, user.id, 'recovery_code_used');
        return found;
      });
      await deps.rateLimits.reset(...budget(user.id));
      if (match === 'recovery_code') deps.mail.kick();
    },

    /** Ten new recovery codes, the old ones void: after a recent second factor. */
    async regenerateRecoveryCodes(caller: Caller): Promise<string[]> {
      const user = recentlyPassed(caller);
      if (!(await hasSecondFactor(db, user.id))) throw noSecondFactor();
      return replaceRecoveryCodes(db, user.id);
    },

    /** Removes the app (and the recovery codes, if no passkey is left), after a recent second factor. */
    async removeTotp(caller: Caller): Promise<void> {
      const user = recentlyPassed(caller);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(secondFactors)
          .where(totpOfUser(user.id))
          .returning({ id: secondFactors.id });
        if (!removed.length) throw noSecondFactor();
        await forgetCodesOfLastFactor(tx, user.id);
        await tellOwner(deps, tx, user.id, 'removed');
      });
      deps.mail.kick();
    },
  };
}
