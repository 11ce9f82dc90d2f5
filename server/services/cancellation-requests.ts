/**
 * A buyer asks the club to cancel paid registrations that no volunteer has started on (decision 0039). A volunteer
 * approves — a refund of the candidates' price less the club's fee (`REFUND_FEE_CENTS`), made by refunds.ts, whose
 * email tells the buyer — or declines with a reason, which the buyer is emailed.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CancellationRequestView } from '../../contracts/refunds.ts';
import { localeOr } from '../../domain/locales.ts';
import { candidateChangeScope } from '../../domain/registration-changes.ts';
import { amountAfterFee } from '../../domain/refunds.ts';
import { candidateReference, orderReference } from '../../domain/references.ts';
import type { CancellationRequestBody } from '../../domain/schemas/refunds.ts';
import type { Database } from '../db/client.ts';
import { cancellationRequests, candidates, orders, users } from '../db/schema.ts';
import { AppError, notFound, validationError } from '../errors.ts';
import { cancellationDeclinedEmail } from '../mail/templates.ts';
import { recordAudit } from './audit.ts';
import { type Caller, administrator } from './guards.ts';
import type { MailService } from './mail.ts';
import type { RefundsService } from './refunds.ts';
import { alreadyProcessed } from './registration-changes.ts';

type RequestRow = typeof cancellationRequests.$inferSelect;

const notOpen = () => new AppError(409, 'conflict', 'This request has already been decided');

export function createCancellationRequestsService(deps: {
  db: Database;
  refunds: RefundsService;
  mail: MailService;
  publicUrl: string;
  feeCents: number;
}) {
  const { db, refunds, mail, feeCents } = deps;

  async function lockOpen(tx: Database, requestId: number): Promise<RequestRow> {
    const [request] = await tx
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.id, requestId))
      .for('update');
    if (!request) throw notFound('No such cancellation request');
    if (request.status !== 'open') throw notOpen();
    return request;
  }

  async function present(rows: RequestRow[]): Promise<CancellationRequestView[]> {
    if (rows.length === 0) return [];
    const orderIds = [...new Set(rows.map((row) => row.orderId))];
    const [orderRows, candidateRows] = await Promise.all([
      db
        .select({ order: orders, buyer: { prenom: users.prenom, nom: users.nom, email: users.email } })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.id, orderIds)),
      db.select().from(candidates).where(inArray(candidates.orderId, orderIds)),
    ]);
    return rows.map((row) => {
      const { order, buyer } = orderRows.find((found) => found.order.id === row.orderId)!;
      const named = candidateRows
        .filter((candidate) => row.candidateIds.includes(candidate.id))
        .sort((a, b) => a.commande_index - b.commande_index);
      return {
        id: row.id,
        order_id: row.orderId,
        order_reference: orderReference(row.orderId),
        status: row.status,
        reason: row.reason,
        decline_reason: row.declineReason,
        buyer: buyer ? { name: `${buyer.prenom} ${buyer.nom}`, email: buyer.email } : null,
        candidates: named.map((candidate) => ({
          id: candidate.id,
          reference: candidateReference(row.orderId, candidate.commande_index),
          name: `${candidate.prenom} ${candidate.nom}`,
          statut: candidate.statut,
        })),
        refund_cents: amountAfterFee(order.unitPriceCents, row.candidateIds.length, feeCents),
        fee_cents: Math.min(feeCents, order.unitPriceCents * row.candidateIds.length),
        currency: order.currency,
        refund_id: row.refundId,
        created_at: row.createdAt.toISOString(),
        decided_at: row.decidedAt?.toISOString() ?? null,
      };
    });
  }

  return {
    /** The club's fee on an approved request, in cents: the rules page and the account page state it. */
    feeCents,

    /** The buyer's request; another person's order answers 404, a registration a volunteer started 409. */
    async create(userId: number, orderId: number, body: CancellationRequestBody) {
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
          throw validationError(
            { candidate_ids: 'validation:not_in_order' },
            'A candidate is not in this order',
          );
        const started = chosen.some(
          (candidate) =>
            candidateChangeScope({ ...candidate, mode_livraison: order.mode_livraison }) !== 'all',
        );
        if (started)
          throw alreadyProcessed('A volunteer has already started on a registration of this request');
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
    },

    /** Open requests first (oldest first: they have waited longest), then the decided ones, latest first. */
    async list(caller: Caller): Promise<CancellationRequestView[]> {
      administrator(caller);
      const rows = await db
        .select()
        .from(cancellationRequests)
        .orderBy(
          sql`case when ${cancellationRequests.status} = 'open' then 0 else 1 end`,
          sql`case when ${cancellationRequests.status} = 'open' then ${cancellationRequests.createdAt} end asc`,
          desc(cancellationRequests.createdAt),
        )
        .limit(500);
      return present(rows);
    },

    /** The requests on the user's own orders, for the account page. */
    async ofBuyer(userId: number): Promise<CancellationRequestView[]> {
      const rows = await db
        .select({ request: cancellationRequests })
        .from(cancellationRequests)
        .innerJoin(orders, eq(orders.id, cancellationRequests.orderId))
        .where(eq(orders.userId, userId))
        .orderBy(asc(cancellationRequests.id));
      return present(rows.map((row) => row.request));
    },

    async openCount(caller: Caller): Promise<number> {
      administrator(caller);
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(cancellationRequests)
        .where(eq(cancellationRequests.status, 'open'));
      return row?.total ?? 0;
    },

    /** Refunds the candidates' price less the fee; the request is marked in the refund's own transaction. */
    async approve(caller: Caller, requestId: number) {
      const actorId = administrator(caller)?.id ?? null;
      const [request] = await db
        .select()
        .from(cancellationRequests)
        .where(eq(cancellationRequests.id, requestId));
      if (!request) throw notFound('No such cancellation request');
      if (request.status !== 'open') throw notOpen();
      const [order] = await db.select().from(orders).where(eq(orders.id, request.orderId));
      const amount = amountAfterFee(order!.unitPriceCents, request.candidateIds.length, feeCents);
      const refund = await refunds.create(
        caller,
        request.orderId,
        { candidate_ids: request.candidateIds, amount_cents: amount, reason: request.reason },
        {
          source: 'request',
          // Approving twice (a double click) finds the first approval's refund.
          idempotencyKey: `cancellation-request-${requestId}`,
          feeCents: order!.unitPriceCents * request.candidateIds.length - amount,
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
    },

    async decline(caller: Caller, requestId: number, reason: string) {
      const actorId = administrator(caller)?.id ?? null;
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
    },
  };
}
