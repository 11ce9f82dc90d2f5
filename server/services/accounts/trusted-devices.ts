/**
 * Device cookies (OWASP, "Slow brute force" / device cookies; decision 0011): a browser where the owner signed
 * in successfully gets a random token, of which the database keeps the SHA-256 with the account. On the next
 * sign-in a valid token for that account gives the browser its own failure budget, so that failures from other
 * browsers (which share the account's "unknown device" budget) never lock the owner out.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trustedDevices } from '../../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

// The cookie's name and lifetime are in contracts/cookies.ts, the list of the site's cookies.
export { DEVICE_COOKIE, DEVICE_DAYS } from '../../../contracts/cookies.ts';

export function createTrustedDevicesService({ db }: { db: Database }) {
  return {
    /** The stored hash when `token` is a device cookie given to `userId`, else null. */
    async recognise(userId: number, token: string | undefined): Promise<string | null> {
      if (!token || token.length > 100) return null;
      const tokenHash = hashToken(token);
      const [row] = await db
        .select({ tokenHash: trustedDevices.tokenHash })
        .from(trustedDevices)
        .where(and(eq(trustedDevices.tokenHash, tokenHash), eq(trustedDevices.userId, userId)));
      return row ? row.tokenHash : null;
    },

    /**
     * After a successful sign-in: keeps the browser's device cookie when it is the account's, else makes one.
     * Returns the token to set in the cookie.
     */
    async remember(userId: number, token: string | undefined, now = new Date()): Promise<string> {
      const known = await this.recognise(userId, token);
      if (known && token) {
        await db.update(trustedDevices).set({ lastUsedAt: now }).where(eq(trustedDevices.tokenHash, known));
        return token;
      }
      const fresh = newToken();
      await db.insert(trustedDevices).values({ tokenHash: hashToken(fresh), userId, lastUsedAt: now });
      return fresh;
    },
  };
}

export type TrustedDevicesService = ReturnType<typeof createTrustedDevicesService>;
