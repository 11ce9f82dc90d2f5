/** What the second factor's operations share: their dependencies, the owner's mail, the app's set-up shown, refusals. */
import { and, eq } from 'drizzle-orm';
import type { TotpSetup } from '../../../contracts/account.ts';
import type { Database } from '../../db/client.ts';
import { recoveryCodes, secondFactors, users } from '../../db/schema/index.ts';
import { AppError, reauthenticationRequired } from '../../errors.ts';
import { type Caller, signedIn } from '../guards.ts';
import { type SecondFactorEvent, secondFactorEmail } from '../../mail/security-templates.ts';
import type { MailService } from '../documents/mail.ts';
import { type RateLimits, SIGN_IN_LIMITS } from '../platform/rate-limits.ts';
import { hasSecondFactor } from './has-second-factor.ts';
import type { TokenCipher } from '../rides/token-cipher.ts';
import { openSecret, totpOf } from './second-factor-codes.ts';
import type { RelyingParty } from './passkey-ceremonies.ts';
import type { createSessionsService } from './sessions.ts';

export interface SecondFactorDeps {
  db: Database;
  cipher: TokenCipher;
  sessions: ReturnType<typeof createSessionsService>;
  mail: MailService;
  rateLimits: RateLimits;
  publicUrl: string;
  relyingParty: RelyingParty;
}

/** The owner, in a session that passed their second factor within STEP_UP_MINUTES. */
export function recentlyPassed(caller: Caller) {
  const user = signedIn(caller);
  if (!user.secondFactorRecent) throw reauthenticationRequired();
  return user;
}

/**
 * The owner, who may add a second factor: the first freely (the back office waits for it), another only after
 * passing one they have within STEP_UP_MINUTES, so that a stolen session cannot add its own (ASVS 7.5.1).
 */
export async function mayAddFactor(database: Database, caller: Caller) {
  const user = signedIn(caller);
  if ((await hasSecondFactor(database, user.id)) && !user.secondFactorRecent)
    throw reauthenticationRequired();
  return user;
}

/** Wrong codes typed in a session cost the person's budget, so that codes cannot be guessed from a stolen session. */
export const budget = (userId: number) => [SIGN_IN_LIMITS.secondFactorPerAccount, String(userId)] as const;

export const wrongCode = () =>
  new AppError(400, 'invalid_code', 'This code is not valid', {
    fields: { code: 'validation:second_factor_code_wrong' },
  });

export const totpOfUser = (userId: number) =>
  and(eq(secondFactors.userId, userId), eq(secondFactors.kind, 'totp'));

/** The secret as the set-up shows it: as text and as the otpauth:// address a QR code holds. */
export async function setupOf(
  deps: Pick<SecondFactorDeps, 'cipher'>,
  userId: number,
  email: string,
  sealed: Uint8Array,
): Promise<TotpSetup> {
  const secret = await openSecret(deps.cipher, userId, sealed);
  return { secret: secret.base32, otpauth_uri: totpOf(secret, email).toString() };
}

/** Queued in `database`'s transaction: the owner hears of a change to their second factor. */
export async function tellOwner(
  deps: SecondFactorDeps,
  database: Database,
  userId: number,
  event: SecondFactorEvent,
) {
  const [owner] = await database
    .select({ email: users.email, prenom: users.prenom, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (owner)
    await deps.mail.queue(
      {
        to: owner.email,
        ...secondFactorEmail(owner.locale, deps.publicUrl, { prenom: owner.prenom, event }),
      },
      database,
    );
}

/** Recovery codes stand in for a factor: once the last one is removed, they go too. */
export async function forgetCodesOfLastFactor(database: Database, userId: number) {
  if (!(await hasSecondFactor(database, userId)))
    await database.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
