/**
 * The OAuth round trip with the activity service, bound to the session that started it: the state serves once,
 * from that session, for 10 minutes; the code it brings back becomes the rider's sealed tokens.
 */
import { isApplicationRefused } from './activity-service-refusals.ts';
import { and, eq, lt } from 'drizzle-orm';
import { safeRedirectPath } from '../../../domain/redirects.ts';
import type { AuthorizationOutcome } from '../../../contracts/activities.ts';
import { type AuthorizedConnection, ProviderError } from '../../activities/provider.ts';
import { activityConnections, oauthStates } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { spend } from './activity-budget.ts';
import { activityFailureOf } from '../../../domain/activity-failures.ts';
import { type ConnectionDeps, tokenContext } from './activity-tokens.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';

const STATE_LIFETIME_MS = 10 * 60 * 1000;

export interface AuthorizationCallback {
  state?: string;
  code?: string;
  scope?: string;
  error?: string;
}

export interface AuthorizationDeps extends ConnectionDeps {
  /** The callback's address, as registered with the service (activity-sources.ts). */
  redirectUri: string;
}

/**
 * Where to send the rider to authorize the site, or `refused` while the service refuses the club's application:
 * its own page would only show the rider an error in English (Strava's "Limit of connected athletes exceeded").
 */
export async function startAuthorization(
  deps: AuthorizationDeps,
  sessionToken: string,
  returnTo: string,
): Promise<{ url: string } | { refused: true }> {
  if (await isApplicationRefused(deps.db, deps.provider)) return { refused: true };
  const state = newToken();
  await deps.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await deps.db.insert(oauthStates).values({
    stateHash: hashToken(state),
    sessionHash: hashToken(sessionToken),
    provider: deps.provider,
    returnTo,
    expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
  });
  return { url: deps.client.authorizeUrl({ state, redirectUri: deps.redirectUri }) };
}

/** The page the pending state named, or nothing when the state is not this session's, used or expired. */
async function takeState(
  deps: AuthorizationDeps,
  sessionToken: string,
  state: string,
): Promise<{ returnTo: string | null } | null> {
  const [pending] = await deps.db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, hashToken(state)),
        eq(oauthStates.sessionHash, hashToken(sessionToken)),
        eq(oauthStates.provider, deps.provider),
      ),
    )
    .returning();
  if (!pending || pending.expiresAt.getTime() < Date.now()) return null;
  return { returnTo: safeRedirectPath(pending.returnTo) };
}

/** Keeps the tokens the code was exchanged for, sealed, in place of any earlier ones. */
async function keepConnection(
  deps: AuthorizationDeps,
  userId: number,
  granted: AuthorizedConnection,
  scope: string | undefined,
): Promise<void> {
  const values = {
    athleteId: granted.athleteId,
    accessToken: await deps.cipher.seal(granted.accessToken, tokenContext(deps, userId, 'access')),
    refreshToken: await deps.cipher.seal(granted.refreshToken, tokenContext(deps, userId, 'refresh')),
    expiresAt: granted.expiresAt,
    scope: scope ?? deps.client.scope,
    updatedAt: new Date(),
  };
  await deps.db
    .insert(activityConnections)
    .values({ userId, provider: deps.provider, ...values })
    .onConflictDoUpdate({
      target: [activityConnections.userId, activityConnections.provider],
      set: values,
    });
}

/** Why the exchange failed, as the page the rider returns to says it: a refusal and a rate limit are plain. */
function outcomeOfFailure(error: ProviderError | AppError): AuthorizationOutcome {
  const failure = error instanceof AppError ? activityFailureOf(error.code) : null;
  if (failure === 'refused') return 'unavailable';
  if (failure === 'rate_limited') return 'rate_limited';
  return 'failed';
}

/**
 * The service sent the rider back. The state must be one this session started and not yet used; then the code
 * becomes tokens. Answers the page to return to and how it went.
 */
export async function completeAuthorization(
  deps: AuthorizationDeps,
  sessionToken: string,
  userId: number,
  callback: AuthorizationCallback,
): Promise<{ returnTo: string | null; outcome: AuthorizationOutcome }> {
  if (!callback.state) return { returnTo: null, outcome: 'invalid' };
  const pending = await takeState(deps, sessionToken, callback.state);
  if (!pending) return { returnTo: null, outcome: 'invalid' };
  const { returnTo } = pending;
  if (callback.error) return { returnTo, outcome: 'denied' };
  if (!callback.code) return { returnTo, outcome: 'invalid' };
  if (!deps.client.grantsEnough(callback.scope ?? '')) return { returnTo, outcome: 'scope' };
  let granted;
  try {
    granted = await spend(deps, userId, 1, () => deps.client.exchangeCode(callback.code!));
  } catch (error) {
    if (error instanceof ProviderError || error instanceof AppError)
      return { returnTo, outcome: outcomeOfFailure(error) };
    throw error;
  }
  await keepConnection(deps, userId, granted, callback.scope);
  return { returnTo, outcome: 'connected' };
}
