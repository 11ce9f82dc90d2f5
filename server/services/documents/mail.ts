/**
 * Outgoing mail. Messages are queued in `mail_outbox` inside the caller's transaction (no mail for a change
 * that rolled back), then sent by a worker with retries and exponential backoff: an SMTP outage delays mail but
 * loses none.
 */
import path from 'node:path';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { recordMailDelivery } from '../../metrics.ts';

export const MAX_MAIL_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 6 * 3600_000;

/** 1, 2, 4, 8... minutes after each failure, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export interface QueuedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Paths relative to DATA_DIR. */
  attachments?: { filename: string; documentPath: string }[];
}

interface MailDeps {
  db: Database;
  transport: MailTransport;
  from: string;
  dataDir: string;
  /** `immediate`: send right after queueing (the server); `manual`: only when processDue() is called (tests). */
  delivery: 'immediate' | 'manual';
  log?: FastifyBaseLogger;
}

/** Sends one queued message; a failure is recorded on the row and retried later, until MAX_MAIL_ATTEMPTS. */
async function sendOne(deps: MailDeps, row: typeof mailOutbox.$inferSelect, now: Date): Promise<boolean> {
  const { db, transport } = deps;
  try {
    await transport.send({
      from: deps.from,
      to: row.to,
      subject: row.subject,
      html: row.html,
      text: row.text,
      attachments: row.attachments.map((file) => ({
        filename: file.filename,
        path: path.join(deps.dataDir, file.documentPath),
      })),
    });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, attempts: row.attempts + 1, lastError: null })
      .where(eq(mailOutbox.id, row.id));
    recordMailDelivery('sent');
    return true;
  } catch (error) {
    recordMailDelivery('failed');
    const attempts = row.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    deps.log?.warn({ mailId: row.id, attempts, err: message }, 'mail delivery failed');
    await db
      .update(mailOutbox)
      .set({
        attempts,
        lastError: message.slice(0, 500),
        status: attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'queued',
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      })
      .where(eq(mailOutbox.id, row.id));
    return false;
  }
}

export function createMailService(deps: MailDeps) {
  const { db } = deps;
  let running: Promise<number> | null = null;

  const service = {
    /** Queue a message; pass the transaction of the change that causes it. */
    async queue(message: QueuedMail, database: Database = db): Promise<void> {
      await database.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments ?? [],
      });
    },

    /** After the transaction committed: send now when the process delivers immediately. */
    kick(): void {
      if (deps.delivery === 'immediate')
        void service.processDue().catch((error) => deps.log?.error({ err: error }, 'mail worker failed'));
    },

    /**
     * Waits for the batch being sent, if any (the stop, before the database closes): each message's send is bounded
     * by the transport's timeouts, and a batch holds 50 at most.
     */
    async settle(): Promise<void> {
      await running?.catch(() => {});
    },

    /** Sends every due message once; returns how many were sent. One run at a time. */
    async processDue(now = new Date()): Promise<number> {
      if (running) return running;
      running = (async () => {
        const due = await db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now)))
          .orderBy(asc(mailOutbox.id))
          .limit(50);
        let sent = 0;
        for (const row of due) if (await sendOne(deps, row, now)) sent += 1;
        return sent;
      })();
      try {
        return await running;
      } finally {
        running = null;
      }
    },
  };
  return service;
}

export type MailService = ReturnType<typeof createMailService>;
