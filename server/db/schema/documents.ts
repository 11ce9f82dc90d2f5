/** Documents and mail: generated PDFs, batch print jobs, the outgoing mail queue. */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, bytea } from './columns.ts';
import { candidates } from './orders.ts';

/** Generated PDFs (route card, frame plate), cached on disk and listed here for `GET /documents/{id}`. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['route_card', 'frame_plate'] }).notNull(),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('documents_candidate_kind_idx').on(table.candidateId, table.kind)],
);

/**
 * Batch PDFs of the admin area, queued here and claimed by any instance's print worker (`FOR UPDATE SKIP
 * LOCKED`); the finished file is kept in the row so that every instance serves it. Removed after an hour.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    candidateIds: jsonb('candidate_ids').$type<number[]>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull(),
    file: bytea('file'),
    createdAt: createdAt(),
    /** Progress of a running job; a job that stops moving is taken over by another worker. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('print_jobs_status_idx').on(table.status, table.createdAt)],
);

/** Outgoing mail, queued in the same transaction as the change that causes it; a worker sends it with retries. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments')
      .$type<{ filename: string; documentPath: string }[]>()
      .notNull()
      .default([]),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
  ],
);
