/**
 * A buyer asks the club to cancel paid registrations that no volunteer has started on (decision 0039). A volunteer
 * approves — a refund of the candidates' price less the club's fee (club settings' `refund_fee_cents`), made by refunds.ts, whose
 * email tells the buyer — or declines with a reason, which the buyer is emailed.
 *
 * This module is the service's face and the home of who may: the buyer opens a request on their own order
 * (cancellation-requests-open.ts); the treasurer lists and decides them (cancellation-requests-decisions.ts).
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { CancellationRequestView } from '../../../contracts/refunds.ts';
import type { CancellationRequestBody } from '../../../domain/schemas/refunds.ts';
import { cancellationRequests, orders } from '../../db/schema/index.ts';
import { type DecisionDeps, approveRequest, declineRequest } from './cancellation-requests-decisions.ts';
import { openRequest } from './cancellation-requests-open.ts';
import { presentRequests } from './cancellation-requests-view.ts';
import { actorIdOf, type Caller, permitted } from '../guards.ts';

export function createCancellationRequestsService(deps: DecisionDeps) {
  const { db, feeCents } = deps;

  return {
    /** The buyer's request; another person's order answers 404, a registration a volunteer started 409. */
    create: (userId: number, orderId: number, body: CancellationRequestBody) =>
      openRequest(db, userId, orderId, body),

    /** Open requests first (oldest first: they have waited longest), then the decided ones, latest first. */
    async list(caller: Caller): Promise<CancellationRequestView[]> {
      permitted(caller, 'money.read');
      const rows = await db
        .select()
        .from(cancellationRequests)
        .orderBy(
          sql`case when ${cancellationRequests.status} = 'open' then 0 else 1 end`,
          sql`case when ${cancellationRequests.status} = 'open' then ${cancellationRequests.createdAt} end asc`,
          desc(cancellationRequests.createdAt),
        )
        .limit(500);
      return presentRequests(db, await feeCents(), rows);
    },

    /** The requests on the user's own orders, for the account page. */
    async ofBuyer(userId: number): Promise<CancellationRequestView[]> {
      const rows = await db
        .select({ request: cancellationRequests })
        .from(cancellationRequests)
        .innerJoin(orders, eq(orders.id, cancellationRequests.orderId))
        .where(eq(orders.userId, userId))
        .orderBy(asc(cancellationRequests.id));
      return presentRequests(
        db,
        await feeCents(),
        rows.map((row) => row.request),
      );
    },

    async openCount(caller: Caller): Promise<number> {
      permitted(caller, 'money.read');
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(cancellationRequests)
        .where(eq(cancellationRequests.status, 'open'));
      return row?.total ?? 0;
    },

    /** Refunds the candidates' price less the fee; the request is marked in the refund's own transaction. */
    approve: (caller: Caller, requestId: number) => approveRequest(deps, caller, requestId),

    /** Declined with a reason, which the buyer is emailed. */
    decline: (caller: Caller, requestId: number, reason: string) =>
      declineRequest(deps, actorIdOf(caller, 'money.refund'), requestId, reason),
  };
}
