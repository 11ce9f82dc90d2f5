/**
 * The admin dashboard: how many registrations wait in each list (minors' for their guardian, kits to send), the
 * season's orders and takings, the laureates, twelve months of registrations and homologations, and the latest
 * audited actions.
 */
import { applicationRefusals } from '../rides/activity-service-refusals.ts';
import { and, count, desc, eq, gte, isNotNull, lte, sql, sum } from 'drizzle-orm';
import { candidateReference, orderReference } from '../../../domain/references.ts';
import type { AdminListId } from '../../../domain/statuses.ts';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  cancellationRequests,
  candidates,
  homologations,
  laureates,
  orders,
  users,
} from '../../db/schema/index.ts';
import { moneyBetween } from '../payments/ledger.ts';
import { canNow, type Permission } from '../../../domain/permissions.ts';
import { listCondition } from './admin-lists.ts';
import type { DashboardData } from '../../../contracts/admin.ts';
import { answeredEvidenceRequests } from '../homologations/evidence-requests.ts';
import { type Caller, staff } from '../guards.ts';

async function listCount(db: Database, list: AdminListId) {
  const [row] = await db
    .select({ total: count() })
    .from(candidates)
    .leftJoin(orders, eq(orders.id, candidates.orderId))
    .where(listCondition(list));
  return row?.total ?? 0;
}

/** Registrations (by payment) and homologations of each of the twelve months from `yearAgo`. */
async function monthly(db: Database, yearAgo: Date) {
  const [registrations, homologated] = await Promise.all([
    db
      .select({ month: sql<string>`to_char(${orders.paidAt}, 'YYYY-MM')`, total: count() })
      .from(candidates)
      .innerJoin(orders, eq(orders.id, candidates.orderId))
      .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, yearAgo)))
      .groupBy(sql`1`),
    db
      .select({ month: sql<string>`to_char(${homologations.homologatedAt}, 'YYYY-MM')`, total: count() })
      .from(homologations)
      .where(gte(homologations.homologatedAt, yearAgo))
      .groupBy(sql`1`),
  ]);
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(yearAgo.getUTCFullYear(), yearAgo.getUTCMonth() + index, 1));
    const month = date.toISOString().slice(0, 7);
    return {
      month,
      registrations: registrations.find((row) => row.month === month)?.total ?? 0,
      homologations: homologated.find((row) => row.month === month)?.total ?? 0,
    };
  });
}

async function latestActions(db: Database) {
  const latest = await db
    .select({
      entry: auditLog,
      actor: { id: users.id, prenom: users.prenom, nom: users.nom },
      candidate: { orderId: candidates.orderId, index: candidates.commande_index },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    // A candidate is named by the reference printed on its route card, never by an internal id.
    .leftJoin(
      candidates,
      and(eq(auditLog.entity, 'candidate'), eq(auditLog.entityId, sql`${candidates.id}::text`)),
    )
    .orderBy(desc(auditLog.id))
    .limit(10);
  return latest.map(({ entry, actor, candidate }) => ({
    id: entry.id,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    reference:
      entry.entity === 'candidate' && candidate
        ? candidateReference(candidate.orderId, candidate.index)
        : entry.entity === 'order' && /^\d+$/.test(entry.entityId)
          ? orderReference(Number(entry.entityId))
          : null,
    actor: actor?.id != null ? { id: actor.id, name: `${actor.prenom} ${actor.nom}`.trim() } : null,
    createdAt: entry.createdAt.toISOString(),
  }));
}

async function dashboard(db: Database, caller: Caller, now: Date): Promise<DashboardData> {
  const person = staff(caller);
  // What each person's roles read (a club tool reads everything).
  const reads = (permission: Permission) => !person || canNow(person, permission);
  const seasonStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  const seasonEnd = new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1));
  const yearAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const [
    consent,
    traitements,
    email,
    retrait,
    inProgress,
    answered,
    [season],
    [laureatesRow],
    months,
    actions,
    [requests],
    money,
    activityRefusals,
  ] = await Promise.all([
    listCount(db, 'consent'),
    listCount(db, 'traitements'),
    listCount(db, 'email'),
    listCount(db, 'retrait'),
    listCount(db, 'in_progress'),
    answeredEvidenceRequests(db),
    db
      .select({ orders: count(), revenue: sum(orders.totalCents) })
      .from(orders)
      .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, seasonStart), lte(orders.paidAt, seasonEnd))),
    db.select({ total: count() }).from(laureates),
    monthly(db, yearAgo),
    latestActions(db),
    db.select({ total: count() }).from(cancellationRequests).where(eq(cancellationRequests.status, 'open')),
    moneyBetween(db, seasonStart, seasonEnd),
    applicationRefusals(db),
  ]);
  return {
    counts: {
      consent,
      traitements,
      email,
      retrait,
      in_progress: inProgress,
      evidence_answered: answered,
      cancellation_requests: requests?.total ?? 0,
    },
    season: reads('money.read')
      ? {
          from: seasonStart.toISOString().slice(0, 10),
          to: new Date(seasonEnd.getTime() - 1).toISOString().slice(0, 10),
          orders: season?.orders ?? 0,
          revenueCents: Number(season?.revenue ?? 0),
          currency: 'EUR',
          money,
        }
      : null,
    laureatesTotal: laureatesRow?.total ?? 0,
    monthly: months,
    latestActions: reads('audit.read') ? actions : null,
    activityRefusals,
  };
}

/** Administrators only (guards.ts). */
export function createAdminDashboardService(deps: { db: Database }) {
  return {
    dashboard: (caller: Caller, now = new Date()) => dashboard(deps.db, caller, now),
  };
}
