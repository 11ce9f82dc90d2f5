/** A forgotten password: a reset link mailed to the account's address, and the new password set from it. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Locale } from '../../../domain/locales.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { passwordResetEmail } from '../../mail/templates.ts';
import { type AccountsDeps, findUserByEmail } from './accounts-users.ts';
import { revokeResetLinks } from './email-verification.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { SIGN_IN_LIMITS } from '../platform/rate-limits.ts';
import { hashToken, newToken } from './tokens.ts';

export const RESET_TOKEN_HOURS = 24;

export function passwordResetOperations({ db, config, sessions, mail, rateLimits }: AccountsDeps) {
  return {
    /** Sends a reset link when the account exists; the caller answers the same either way. */
    async forgotPassword(
      input: { email: string; lang: Locale },
      ip: string,
      now = new Date(),
    ): Promise<void> {
      await rateLimits.consume(SIGN_IN_LIMITS.forgotPerIp, ip);
      await rateLimits.consume(SIGN_IN_LIMITS.forgotPerEmail, input.email.trim().toLowerCase());
      const user = await findUserByEmail(db, input.email);
      if (!user) {
        // Unknown addresses spend about what issuing a link costs, so that the answer's timing tells nothing.
        await verifyPassword(await dummyPasswordHash(), input.email);
        return;
      }
      const token = newToken();
      const url = new URL(`${config.publicUrl}/${input.lang}/account/reset-password`);
      url.searchParams.set('email', user.email);
      url.searchParams.set('token', token);
      await db.transaction(async (tx) => {
        // At most one valid link per account: the newest.
        await revokeResetLinks(tx, user.id, now);
        await tx.insert(passwordResetTokens).values({
          tokenHash: hashToken(token),
          userId: user.id,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_HOURS * 3600_000),
        });
        await mail.queue(
          {
            to: user.email,
            ...passwordResetEmail(input.lang, config.publicUrl, { prenom: user.prenom, url: url.toString() }),
          },
          tx,
        );
      });
      mail.kick();
    },

    /** Sets a new password from a valid link (24 hours, once) and ends all the user's sessions. */
    async resetPassword(email: string, token: string, password: string, now = new Date()): Promise<void> {
      const invalid = () =>
        new AppError(400, 'invalid_or_expired_token', 'This link is invalid or has expired');
      // Hashed first, for known and unknown addresses alike: the answer takes as long either way.
      const passwordHash = await hashPassword(password);
      const user = await findUserByEmail(db, email);
      if (!user) throw invalid();
      await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashToken(token)),
              eq(passwordResetTokens.userId, user.id),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!used) throw invalid();
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
        await sessions.revokeAll(user.id, tx);
        await revokeResetLinks(tx, user.id, now);
      });
    },
  };
}
