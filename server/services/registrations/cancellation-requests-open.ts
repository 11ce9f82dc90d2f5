/**
 * A buyer asks the club to cancel paid registrations that no volunteer has started on (decision 0039): only on
 * their own order (another person's answers 404), paid, and not twice for one registration.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { candidateChangeScope } from '../../../domain/registration-changes.ts';
import type { CancellationRequestBody } from '../../../domain/schemas/refunds.ts';
import type { Database } from '../../db/client.ts';
import { cancellationRequests, candidates, orders } from '../../db/schema/index.ts';
import { AppError, notFound, validationError } from '../../errors.ts';
import { recordAudit } from '../platform/audit.ts';
import { alreadyProcessed } from './registration-changes-candidate.ts';

/** The buyer's request; another person's order answers 404, a registration a volunteer started 409. */
export function openRequest(db: Database, userId: number, orderId: number, body: CancellationRequestBody) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw notFound('No such order');
    if (order.status !== 'paid') throw new AppError(409, 'not_paid', 'The order is not paid');
    const ids = [...new Set(body.candidate_ids)];
    const chosen = await tx
      .select()
      .from(candidates)
      .where(and(eq(candidates.orderId, orderId), inArray(candidates.id, ids)));
    if (chosen.length !== ids.length)
      throw validationError({ candidate_ids: 'validation:not_in_order' }, 'A candidate is not in this order');
    const started = chosen.some(
      (candidate) => candidateChangeScope({ ...candidate, mode_livraison: order.mode_livraison }) !== 'all',
    );
    if (started) throw alreadyProcessed('A volunteer has already started on a registration of this request');
    const open = await tx
      .select({ candidateIds: cancellationRequests.candidateIds })
      .from(cancellationRequests)
      .where(and(eq(cancellationRequests.orderId, orderId), eq(cancellationRequests.status, 'open')));
    if (open.some((request) => request.candidateIds.some((id) => ids.includes(id))))
      throw new AppError(409, 'request_open', 'A request for this registration is already open');
    const [created] = await tx
      .insert(cancellationRequests)
      .values({ orderId, candidateIds: ids, reason: body.reason })
      .returning();
    await recordAudit(tx, {
      actorId: userId,
      action: 'cancellation_request.opened',
      entity: 'order',
      entityId: orderId,
      after: { requestId: created!.id, candidateIds: ids },
    });
    return { id: created!.id, status: created!.status };
  });
}
