/** The order draft of each user: saved as the user types, read back on any page, cleared once ordered. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { OrderDraftData } from '../../../contracts/orders.ts';
import { orderDrafts } from '../../db/schema/index.ts';

export function createOrderDraftsService({ db }: { db: Database }) {
  return {
    async get(userId: number): Promise<OrderDraftData | null> {
      const [row] = await db
        .select({ draft: orderDrafts.draft })
        .from(orderDrafts)
        .where(eq(orderDrafts.userId, userId));
      return row?.draft ?? null;
    },

    async save(userId: number, draft: OrderDraftData): Promise<void> {
      await db
        .insert(orderDrafts)
        .values({ userId, draft })
        .onConflictDoUpdate({ target: orderDrafts.userId, set: { draft, updatedAt: sql`now()` } });
    },

    async clear(userId: number, database: Database = db): Promise<void> {
      await database.delete(orderDrafts).where(eq(orderDrafts.userId, userId));
    },

    async hasCandidates(userId: number): Promise<boolean> {
      const draft = await this.get(userId);
      return (draft?.candidats.length ?? 0) > 0;
    },
  };
}
