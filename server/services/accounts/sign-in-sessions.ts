/** What both steps of a sign-in share: the budget of failures to spend, the session opened, their answers. */
import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../../contracts/account.ts';
import type { Locale } from '../../../domain/locales.ts';
import type { SecondFactorMethod } from '../../../domain/second-factor.ts';
import { users } from '../../db/schema/index.ts';
import { SIGN_IN_LIMITS } from '../platform/rate-limits.ts';
import { type AccountsDeps, type User, publicUser } from './accounts-users.ts';

/** The account's budget of failures for this browser: its own when the browser is known (decision 0011). */
export async function failureBudget(
  deps: Pick<AccountsDeps, 'trustedDevices'>,
  user: { id: number; email: string } | undefined,
  email: string,
  deviceToken?: string,
) {
  const device = user ? await deps.trustedDevices.recognise(user.id, deviceToken) : null;
  return device ? ([SIGN_IN_LIMITS.perDevice, device] as const) : ([SIGN_IN_LIMITS.perEmail, email] as const);
}

/** The session, once the password (and the second factor, if any) passed. */
export async function openSession(
  deps: Pick<AccountsDeps, 'db' | 'sessions' | 'trustedDevices'>,
  user: User,
  options: { locale?: Locale; deviceToken?: string },
  secondFactorPassed: boolean,
) {
  await deps.db
    .update(users)
    .set({ lastSignInAt: new Date(), ...(options.locale ? { locale: options.locale } : {}) })
    .where(eq(users.id, user.id));
  const session = await deps.sessions.create(user.id, { secondFactorPassed });
  const deviceToken = await deps.trustedDevices.remember(user.id, options.deviceToken);
  return { ...session, deviceToken, user: publicUser(user) };
}

/** A signed-in browser's session and device token; `setup_required` when a role waits for its second factor. */
export interface SignedIn {
  token: string;
  expiresAt: Date;
  deviceToken: string;
  user: PublicUser;
  secondFactor: 'setup_required' | null;
  /** How the second factor was passed, when it was. */
  method?: SecondFactorMethod;
}

/** What `login` answers: a session, or a ticket to exchange for one with a code. */
export type SignInResult =
  SignedIn | { secondFactor: 'required'; ticket: string; methods: SecondFactorMethod[] };
