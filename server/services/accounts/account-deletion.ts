/**
 * Deleting one's own account: the password confirms it, then one transaction removes the person's data. Paid
 * orders stay, without their owner, for the club's accounts; everything else goes, mostly by the foreign keys'
 * cascades (sessions, links, devices, drafts, print jobs; candidates take their documents and GPS tracks with
 * them; an activity service's connection is revoked there and its tokens go). Homologations and the public ranking are the club's record and stay, unlinked from the account.
 * See docs/decisions/0028-account-deletion.md.
 */
import { and, arrayContains, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { candidates, mailOutbox, orders, payments, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { wrongCurrentPassword } from './accounts-users.ts';
import { recordAudit } from '../platform/audit.ts';
import { type Caller, signedIn } from '../guards.ts';
import { moneyMoved } from '../registrations/order-records.ts';
import { verifyPassword } from './passwords.ts';
import { ACTIVITY_PROVIDERS } from '../../../domain/activity-providers.ts';
import type { ActivitySources } from '../rides/activity-sources.ts';

export function createAccountDeletionService({
  db,
  activitySources,
}: {
  db: Database;
  activitySources: ActivitySources | null;
}) {
  return {
    /** The signed-in person's own account: nobody deletes another's. */
    async deleteAccount(caller: Caller, currentPassword: string): Promise<void> {
      const userId = signedIn(caller).id;
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound('No such user');
      if (!(await verifyPassword(user.passwordHash, currentPassword))) throw wrongCurrentPassword();
      // Read before the tokens go with the account; the services are told once the deletion is certain.
      const revocations = activitySources
        ? await Promise.all(
            ACTIVITY_PROVIDERS.map((provider) => activitySources[provider].revocationFor(userId)),
          )
        : [];
      const revokeActivityService = async () => {
        for (const revoke of revocations) await revoke();
      };
      await db.transaction(async (tx) => {
        if (user.roles.includes('admin')) {
          const [others] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(users)
            .where(and(arrayContains(users.roles, ['admin']), ne(users.id, userId)));
          // The club would be left without anyone able to grant the role again.
          if (!others?.count)
            throw new AppError(409, 'last_admin', 'The only administrator cannot delete the account');
        }
        const owned = await tx
          .select({ id: orders.id, kept: sql<boolean>`${moneyMoved()}` })
          .from(orders)
          .where(eq(orders.userId, userId));
        const ownedIds = owned.map((order) => order.id);
        const kept = new Set(owned.filter((order) => order.kept).map((order) => order.id));
        const dropped = ownedIds.filter((id) => !kept.has(id));
        let deletedCandidates = 0;
        if (ownedIds.length > 0) {
          // The registrations are personal data of the riders; their documents and tracks cascade.
          const removed = await tx
            .delete(candidates)
            .where(inArray(candidates.orderId, ownedIds))
            .returning({ id: candidates.id });
          deletedCandidates = removed.length;
        }
        if (dropped.length > 0) {
          await tx.delete(payments).where(inArray(payments.orderId, dropped));
          await tx.delete(orders).where(inArray(orders.id, dropped));
        }
        // Copies of the mail sent to the person, and mail still waiting for them.
        await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
        // Cascades: sessions, reset and verification links, trusted devices, order draft, print jobs. Kept orders,
        // laureates, homologations and audit entries lose the link (set null).
        await tx.delete(users).where(eq(users.id, userId));
        await recordAudit(tx, {
          actorId: null,
          action: 'account.delete',
          entity: 'user',
          entityId: userId,
          after: { keptOrders: [...kept], deletedOrders: dropped, deletedCandidates },
        });
      });
      await revokeActivityService();
    },
  };
}
