/**
 * A refund of ours meets the provider (decision 0039): one call per attempt, its answer written once, and when the
 * money has gone its effects — the candidates it names withdrawn, the buyer emailed in the order's language, the
 * audit log saying who did it.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatExactMoney } from '../../../domain/format.ts';
import { localeOr } from '../../../domain/locales.ts';
import { isWithdrawable } from '../../../domain/refunds.ts';
import { orderReference } from '../../../domain/references.ts';
import type { Database } from '../../db/client.ts';
import { candidates, payments, refunds, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { refundEmail } from '../../mail/templates.ts';
import { recordRefund } from '../../metrics.ts';
import { configuredProvider, type Providers } from '../../payments/index.ts';
import type { ProviderRefund } from '../../payments/provider.ts';
import { recordAudit } from '../platform/audit.ts';
import { transitionCandidate } from '../registrations/candidate-transitions.ts';
import type { MailService } from '../documents/mail.ts';
import { type OrderRow, type RefundRow, lockOrder } from './refunds-records.ts';

/** What the refund operations work with. */
export interface RefundDeps {
  db: Database;
  providers: Providers;
  mail: MailService;
  publicUrl: string;
  log?: FastifyBaseLogger;
}

type CandidateRow = typeof candidates.$inferSelect;

/** Only what the provider said (the SDK's message), cut short: never a key, never card data. */
function failureOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

/** Who hears about it: the buyer, or the first candidate of an order whose buyer deleted their account. */
async function recipient(tx: Database, order: OrderRow) {
  if (order.userId !== null) {
    const [buyer] = await tx.select().from(users).where(eq(users.id, order.userId));
    if (buyer) return { email: buyer.email, prenom: buyer.prenom };
  }
  const [first] = await tx
    .select()
    .from(candidates)
    .where(eq(candidates.orderId, order.id))
    .orderBy(asc(candidates.commande_index))
    .limit(1);
  return first ? { email: first.email, prenom: first.prenom } : null;
}

async function emailRefund(
  deps: RefundDeps,
  tx: Database,
  order: OrderRow,
  refund: RefundRow,
  withdrawn: CandidateRow[],
  feeCents: number,
) {
  const to = await recipient(tx, order);
  if (!to) return;
  const language = localeOr(order.locale);
  await deps.mail.queue(
    {
      to: to.email,
      ...refundEmail(language, deps.publicUrl, {
        prenom: to.prenom,
        reference: orderReference(order.id),
        amount: formatExactMoney(language, refund.amountCents, refund.currency),
        reason: refund.reason,
        fee: feeCents > 0 ? formatExactMoney(language, feeCents, refund.currency) : null,
        withdrawn: withdrawn.map((candidate) => `${candidate.prenom} ${candidate.nom}`),
      }),
    },
    tx,
  );
}

/** The money has gone: its candidates are withdrawn, the buyer is told, the audit log says so. */
async function applySucceeded(deps: RefundDeps, tx: Database, refund: RefundRow, feeCents = 0) {
  const order = await lockOrder(tx, refund.orderId);
  const withdrawn = refund.candidateIds.length
    ? await tx
        .select()
        .from(candidates)
        .where(inArray(candidates.id, refund.candidateIds))
        .orderBy(asc(candidates.commande_index))
        .for('update')
    : [];
  for (const candidate of withdrawn) {
    // Homologated while the provider was working: the ride stands, only the money went back.
    if (!isWithdrawable(candidate.statut)) continue;
    await transitionCandidate(tx, candidate, 'withdrawn', {
      actorId: refund.actorId,
      action: 'candidate.withdrawn',
      details: { refundId: refund.id },
    });
  }
  await recordAudit(tx, {
    actorId: refund.actorId,
    action: 'refund.succeeded',
    entity: 'order',
    entityId: refund.orderId,
    after: {
      refundId: refund.id,
      amountCents: refund.amountCents,
      source: refund.source,
      candidateIds: refund.candidateIds,
    },
  });
  await emailRefund(deps, tx, order, refund, withdrawn, feeCents);
}

/** Writes what the provider said about a refund of ours, and its effects once. */
export async function settleRefund(
  deps: RefundDeps,
  refundId: number,
  outcome: ProviderRefund | { failure: string },
  feeCents = 0,
) {
  await deps.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund || refund.status !== 'pending') return;
    if ('failure' in outcome) {
      await tx
        .update(refunds)
        .set({ status: 'failed', failureReason: outcome.failure, updatedAt: new Date() })
        .where(eq(refunds.id, refundId));
      await recordAudit(tx, {
        actorId: refund.actorId,
        action: 'refund.failed',
        entity: 'order',
        entityId: refund.orderId,
        after: { refundId, failure: outcome.failure },
      });
      return;
    }
    const now = new Date();
    const [updated] = await tx
      .update(refunds)
      .set({
        providerRefundRef: outcome.providerRefundRef,
        status: outcome.status,
        ...(outcome.status === 'succeeded' ? { succeededAt: now } : {}),
        ...(outcome.status === 'failed' ? { failureReason: 'refused by the provider' } : {}),
        updatedAt: now,
      })
      .where(eq(refunds.id, refundId))
      .returning();
    if (outcome.status === 'succeeded') await applySucceeded(deps, tx, updated!, feeCents);
  });
  deps.mail.kick();
}

/** One call to the provider for a pending refund; each call has its own key, so a retry is a new request. */
export async function callRefundProvider(deps: RefundDeps, refundId: number, feeCents = 0): Promise<void> {
  const { db } = deps;
  const [refund] = await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1`, updatedAt: new Date() })
    .where(eq(refunds.id, refundId))
    .returning();
  if (!refund) throw notFound('No such refund');
  if (refund.amountCents === 0) {
    // A fee as large as the price leaves nothing to send: the refund is done without the provider.
    const nothingSent = {
      providerRefundRef: `none-${refundId}`,
      status: 'succeeded' as const,
      amountCents: 0,
      currency: refund.currency,
    };
    await settleRefund(deps, refundId, nothingSent, feeCents);
    return;
  }
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  let outcome: ProviderRefund | { failure: string };
  try {
    if (!payment?.providerRef) throw new Error('The payment has no provider reference');
    const provider = configuredProvider(deps.providers, refund.provider);
    outcome = await provider.refund(
      payment.providerRef,
      refund.amountCents,
      `refund-${refund.id}-${refund.attempts}`,
    );
  } catch (error) {
    deps.log?.warn({ refundId, provider: refund.provider, err: error }, 'refund refused by the provider');
    outcome = { failure: failureOf(error) };
  }
  recordRefund('failure' in outcome ? 'failed' : outcome.status);
  await settleRefund(deps, refundId, outcome, feeCents);
}
