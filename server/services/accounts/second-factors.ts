/**
 * A person's second factor (issue 42; decisions 0048 and 0050), assembled: its state and the sign-in's question
 * (here), setting up an app and passing it again (second-factor-setup.ts), passkeys (passkeys.ts), and an
 * administrator resetting a lost one (second-factor-reset.ts). Each change mails its owner. Signing in with it is in accounts-sign-in-code.ts.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SecondFactorStatus } from '../../../contracts/account.ts';
import { recoveryCodes, secondFactors } from '../../db/schema/index.ts';
import { type Caller, signedIn } from '../guards.ts';
import { passkeyOperations, passkeyStepUpOperations, passkeysOf } from './passkeys.ts';
import { type SecondFactorDeps, setupOf, tellOwner, totpOfUser } from './second-factor-deps.ts';
import { resetOperations } from './second-factor-reset.ts';
import { setupOperations } from './second-factor-setup.ts';

export type { SecondFactorDeps } from './second-factor-deps.ts';

export function createSecondFactorsService(deps: SecondFactorDeps) {
  const { db } = deps;
  return {
    /** A recovery code opened a sign-in: its owner hears of it, in case it was not them. */
    async recoveryCodeUsed(userId: number): Promise<void> {
      await tellOwner(deps, db, userId, 'recovery_code_used');
      deps.mail.kick();
    },

    /** The owner's factors, and the set-up under way (its secret, until a first code confirms it). */
    async status(caller: Caller): Promise<SecondFactorStatus> {
      const user = signedIn(caller);
      const [totp] = await db.select().from(secondFactors).where(totpOfUser(user.id));
      const [codes] = await db
        .select({ left: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
      const confirmed = totp?.confirmedAt ? totp : null;
      const passkeys = await passkeysOf(db, user.id);
      return {
        totp: confirmed
          ? {
              confirmed_at: confirmed.confirmedAt!.toISOString(),
              last_used_at: confirmed.lastUsedAt?.toISOString() ?? null,
            }
          : null,
        passkeys,
        // The secret of a set-up under way is shown only to a session that may finish it (mayAddFactor).
        pending:
          totp && !totp.confirmedAt && (!(confirmed || passkeys.length) || user.secondFactorRecent)
            ? await setupOf(deps, user.id, user.email, totp.secret)
            : null,
        recovery_codes_left: confirmed || passkeys.length ? (codes?.left ?? 0) : 0,
        required: user.roles.length > 0,
      };
    },

    ...setupOperations(deps),
    ...passkeyOperations(deps),
    ...passkeyStepUpOperations(deps),
    ...resetOperations(deps),
  };
}

export type SecondFactorsService = ReturnType<typeof createSecondFactorsService>;
