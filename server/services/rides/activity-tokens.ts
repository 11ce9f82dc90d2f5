/**
 * A rider's tokens at the activity service: kept sealed, opened for a call, refreshed before they expire (and once
 * more when the service says 401), forgotten when they no longer work, and revoked on disconnection.
 */
import { and, eq } from 'drizzle-orm';
import type { ActivityProviderClient } from '../../activities/provider.ts';
import { ProviderError } from '../../activities/provider.ts';
import type { Database } from '../../db/client.ts';
import { activityConnections } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type BudgetDeps, spend } from './activity-budget.ts';
import { activityErrors } from './activity-errors.ts';
import { type TokenCipher, TokenCipherError } from './token-cipher.ts';

/** Refreshed this long before the token's expiry, so that a token never dies during a call. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export const notConnected = () =>
  new AppError(409, 'not_connected', 'Connect your account at the service first');
const revoked = (deps: ConnectionDeps) => activityErrors(deps.provider).revoked();

/** What the connection's operations share: the database, the service's client, the cipher and the budget. */
export interface ConnectionDeps extends BudgetDeps {
  db: Database;
  client: ActivityProviderClient;
  cipher: TokenCipher;
}

export type ConnectionRow = typeof activityConnections.$inferSelect;

/** What a sealed token is bound to: the provider, the rider and its kind. */
export const tokenContext = (deps: ConnectionDeps, userId: number, kind: 'access' | 'refresh') =>
  `${deps.provider}:${userId}:${kind}`;

export const ofUser = (deps: ConnectionDeps, userId: number) =>
  and(eq(activityConnections.userId, userId), eq(activityConnections.provider, deps.provider));

export async function connectionRow(
  deps: ConnectionDeps,
  userId: number,
): Promise<ConnectionRow | undefined> {
  const [row] = await deps.db.select().from(activityConnections).where(ofUser(deps, userId));
  return row;
}

async function connection(deps: ConnectionDeps, userId: number): Promise<ConnectionRow> {
  const row = await connectionRow(deps, userId);
  if (!row) throw notConnected();
  return row;
}

export async function forget(deps: ConnectionDeps, userId: number): Promise<void> {
  await deps.db.delete(activityConnections).where(ofUser(deps, userId));
}

/** Opens a sealed token; one that no longer opens (the key was replaced) is a connection to make again. */
async function opened(deps: ConnectionDeps, row: ConnectionRow, kind: 'access' | 'refresh'): Promise<string> {
  try {
    return await deps.cipher.open(
      kind === 'access' ? row.accessToken : row.refreshToken,
      tokenContext(deps, row.userId, kind),
    );
  } catch (error) {
    if (!(error instanceof TokenCipherError)) throw error;
    await forget(deps, row.userId);
    throw revoked(deps);
  }
}

/**
 * A new token pair from the refresh token. A refused refresh means the rider revoked the site, unless another
 * request (or instance) refreshed first: Strava then refuses the refresh token it just replaced.
 */
async function refreshed(deps: ConnectionDeps, row: ConnectionRow): Promise<string> {
  const refreshToken = await opened(deps, row, 'refresh');
  let tokens;
  try {
    tokens = await spend(deps, row.userId, 1, () => deps.client.refresh(refreshToken));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const current = await connectionRow(deps, row.userId);
    if (current && current.updatedAt.getTime() > row.updatedAt.getTime())
      return opened(deps, current, 'access');
    await forget(deps, row.userId);
    throw revoked(deps);
  }
  await deps.db
    .update(activityConnections)
    .set({
      accessToken: await deps.cipher.seal(tokens.accessToken, tokenContext(deps, row.userId, 'access')),
      refreshToken: await deps.cipher.seal(tokens.refreshToken, tokenContext(deps, row.userId, 'refresh')),
      expiresAt: tokens.expiresAt,
      updatedAt: new Date(),
    })
    .where(ofUser(deps, row.userId));
  return tokens.accessToken;
}

/** Runs `action` with a valid access token: refreshed before expiry, and once more if the service says 401. */
export async function withAccess<T>(
  deps: ConnectionDeps,
  userId: number,
  cost: number,
  action: (accessToken: string) => Promise<T>,
): Promise<T> {
  const row = await connection(deps, userId);
  const accessToken =
    row.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS
      ? await opened(deps, row, 'access')
      : await refreshed(deps, row);
  try {
    return await spend(deps, userId, cost, () => action(accessToken));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
  }
  // Read again: the refresh token may have been replaced since (by the refresh above, or elsewhere).
  const again = await refreshed(deps, await connection(deps, userId));
  try {
    return await spend(deps, userId, cost, () => action(again));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await forget(deps, userId);
    throw revoked(deps);
  }
}

/**
 * Revokes the site's access at the service with the token `accessToken` gives. A refusal (revoked already, the
 * service down, the budget spent) is only logged: the tokens go anyway, and the rider can also revoke at the service.
 */
export async function revokeQuietly(
  deps: ConnectionDeps,
  userId: number,
  accessToken: () => Promise<string>,
): Promise<void> {
  try {
    const token = await accessToken();
    await spend(deps, userId, 1, () => deps.client.revoke(token));
  } catch (error) {
    if (!(error instanceof ProviderError) && !(error instanceof AppError)) throw error;
    deps.log?.warn(
      { provider: deps.provider, code: (error as AppError).code ?? 'unauthorized' },
      'revocation not confirmed',
    );
  }
}

/** Revokes the rider's authorization at the service (when it answers) and deletes the tokens. */
export async function disconnect(deps: ConnectionDeps, userId: number): Promise<void> {
  const row = await connection(deps, userId);
  await revokeQuietly(deps, userId, () =>
    row.expiresAt.getTime() > Date.now() ? opened(deps, row, 'access') : refreshed(deps, row),
  );
  await forget(deps, userId);
}
