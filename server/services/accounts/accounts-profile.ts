/**
 * The signed-in person's own account: their profile, a new address (which waits for its emailed link), the link
 * sent again, and their password. Each checks the caller (guards.ts).
 */
import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../../contracts/account.ts';
import type { Locale } from '../../../domain/locales.ts';
import type { ChangePasswordInput, UserFields } from '../../../domain/schemas/user.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { emailChangeNoticeEmail } from '../../mail/templates.ts';
import {
  type AccountsDeps,
  type User,
  emailTaken,
  findUserByEmail,
  getUser,
  publicUser,
  userColumns,
  wrongCurrentPassword,
} from './accounts-users.ts';
import { recordAudit } from '../platform/audit.ts';
import { revokeResetLinks } from './email-verification.ts';
import { type Caller, signedIn } from '../guards.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { SIGN_IN_LIMITS } from '../platform/rate-limits.ts';

/** Where a request comes from: its address (for the limits) and the reader's language (for the mail). */
interface RequestOrigin {
  ip: string;
  locale: Locale;
}

export function profileOperations(deps: AccountsDeps) {
  const { db, sessions, mail, rateLimits, emailVerification } = deps;
  return {
    async profile(userId: number): Promise<PublicUser> {
      return publicUser(await getUser(db, userId));
    },

    /**
     * Saves the profile. A new email address needs the current password; it is only recorded as pending, a
     * link goes to it and the current address is told: the address changes when the link is followed.
     */
    async updateProfile(caller: Caller, fields: UserFields, origin: RequestOrigin): Promise<PublicUser> {
      const { current_password: currentPassword, ...values } = fields;
      const current = await getUser(db, signedIn(caller).id);
      const newEmail = values.email.trim().toLowerCase();
      const changesEmail = newEmail !== current.email && newEmail !== current.pendingEmail;
      if (changesEmail) await checkNewEmail(deps, current, newEmail, currentPassword, origin.ip);
      try {
        const saved = await db.transaction((tx) =>
          saveProfile(deps, tx, current.id, values, changesEmail ? newEmail : null, origin.locale),
        );
        if (changesEmail) mail.kick();
        return saved;
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /**
     * Mails the waiting link again: to the pending address when a change waits, else to the unverified
     * address. Nothing to send answers the same. Limited per account, per IP and per receiving address.
     * `returnTo` (a path of this site) rides in the link, as at sign-up.
     */
    async resendVerification(
      caller: Caller,
      origin: RequestOrigin,
      returnTo: string | null = null,
    ): Promise<void> {
      const userId = signedIn(caller).id;
      await rateLimits.consume(SIGN_IN_LIMITS.verificationPerIp, origin.ip);
      await rateLimits.consume(SIGN_IN_LIMITS.verificationPerAccount, String(userId));
      const user = await getUser(db, userId);
      const target = user.pendingEmail ?? (user.emailVerifiedAt ? null : user.email);
      if (!target) return;
      await rateLimits.consume(SIGN_IN_LIMITS.verificationPerEmail, target);
      await db.transaction((tx) =>
        emailVerification.issue(tx, user, target, user.pendingEmail ? 'change' : 'signup', origin.locale, {
          returnTo,
        }),
      );
      mail.kick();
    },

    /** Changes the password and ends every other session of the user. */
    async changePassword(
      caller: Caller,
      input: ChangePasswordInput,
      currentToken: string | null,
    ): Promise<void> {
      const user = await getUser(db, signedIn(caller).id);
      if (!(await verifyPassword(user.passwordHash, input.current_password))) throw wrongCurrentPassword();
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await sessions.revokeAllExcept(user.id, currentToken, tx);
        await revokeResetLinks(tx, user.id);
      });
    },
  };
}

/** A new address needs the current password, must be free, and spends the limits of verification links. */
async function checkNewEmail(
  { db, rateLimits }: AccountsDeps,
  current: User,
  newEmail: string,
  currentPassword: string | undefined,
  ip: string,
): Promise<void> {
  if (!currentPassword || !(await verifyPassword(current.passwordHash, currentPassword)))
    throw wrongCurrentPassword();
  if (await findUserByEmail(db, newEmail)) throw emailTaken();
  await rateLimits.consume(SIGN_IN_LIMITS.verificationPerIp, ip);
  await rateLimits.consume(SIGN_IN_LIMITS.verificationPerEmail, newEmail);
}

/** The profile's new values, in the caller's transaction; a new address is kept pending and its link mailed. */
async function saveProfile(
  { config, mail, emailVerification }: AccountsDeps,
  tx: Database,
  userId: number,
  values: Omit<UserFields, 'current_password'>,
  newEmail: string | null,
  locale: Locale,
): Promise<PublicUser> {
  const [before] = await tx.select().from(users).where(eq(users.id, userId));
  if (!before) throw notFound('No such user');
  const [after] = await tx
    .update(users)
    .set({
      ...userColumns(values),
      email: before.email,
      ...(newEmail ? { pendingEmail: newEmail } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (newEmail) {
    await emailVerification.issue(tx, after!, newEmail, 'change', locale);
    await mail.queue(
      {
        to: before.email,
        ...emailChangeNoticeEmail(locale, config.publicUrl, { prenom: after!.prenom, newEmail }),
      },
      tx,
    );
  }
  await recordAudit(tx, {
    actorId: userId,
    action: 'user.update',
    entity: 'user',
    entityId: userId,
    before: publicUser(before),
    after: publicUser(after!),
  });
  return publicUser(after!);
}
