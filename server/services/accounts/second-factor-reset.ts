/**
 * A lost phone: someone who manages people (having recently passed their own factor) or the CLI removes another
 * person's second factors. That person's sessions and sign-ins under way end, the act is audited and they are told.
 */
import { eq } from 'drizzle-orm';
import { passkeys, recoveryCodes, secondFactors, signInTickets, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type Caller, permitted, permittedRecently } from '../guards.ts';
import { recordAudit } from '../platform/audit.ts';
import { type SecondFactorDeps, tellOwner } from './second-factor-deps.ts';

export function resetOperations(deps: SecondFactorDeps) {
  const { db } = deps;

  async function reset(caller: Caller, userId: number): Promise<void> {
    const actor = permittedRecently(caller, 'people.manage');
    await db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw notFound('No such account');
      const removed = await tx.delete(secondFactors).where(eq(secondFactors.userId, userId)).returning();
      const passkeysRemoved = await tx
        .delete(passkeys)
        .where(eq(passkeys.userId, userId))
        .returning({ id: passkeys.id });
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.delete(signInTickets).where(eq(signInTickets.userId, userId));
      await deps.sessions.revokeAll(userId, tx);
      await recordAudit(tx, {
        actorId: actor?.id ?? null,
        action: 'user.second_factor_reset',
        entity: 'user',
        entityId: userId,
        before: {
          second_factors: [
            ...removed.map((factor) => factor.kind),
            ...passkeysRemoved.map(() => 'passkey' as const),
          ],
        },
        after: { second_factors: [] },
      });
      await tellOwner(deps, tx, userId, 'reset');
    });
    deps.mail.kick();
  }

  return {
    reset,

    /** The CLI's way: the account named by its address. */
    async resetByEmail(caller: Caller, email: string): Promise<void> {
      permitted(caller, 'people.manage');
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()));
      if (!user) throw notFound(`No account for ${email}`);
      await reset(caller, user.id);
    },
  };
}
