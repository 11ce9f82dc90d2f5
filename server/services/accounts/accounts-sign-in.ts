/** Signing up and signing in (decision 0011 for the budgets of failed attempts). */
import { eq } from 'drizzle-orm';
import type { Locale } from '../../../domain/locales.ts';
import type { SignupInput } from '../../../domain/schemas/user.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import {
  type AccountsDeps,
  checkPassword,
  emailTaken,
  findUserByEmail,
  publicUser,
  userColumns,
} from './accounts-users.ts';
import { hashPassword } from './passwords.ts';
import { SIGN_IN_LIMITS } from '../platform/rate-limits.ts';

export function signInOperations({
  db,
  sessions,
  mail,
  rateLimits,
  emailVerification,
  trustedDevices,
}: AccountsDeps) {
  return {
    /**
     * Creates the account and mails the link that verifies its address (carrying `returnTo`, where the person was).
     * With `openSession`, the new account is also signed in: its owner has just chosen its password, and an
     * unverified account may already order (decision 0010), so the session gives nothing a sign-in would not.
     */
    async signup(
      input: SignupInput,
      locale: Locale,
      options: { openSession?: boolean; returnTo?: string | null } = {},
    ): Promise<{ id: number; session?: { token: string; expiresAt: Date } }> {
      const passwordHash = await hashPassword(input.password);
      try {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ ...userColumns(input), passwordHash, locale })
            .returning({ id: users.id, prenom: users.prenom, email: users.email });
          await emailVerification.issue(tx, row!, row!.email, 'signup', locale, {
            returnTo: options.returnTo ?? null,
          });
          return { id: row!.id };
        });
        mail.kick();
        if (!options.openSession) return created;
        return { ...created, session: await sessions.create(created.id) };
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /**
     * Signs in. A browser holding this account's device cookie spends its own budget of failures; any other
     * spends the account's budget for unknown browsers, which attackers exhaust without locking the owner out
     * (decision 0011). Returns the device token for the browser's cookie.
     */
    async login(
      input: { email: string; password: string },
      ip: string,
      options: { locale?: Locale; deviceToken?: string } = {},
    ) {
      const email = input.email.trim().toLowerCase();
      await rateLimits.consume(SIGN_IN_LIMITS.perIp, ip);
      const user = await findUserByEmail(db, email);
      const device = user ? await trustedDevices.recognise(user.id, options.deviceToken) : null;
      const [rule, key] = device ? [SIGN_IN_LIMITS.perDevice, device] : [SIGN_IN_LIMITS.perEmail, email];
      await rateLimits.consume(rule, key);
      if (!(await checkPassword(user, input.password)) || !user)
        throw new AppError(401, 'invalid_credentials', 'Incorrect email address or password');
      await rateLimits.reset(rule, key);
      await db
        .update(users)
        .set({ lastSignInAt: new Date(), ...(options.locale ? { locale: options.locale } : {}) })
        .where(eq(users.id, user.id));
      const session = await sessions.create(user.id);
      const deviceToken = await trustedDevices.remember(user.id, options.deviceToken);
      return { ...session, deviceToken, user: publicUser(user) };
    },
  };
}
