/**
 * Signing in with a passkey (issue 42; decision 0050): without the password (the browser offers the passkeys it
 * holds for this site, and the one chosen names its owner), or as the second step after it (the ticket the
 * password gave, answered by one of that account's passkeys). A passkey verified by its PIN or fingerprint is two
 * factors alone, so the session counts as having passed the second factor. A refused answer spends the account's
 * budget of failures, as a wrong password does.
 */
import { eq } from 'drizzle-orm';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Locale } from '../../../domain/locales.ts';
import { PASSKEY_TIMEOUT_MS } from '../../../domain/passkeys.ts';
import { type PasskeySignInInput } from '../../../domain/schemas/passkey.ts';
import { users } from '../../db/schema/index.ts';
import { SIGN_IN_LIMITS } from '../platform/rate-limits.ts';
import type { AccountsDeps } from './accounts-users.ts';
import { openTicket, spendTicket, ticketExpired } from './accounts-sign-in-code.ts';
import {
  credentialsOf,
  newChallenge,
  passkeyByCredential,
  passkeyRefused,
  verifiedAssertion,
} from './passkey-ceremonies.ts';
import { type SignedIn, failureBudget, openSession } from './sign-in-sessions.ts';
import { challengeBytes, webauthn } from './webauthn-on-first-use.ts';

export function signInWithPasskeyOperations(deps: AccountsDeps) {
  const { db, rateLimits, relyingParty: party } = deps;

  return {
    /**
     * A challenge to sign in with: any passkey of this site (none named, so the browser offers those it holds),
     * or, after the password, one of the ticket's account.
     */
    async passkeySignInOptions(input: { ticket?: string }, ip: string) {
      await rateLimits.consume(SIGN_IN_LIMITS.passkeyOptionsPerIp, ip);
      const ticket = input.ticket ? await openTicket(db, input.ticket) : undefined;
      if (input.ticket && !ticket) throw ticketExpired();
      const userId = ticket?.userId ?? null;
      const { generateAuthenticationOptions } = await webauthn();
      return generateAuthenticationOptions({
        rpID: party.id,
        allowCredentials: userId === null ? undefined : await credentialsOf(db, userId),
        userVerification: 'required',
        timeout: PASSKEY_TIMEOUT_MS,
        challenge: challengeBytes(await newChallenge(db, 'sign_in', userId)),
      });
    },

    /** The browser's answer: the session of the passkey's owner, once the answer is checked. */
    async signInWithPasskey(
      input: PasskeySignInInput,
      ip: string,
      options: { locale?: Locale; deviceToken?: string } = {},
    ): Promise<SignedIn> {
      await rateLimits.consume(SIGN_IN_LIMITS.perIp, ip);
      const ticket = input.ticket ? await openTicket(db, input.ticket) : undefined;
      if (input.ticket && !ticket) throw ticketExpired();
      const passkey = await passkeyByCredential(db, input.response.id);
      if (!passkey || (ticket && ticket.userId !== passkey.userId)) throw passkeyRefused();
      const [user] = await db.select().from(users).where(eq(users.id, passkey.userId));
      if (!user) throw passkeyRefused();
      const [rule, key] = await failureBudget(deps, user, user.email, options.deviceToken);
      await rateLimits.consume(rule, key);
      await verifiedAssertion(db, party, 'sign_in', passkey, input.response as AuthenticationResponseJSON);
      await rateLimits.reset(rule, key);
      if (ticket) await spendTicket(db, ticket);
      return { ...(await openSession(deps, user, options, true)), secondFactor: null, method: 'passkey' };
    },
  };
}
