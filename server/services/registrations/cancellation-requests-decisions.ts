/**
 * A volunteer decides a buyer's cancellation request (decision 0039): approving refunds the candidates' price less
 * the club's fee (refunds.ts, whose email tells the buyer); declining emails the buyer the reason. A request is
 * decided once: the second decision answers 409.
 */
import { eq } from 'drizzle-orm';
import { localeOr } from '../../../domain/locales.ts';
import { refundAfterFee } from '../../../domain/refunds.ts';
import { orderReference } from '../../../domain/references.ts';
import type { Database } from '../../db/client.ts';
import { cancellationRequests, orders, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { cancellationDeclinedEmail } from '../../mail/templates.ts';
import { recordAudit } from '../platform/audit.ts';
import { recentActorIdOf, type Caller } from '../guards.ts';
import type { MailService } from '../documents/mail.ts';
import type { RefundsService } from '../payments/refunds.ts';

type RequestRow = typeof cancellationRequests.$inferSelect;

export interface DecisionDeps {
  db: Database;
  refunds: RefundsService;
  mail: MailService;
  publicUrl: string;
  /** The club's refund fee in force (club settings, seeded from REFUND_FEE_CENTS). */
  feeCents: () => Promise<number>;
}

const notOpen = () => new AppError(409, 'conflict', 'This request has already been decided');

export async function lockOpen(tx: Database, requestId: number): Promise<RequestRow> {
  const [request] = await tx
    .select()
    .from(cancellationRequests)
    .where(eq(cancellationRequests.id, requestId))
    .for('update');
  if (!request) throw notFound('No such cancellation request');
  if (request.status !== 'open') throw notOpen();
  return request;
}

/** Refunds the candidates' price less the fee; the request is marked in the refund's own transaction. */
export async function approveRequest(deps: DecisionDeps, caller: Caller, requestId: number) {
  const { db, refunds } = deps;
  // Accepting refunds the order: a recent second factor, as for any refund.
  const actorId = recentActorIdOf(caller, 'money.refund');
  const [request] = await db
    .select()
    .from(cancellationRequests)
    .where(eq(cancellationRequests.id, requestId));
  if (!request) throw notFound('No such cancellation request');
  if (request.status !== 'open') throw notOpen();
  const [order] = await db.select().from(orders).where(eq(orders.id, request.orderId));
  const fee = refundAfterFee(order!.unitPriceCents, request.candidateIds.length, await deps.feeCents());
  const refund = await refunds.create(
    caller,
    request.orderId,
    { candidate_ids: request.candidateIds, amount_cents: fee.refundCents, reason: request.reason },
    {
      source: 'request',
      // Approving twice (a double click) finds the first approval's refund.
      idempotencyKey: `cancellation-request-${requestId}`,
      feeCents: fee.feeCents,
      onRecorded: async (tx, recorded) => {
        await lockOpen(tx, requestId);
        await tx
          .update(cancellationRequests)
          .set({ status: 'approved', decidedBy: actorId, decidedAt: new Date(), refundId: recorded.id })
          .where(eq(cancellationRequests.id, requestId));
        await recordAudit(tx, {
          actorId,
          action: 'cancellation_request.approved',
          entity: 'order',
          entityId: request.orderId,
          after: { requestId, refundId: recorded.id },
        });
      },
    },
  );
  return { id: requestId, status: 'approved' as const, refund };
}

/** Declined with a reason, which the buyer is emailed. */
export async function declineRequest(
  deps: DecisionDeps,
  actorId: number | null,
  requestId: number,
  reason: string,
) {
  const { db, mail } = deps;
  await db.transaction(async (tx) => {
    const request = await lockOpen(tx, requestId);
    await tx
      .update(cancellationRequests)
      .set({ status: 'declined', declineReason: reason, decidedBy: actorId, decidedAt: new Date() })
      .where(eq(cancellationRequests.id, requestId));
    await recordAudit(tx, {
      actorId,
      action: 'cancellation_request.declined',
      entity: 'order',
      entityId: request.orderId,
      after: { requestId, reason },
    });
    const [row] = await tx
      .select({ order: orders, buyer: users })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, request.orderId));
    if (!row?.buyer) return;
    const language = localeOr(row.order.locale);
    await mail.queue(
      {
        to: row.buyer.email,
        ...cancellationDeclinedEmail(language, deps.publicUrl, {
          prenom: row.buyer.prenom,
          reference: orderReference(row.order.id),
          reason,
        }),
      },
      tx,
    );
  });
  mail.kick();
  return { id: requestId, status: 'declined' as const };
}
