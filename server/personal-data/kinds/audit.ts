/**
 * History entries about the person: their account, orders, payments, registrations, public settings and
 * homologations. Who else acted is not said (only whether it was the person).
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Period } from '../../../domain/retention-period.ts';
import { auditLog, candidates, homologations, laureates, orders, payments } from '../../db/schema/index.ts';
import { type DataSubject, type PersonalDataKind, counted, sameAddress, sameAs } from '../kind.ts';
import { registrationsOf } from './orders.ts';

/** Entries whose entity is one of these ids (audit ids are text). */
const about = (entity: string, ids: ReturnType<typeof sql>) =>
  and(eq(auditLog.entity, entity), sql`${auditLog.entityId} in (select (id)::text from (${ids}) as ids)`);

function aboutThem({ userId, address }: DataSubject) {
  const ownOrders = sql`select ${orders.id} as id from ${orders} where ${sameAs(orders.userId, userId)}`;
  return or(
    and(eq(auditLog.entity, 'user'), sql`${auditLog.entityId} = ${String(userId ?? '')}`),
    about('order', ownOrders),
    about(
      'payment',
      sql`select ${payments.id} as id from ${payments} where ${payments.orderId} in (${ownOrders})`,
    ),
    about(
      'candidate',
      sql`select ${candidates.id} as id from ${candidates} where ${registrationsOf({ userId, address })}`,
    ),
    and(eq(auditLog.entity, 'display_restriction'), sameAddress(auditLog.entityId, address)),
    about(
      'homologation',
      sql`select ${homologations.id} as id from ${homologations} inner join ${laureates}
          on ${laureates.id} = ${homologations.laureateId}
          where ${or(sameAs(laureates.userId, userId), sameAddress(laureates.email, address))}`,
    ),
  );
}

export function auditKind(keptFor: Period): PersonalDataKind {
  return {
    id: 'audit',
    owner: ['account', 'address'],
    async copy(db, subject) {
      const entries = await db
        .select({
          action: auditLog.action,
          entity: auditLog.entity,
          entity_id: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          at: auditLog.createdAt,
          actorId: auditLog.actorId,
        })
        .from(auditLog)
        .where(aboutThem(subject))
        .orderBy(auditLog.id);
      const records = entries.map(({ actorId, ...entry }) => ({
        ...entry,
        by_you: subject.userId !== null && actorId === subject.userId,
      }));
      return { records };
    },
    retention: {
      period: keptFor,
      purge: (tx, cutoff) =>
        counted(tx.delete(auditLog).where(lt(auditLog.createdAt, cutoff)).returning({ id: auditLog.id })),
    },
  };
}
