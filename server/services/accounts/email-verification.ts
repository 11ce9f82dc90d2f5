/**
 * Email verification: a link mailed to an address proves that the account's owner reads it. Until the sign-up
 * address is verified, nothing tied to that address by others (a laureate's homologations, their public
 * display) is the account's; a new address replaces the old one only when its own link is followed.
 *
 * Links are single use, valid 48 hours, stored as SHA-256 (tokens.ts); asking again revokes the previous link.
 */
import { safeRedirectPath } from '../../../domain/redirects.ts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../domain/locales.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { emailVerificationTokens, laureates, passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { emailChangeVerificationEmail, emailVerificationEmail } from '../../mail/templates.ts';
import { recordAudit } from '../platform/audit.ts';
import type { MailService } from '../documents/mail.ts';
import type { createSessionsService } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export const VERIFICATION_TOKEN_HOURS = 48;

const invalidToken = () =>
  new AppError(400, 'invalid_or_expired_token', 'This link is invalid or has expired');

/** Every outstanding reset link of the user stops working (a reset, a password or email change, a new link). */
export async function revokeResetLinks(tx: Database, userId: number, now = new Date()): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Links the club's laureate records carrying this address to the account, now that the owner proved it. Only
 * unlinked ones: a record already tied to another account stays with it.
 */
async function linkLaureates(tx: Database, userId: number, email: string): Promise<void> {
  await tx
    .update(laureates)
    .set({ userId })
    .where(and(isNull(laureates.userId), sql`lower(${laureates.email}) = ${email.toLowerCase()}`));
}

/**
 * What following a link does, in its transaction: the sign-up address becomes verified, or a pending address
 * replaces the old one (ending the other sessions and the reset links); then the address's laureates are the
 * account's.
 */
async function applyLink(
  tx: Database,
  sessions: ReturnType<typeof createSessionsService>,
  link: { userId: number; email: string },
  keepSession: string | null,
  now: Date,
): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, link.userId)).for('update');
  if (!user) throw invalidToken();

  if (link.email === user.email) {
    await tx
      .update(users)
      .set({ emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, user.id));
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.verify_email',
      entity: 'user',
      entityId: user.id,
      after: { email: user.email },
    });
  } else if (link.email === user.pendingEmail) {
    await tx
      .update(users)
      .set({ email: link.email, pendingEmail: null, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    await sessions.revokeAllExcept(user.id, keepSession, tx);
    await revokeResetLinks(tx, user.id, now);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.change_email',
      entity: 'user',
      entityId: user.id,
      before: { email: user.email },
      after: { email: link.email },
    });
  } else {
    // The link of an address the account no longer uses or asks for.
    throw invalidToken();
  }
  await linkLaureates(tx, user.id, link.email);
}

export function createEmailVerificationService(deps: {
  db: Database;
  config: Config;
  mail: MailService;
  sessions: ReturnType<typeof createSessionsService>;
}) {
  const { db, config, mail, sessions } = deps;

  return {
    /**
     * Revokes the user's outstanding links and queues a new one to `email` in the reader's language, inside
     * the caller's transaction (the caller kicks the mail worker after committing). `returnTo`, a path of this
     * site, rides in the link so that the page offers to go back there.
     */
    async issue(
      tx: Database,
      user: { id: number; prenom: string },
      email: string,
      kind: 'signup' | 'change',
      locale: Locale,
      options: { returnTo?: string | null; now?: Date } = {},
    ): Promise<void> {
      const now = options.now ?? new Date();
      await tx
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt)));
      const token = newToken();
      await tx.insert(emailVerificationTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        email,
        expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_HOURS * 3600_000),
      });
      const url = new URL(`${config.publicUrl}/${locale}/account/verify-email`);
      url.searchParams.set('token', token);
      // Where the reader was when signing up (their order), offered once the address is confirmed.
      const returnTo = safeRedirectPath(options.returnTo);
      if (returnTo) url.searchParams.set('redirectTo', returnTo);
      const template = kind === 'signup' ? emailVerificationEmail : emailChangeVerificationEmail;
      const data = { prenom: user.prenom, url: url.toString(), hours: VERIFICATION_TOKEN_HOURS };
      await mail.queue({ to: email, ...template(locale, config.publicUrl, data) }, tx);
    },

    /**
     * Follows a link. The sign-up address becomes verified; a pending address replaces the old one, which ends
     * every other session and every reset link. Either way the laureates under the address become the account's.
     * `keepSession` is the session of the browser following the link, if it is signed in.
     */
    async verify(token: string, keepSession: string | null, now = new Date()): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const [link] = await tx
            .update(emailVerificationTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(emailVerificationTokens.tokenHash, hashToken(token)),
                isNull(emailVerificationTokens.usedAt),
                gt(emailVerificationTokens.expiresAt, now),
              ),
            )
            .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
          if (!link) throw invalidToken();
          await applyLink(tx, sessions, link, keepSession, now);
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError(409, 'email_taken', 'This email address is already used');
        throw error;
      }
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
