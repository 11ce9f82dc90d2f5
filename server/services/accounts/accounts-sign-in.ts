/**
 * Signing up and signing in with the password (decision 0011 for the budgets of failed attempts); an account with a
 * second factor gets a ticket instead, exchanged with a code in accounts-sign-in-code.ts.
 */
import type { Locale } from '../../../domain/locales.ts';
import type { SignupInput } from '../../../domain/schemas/user.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { TICKET_MINUTES } from '../../../domain/second-factor.ts';
import { methodsOf } from './has-second-factor.ts';
import { signInTickets, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import {
  type AccountsDeps,
  checkPassword,
  emailTaken,
  findUserByEmail,
  userColumns,
} from './accounts-users.ts';
import { hashPassword } from './passwords.ts';
import { type SignInResult, failureBudget, openSession } from './sign-in-sessions.ts';
import { hashToken, newToken } from './tokens.ts';
import { SIGN_IN_LIMITS } from '../platform/rate-limits.ts';

export function signInOperations(deps: AccountsDeps) {
  const { db, sessions, mail, rateLimits, emailVerification } = deps;
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
     * (decision 0011). An account with a second factor gets a ticket instead of a session, to exchange with a code
     * (`completeSignIn`); one that holds a role without a factor gets a session that must set one up.
     */
    async login(
      input: { email: string; password: string },
      ip: string,
      options: { locale?: Locale; deviceToken?: string } = {},
    ): Promise<SignInResult> {
      const email = input.email.trim().toLowerCase();
      await rateLimits.consume(SIGN_IN_LIMITS.perIp, ip);
      const user = await findUserByEmail(db, email);
      const [rule, key] = await failureBudget(deps, user, email, options.deviceToken);
      await rateLimits.consume(rule, key);
      if (!(await checkPassword(user, input.password)) || !user)
        throw new AppError(401, 'invalid_credentials', 'Incorrect email address or password');
      await rateLimits.reset(rule, key);
      const methods = await methodsOf(db, user.id);
      if (methods.some((method) => method !== 'recovery_code')) {
        const ticket = newToken();
        await db.insert(signInTickets).values({
          tokenHash: hashToken(ticket),
          userId: user.id,
          expiresAt: new Date(Date.now() + TICKET_MINUTES * 60_000),
        });
        return { secondFactor: 'required', ticket, methods };
      }
      const session = await openSession(deps, user, options, false);
      return { ...session, secondFactor: user.roles.length > 0 ? 'setup_required' : null };
    },
  };
}
