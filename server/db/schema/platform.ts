/** The platform: the audit log, the server's own secrets, scheduled jobs. */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import type { ClubSettings } from '../../../domain/settings.ts';
import { createdAt, timestamptz } from './columns.ts';

/** Who changed what, when, with the state before and after. Written by services, never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    index('audit_log_created_at_idx').on(table.createdAt),
  ],
);

/** Keys the server makes for itself when the configuration gives none, the same on every instance. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name', { enum: ['token-encryption-key'] }).primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * Jobs that run on a schedule (the daily retention job), once across instances: the instance whose update moves
 * `next_run_at` past now runs it, in that same transaction (decision 0043). `last_report` says what the last run did.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name', { enum: ['retention'] }).primaryKey(),
  nextRunAt: timestamptz('next_run_at').notNull(),
  lastRunAt: timestamptz('last_run_at'),
  lastReport: jsonb('last_report'),
});

/**
 * The club's settings (issue 47, decision 0053): each change is a new version, never updated, with who made it,
 * when, every value after and the changed ones before. No row until the first change: the environment's values are
 * version 1 until then.
 */
export const settingsVersions = pgTable('settings', {
  version: integer('version').primaryKey(),
  values: jsonb('values').$type<ClubSettings>().notNull(),
  before: jsonb('before').$type<Partial<ClubSettings>>(),
  changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
  /** The version this one gave back, when it is a restore. */
  restoredFrom: integer('restored_from'),
  createdAt: createdAt(),
});
