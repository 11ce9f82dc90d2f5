/**
 * Reading the audit log (issue 42): who did what and when, filtered by person, kind of act and days (Paris time),
 * newest first, a page at a time; and the same as a CSV in the reader's language. Only for `audit.read`.
 */
import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { AuditLogEntry, AuditLogPage } from '../../../contracts/admin.ts';
import { auditActionKey } from '../../../domain/audit-actions.ts';
import { addDays, startOfDay } from '../../../domain/dates.ts';
import { localeOr } from '../../../domain/locales.ts';
import { AUDIT_PAGE_SIZE, type AuditQuery } from '../../../domain/schemas/audit.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { translator } from '../../i18n.ts';
import { CSV_SEPARATORS } from '../admin/candidates-csv.ts';
import { csvFile } from '../admin/csv-file.ts';
import { type Caller, permitted } from '../guards.ts';

/** Only so many rows in one file: a longer period is asked in parts. */
const CSV_MAX_ROWS = 50_000;

function conditions(query: AuditQuery): SQL[] {
  const where: SQL[] = [];
  if (query.actor) where.push(eq(users.email, query.actor));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.from) where.push(gte(auditLog.createdAt, startOfDay(query.from)));
  if (query.to) where.push(lt(auditLog.createdAt, startOfDay(addDays(query.to, 1))));
  return where;
}

async function read(db: Database, query: AuditQuery, limit: number): Promise<AuditLogEntry[]> {
  const where = conditions(query);
  if (query.before) where.push(lte(auditLog.id, query.before));
  const rows = await db
    .select({
      entry: auditLog,
      actor: { id: users.id, prenom: users.prenom, nom: users.nom, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, actor }) => ({
    id: entry.id,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    actor: actor
      ? { id: actor.id, name: `${actor.prenom} ${actor.nom}`.trim() || actor.email, email: actor.email }
      : null,
    created_at: entry.createdAt.toISOString(),
    before: entry.before,
    after: entry.after,
  }));
}

export function createAuditLogService({ db }: { db: Database }) {
  return {
    /** A page of entries, newest first; `next` starts the older page. */
    async list(caller: Caller, query: AuditQuery): Promise<AuditLogPage> {
      permitted(caller, 'audit.read');
      const rows = await read(db, query, AUDIT_PAGE_SIZE + 1);
      const entries = rows.slice(0, AUDIT_PAGE_SIZE);
      return { entries, next: rows.length > AUDIT_PAGE_SIZE ? rows[AUDIT_PAGE_SIZE]!.id : null };
    },

    /** The entries the filters keep, as a spreadsheet reads them in `query.lang` (English by default). */
    async csv(caller: Caller, query: AuditQuery): Promise<string> {
      permitted(caller, 'audit.read');
      const lang = localeOr(query.lang, 'gb');
      const t = translator(lang, 'admin');
      const rows = await read(db, query, CSV_MAX_ROWS);
      const header = ['when', 'who', 'email', 'act', 'code', 'entity', 'id', 'before', 'after'].map(
        (column) => t(`audit.csv.${column}`),
      );
      const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
      return csvFile(
        [
          header,
          ...rows.map((row) => [
            row.created_at,
            row.actor?.name ?? '',
            row.actor?.email ?? '',
            t(auditActionKey(row.action).slice('admin:'.length), { defaultValue: row.action }),
            row.action,
            row.entity,
            row.entity_id,
            json(row.before),
            json(row.after),
          ]),
        ],
        { delimiter: CSV_SEPARATORS[lang] },
      );
    },
  };
}
