/**
 * The sign-in's second step (issue 42; decision 0048): the ticket the password gave and a code of the account's
 * authenticator app, or one of its recovery codes. A wrong code costs the ticket one of its tries and the account one
 * failure of its sign-in budget, as a wrong password does.
 */
import { and, eq, gt } from 'drizzle-orm';
import { type SecondFactorSignInInput, TICKET_MAX_FAILURES } from '../../../domain/second-factor.ts';
import type { Database } from '../../db/client.ts';
import { signInTickets, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Locale } from '../../../domain/locales.ts';
import { SIGN_IN_LIMITS } from '../platform/rate-limits.ts';
import type { AccountsDeps } from './accounts-users.ts';
import { consumeCode } from './second-factor-codes.ts';
import { wrongCode } from './second-factor-deps.ts';
import { type SignedIn, failureBudget, openSession } from './sign-in-sessions.ts';
import { hashToken } from './tokens.ts';

export const ticketExpired = () =>
  new AppError(
    401,
    'ticket_expired',
    'This sign-in has expired: enter your email address and password again',
  );

/** The sign-in waiting for its second factor that `token` names, if it has not expired. */
export async function openTicket(database: Database, token: string, now = new Date()) {
  const [ticket] = await database
    .select()
    .from(signInTickets)
    .where(and(eq(signInTickets.tokenHash, hashToken(token)), gt(signInTickets.expiresAt, now)));
  return ticket;
}

/** Single use: a ticket that already opened a session opens no other. */
export async function spendTicket(database: Database, ticket: { tokenHash: string }) {
  const spent = await database
    .delete(signInTickets)
    .where(eq(signInTickets.tokenHash, ticket.tokenHash))
    .returning({ tokenHash: signInTickets.tokenHash });
  if (!spent.length) throw ticketExpired();
}

export function signInWithCodeOperations(deps: AccountsDeps) {
  const { db, rateLimits, cipher, secondFactors } = deps;

  /** One more wrong code on the ticket; the last one burns it. */
  async function countFailure(ticket: { tokenHash: string; failures: number }) {
    const [counted] = await db
      .update(signInTickets)
      .set({ failures: ticket.failures + 1 })
      .where(eq(signInTickets.tokenHash, ticket.tokenHash))
      .returning({ failures: signInTickets.failures });
    if ((counted?.failures ?? TICKET_MAX_FAILURES) >= TICKET_MAX_FAILURES)
      await db.delete(signInTickets).where(eq(signInTickets.tokenHash, ticket.tokenHash));
  }

  return {
    /**
     * The sign-in's second step: the ticket and a code (the app's or a recovery code). A wrong code costs the
     * ticket one of its tries and the account one failure of its budget, as a wrong password does.
     */
    async completeSignIn(
      input: SecondFactorSignInInput,
      ip: string,
      options: { locale?: Locale; deviceToken?: string } = {},
    ): Promise<SignedIn> {
      await rateLimits.consume(SIGN_IN_LIMITS.perIp, ip);
      const now = new Date();
      const ticket = await openTicket(db, input.ticket, now);
      const user = ticket && (await db.select().from(users).where(eq(users.id, ticket.userId)))[0];
      if (!ticket || !user) throw ticketExpired();
      const [rule, key] = await failureBudget(deps, user, user.email, options.deviceToken);
      await rateLimits.consume(rule, key);
      const match = await consumeCode(db, cipher, user.id, input.code, now.getTime());
      if (!match) {
        await countFailure(ticket);
        throw wrongCode();
      }
      await rateLimits.reset(rule, key);
      await spendTicket(db, ticket);
      if (match === 'recovery_code') await secondFactors.recoveryCodeUsed(user.id);
      return { ...(await openSession(deps, user, options, true)), secondFactor: null, method: match };
    },
  };
}
