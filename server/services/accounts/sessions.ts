/** Sessions: database rows holding a hash of the client's token, with an expiry; revocable one by one or all. */
import { and, eq, gt, ne } from 'drizzle-orm';
import type { SessionUser } from '../../../contracts/account.ts';
import type { Database } from '../../db/client.ts';
import { isRecent } from '../../../domain/second-factor.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hasSecondFactorColumn } from './has-second-factor.ts';
import { hashToken, newToken } from './tokens.ts';

import { SESSION_DAYS } from '../../../contracts/cookies.ts';

export function createSessionsService({ db, stepUpMinutes }: { db: Database; stepUpMinutes: number }) {
  return {
    /** A new session; `secondFactorPassed` when the sign-in passed the account's second factor. */
    async create(
      userId: number,
      { now = new Date(), secondFactorPassed = false, database = db } = {},
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = newToken();
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
      await database.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        expiresAt,
        secondFactorAt: secondFactorPassed ? now : null,
      });
      return { token, expiresAt };
    },

    /** The session passed the second factor now (a confirmed app, a step-up). */
    async markSecondFactorPassed(token: string, database: Database = db, now = new Date()): Promise<void> {
      await database
        .update(sessions)
        .set({ secondFactorAt: now })
        .where(eq(sessions.tokenHash, hashToken(token)));
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
          secondFactorAt: sessions.secondFactorAt,
          hasSecondFactor: hasSecondFactorColumn(users.id),
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      const { emailVerifiedAt, secondFactorAt, ...user } = row;
      return {
        ...user,
        emailVerified: emailVerifiedAt !== null,
        secondFactorAt: secondFactorAt?.toISOString() ?? null,
        secondFactorRecent: isRecent(secondFactorAt, stepUpMinutes, now),
      };
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
