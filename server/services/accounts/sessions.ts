/** Sessions: database rows holding a hash of the client's token, with an expiry; revocable one by one or all. */
import { and, eq, gt, ne } from 'drizzle-orm';
import type { SessionUser } from '../../../contracts/account.ts';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

import { SESSION_DAYS } from '../../../contracts/cookies.ts';

export function createSessionsService({ db }: { db: Database }) {
  return {
    async create(userId: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },

    async findUser(token: string, now = new Date()): Promise<SessionUser | null> {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          prenom: users.prenom,
          nom: users.nom,
          roles: users.roles,
          president: users.president,
          locale: users.locale,
          emailVerifiedAt: users.emailVerifiedAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      const { emailVerifiedAt, ...user } = row;
      return { ...user, emailVerified: emailVerifiedAt !== null };
    },

    async revoke(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    async revokeAll(userId: number, database: Database = db): Promise<void> {
      await database.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Ends every session of the user but the one making the request (after a password change). */
    async revokeAllExcept(userId: number, keepToken: string | null, database: Database = db): Promise<void> {
      const condition = keepToken
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken)))
        : eq(sessions.userId, userId);
      await database.delete(sessions).where(condition);
    },
  };
}
