/** Audit entries: who changed what, when, with the state before and after. Written in the change's transaction. */
import type { AuditAction } from '../../../domain/audit-actions.ts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditEntry {
  actorId: number | null;
  action: AuditAction;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(database: Database, entry: AuditEntry): Promise<void> {
  await database.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
