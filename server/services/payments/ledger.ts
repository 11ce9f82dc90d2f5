/**
 * The treasurer's ledger: every movement of money — payments confirmed, refunds succeeded — between two days in
 * Paris time, with signed amounts in euros and each month's totals, as CSV files (ledger-csv.ts: the
 * machine-readable one, or one per table in the admin's language); and the money in and out of a span, which the
 * dashboard shows for the season.
 */
import { and, asc, eq, gte, inArray, lt, sum } from 'drizzle-orm';
import { addDays, calendarDateOf, startOfDay, today } from '../../../domain/dates.ts';
import { candidateReference, orderReference } from '../../../domain/references.ts';
import type { LedgerQuery } from '../../../domain/schemas/refunds.ts';
import type { Database } from '../../db/client.ts';
import { candidates, payments, refunds } from '../../db/schema/index.ts';
import { validationError } from '../../errors.ts';
import { type LedgerLine, type LedgerMonth, localizedLedgerCsv, rawLedgerCsv } from './ledger-csv.ts';
import { type Caller, permitted } from '../guards.ts';

interface Movement {
  at: Date;
  orderId: number;
  candidateIds: number[] | null;
  provider: string;
  providerReference: string;
  signedCents: number;
  kind: 'payment' | 'refund';
}

/** The span of days, both included, as instants: [start of `from`, start of the day after `to`). */
function span(query: LedgerQuery, now: Date) {
  const year = today(now).slice(0, 4);
  const from = query.from ?? `${year}-01-01`;
  const to = query.to ?? `${year}-12-31`;
  if (from > to) throw validationError({ to: 'validation:date_invalid' }, '`to` is before `from`');
  return { start: startOfDay(from), end: startOfDay(addDays(to, 1)) };
}

/** Money confirmed in and refunded out between two instants, in cents. */
export async function moneyBetween(db: Database, start: Date, end: Date) {
  const [[paid], [refunded]] = await Promise.all([
    db
      .select({ total: sum(payments.amountCents) })
      .from(payments)
      .where(
        and(eq(payments.status, 'confirmed'), gte(payments.updatedAt, start), lt(payments.updatedAt, end)),
      ),
    db
      .select({ total: sum(refunds.amountCents) })
      .from(refunds)
      .where(
        and(eq(refunds.status, 'succeeded'), gte(refunds.succeededAt, start), lt(refunds.succeededAt, end)),
      ),
  ]);
  const inCents = Number(paid?.total ?? 0);
  const outCents = Number(refunded?.total ?? 0);
  return { inCents, outCents, netCents: inCents - outCents };
}

/** Payments confirmed and refunds succeeded between two instants, in time order. */
async function movements(db: Database, start: Date, end: Date): Promise<Movement[]> {
  const [paid, refunded] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(
        and(eq(payments.status, 'confirmed'), gte(payments.updatedAt, start), lt(payments.updatedAt, end)),
      ),
    db
      .select()
      .from(refunds)
      .where(
        and(eq(refunds.status, 'succeeded'), gte(refunds.succeededAt, start), lt(refunds.succeededAt, end)),
      ),
  ]);
  return [
    // A payment is made at the moment it is confirmed: its row is not written again afterwards.
    ...paid.map((payment): Movement => ({
      at: payment.updatedAt,
      orderId: payment.orderId,
      candidateIds: null,
      provider: payment.provider,
      providerReference: payment.providerRef ?? '',
      signedCents: payment.amountCents,
      kind: 'payment',
    })),
    ...refunded.map((refund): Movement => ({
      at: refund.succeededAt!,
      orderId: refund.orderId,
      candidateIds: refund.candidateIds,
      provider: refund.provider,
      providerReference: refund.providerRefundRef ?? '',
      signedCents: -refund.amountCents,
      kind: 'refund',
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.orderId - b.orderId);
}

/** Money in and out of each month of the movements, in cents, in the movements' order. */
function monthlyTotals(lines: readonly Movement[]): LedgerMonth[] {
  const months = new Map<string, LedgerMonth>();
  for (const line of lines) {
    const month = calendarDateOf(line.at).slice(0, 7);
    const totals = months.get(month) ?? { month, inCents: 0, outCents: 0 };
    if (line.signedCents >= 0) totals.inCents += line.signedCents;
    else totals.outCents += -line.signedCents;
    months.set(month, totals);
  }
  return [...months.values()];
}

export function createLedgerService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async ledgerCsv(caller: Caller, query: LedgerQuery, now = new Date()): Promise<string> {
      permitted(caller, 'money.read');
      const { start, end } = span(query, now);
      const lines = await movements(db, start, end);
      const orderIds = [...new Set(lines.map((line) => line.orderId))];
      const candidateRows = orderIds.length
        ? await db
            .select({ id: candidates.id, orderId: candidates.orderId, index: candidates.commande_index })
            .from(candidates)
            .where(inArray(candidates.orderId, orderIds))
            .orderBy(asc(candidates.commande_index))
        : [];
      // A payment pays for every candidate of its order; a refund names its own.
      const referencesOf = (line: Movement) =>
        candidateRows
          .filter((row) =>
            line.candidateIds === null ? row.orderId === line.orderId : line.candidateIds.includes(row.id),
          )
          .map((row) => candidateReference(row.orderId, row.index))
          .join(' ');
      const written: LedgerLine[] = lines.map((line) => ({
        at: line.at,
        order: orderReference(line.orderId),
        candidates: referencesOf(line),
        provider: line.provider,
        providerReference: line.providerReference,
        signedCents: line.signedCents,
        kind: line.kind,
      }));
      const months = monthlyTotals(lines);
      return query.lang
        ? localizedLedgerCsv(query.lang, query.table ?? 'movements', written, months)
        : rawLedgerCsv(written, months, query.table);
    },
  };
}
