/** What the second factor's operations share: their dependencies, the owner's mail, the app's set-up shown, refusals. */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { TotpSetup } from '../../../contracts/account.ts';
import type { Database } from '../../db/client.ts';
import { secondFactors, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type SecondFactorEvent, secondFactorEmail } from '../../mail/security-templates.ts';
import type { MailService } from '../documents/mail.ts';
import type { RateLimits } from '../platform/rate-limits.ts';
import type { TokenCipher } from '../rides/token-cipher.ts';
import { openSecret, totpOf } from './second-factor-codes.ts';
import type { createSessionsService } from './sessions.ts';

export interface SecondFactorDeps {
  db: Database;
  cipher: TokenCipher;
  sessions: ReturnType<typeof createSessionsService>;
  mail: MailService;
  rateLimits: RateLimits;
  publicUrl: string;
}

export const wrongCode = () =>
  new AppError(400, 'invalid_code', 'This code is not valid', {
    fields: { code: 'validation:second_factor_code_wrong' },
  });

/** Whether the account has a confirmed second factor: its sign-in then asks for a code. */
export async function hasSecondFactor(database: Database, userId: number): Promise<boolean> {
  const [row] = await database
    .select({ id: secondFactors.id })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)));
  return !!row;
}

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
