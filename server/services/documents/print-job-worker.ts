/**
 * The print worker of one instance: claims queued jobs (`FOR UPDATE SKIP LOCKED`, decision 0017) and jobs whose
 * worker stopped moving (a crashed instance), renders them, and writes progress and the finished file back to the
 * job's row. On shutdown a job in progress is handed back to the queue.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { printJobs, users } from '../../db/schema/index.ts';
import type { DocumentsService } from './documents.ts';

/** Finished or failed jobs are removed after this delay. */
const JOB_TTL_MINUTES = 60;
/** A running job whose progress has not moved for this long is taken over by another worker. */
const STALLED_SECONDS = 120;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

class Released extends Error {}

export interface PrintWorkerDeps {
  db: Database;
  documents: DocumentsService;
  log?: FastifyBaseLogger;
}

/** The job, and the language of the administrator who asked for it (the PDF's title speaks it). */
interface ClaimedJob {
  id: string;
  candidate_ids: number[];
  locale: string | null;
}

/** Takes the oldest queued (or stalled) job for this worker, or none. One statement: atomic on both databases. */
async function claim(db: Database) {
  const result = await db.execute(sql`
    update ${printJobs} set status = 'running', done = 0, updated_at = now()
    where id = (
      select id from ${printJobs}
      where status = 'queued'
         or (status = 'running' and updated_at < now() - make_interval(secs => ${STALLED_SECONDS}))
      order by created_at
      limit 1
      for update skip locked
    )
    returning id, candidate_ids, (select u.locale from ${users} u where u.id = owner_id) as locale`);
  return (result as unknown as { rows: ClaimedJob[] }).rows[0] ?? null;
}

async function runOne({ db, documents, log }: PrintWorkerDeps, job: ClaimedJob, stopping: () => boolean) {
  let lastWrite = 0;
  try {
    const file = await documents.batch(job.candidate_ids, job.locale ?? 'fr', (done) => {
      if (stopping()) throw new Released();
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      void db
        .update(printJobs)
        .set({ done, updatedAt: new Date() })
        .where(and(eq(printJobs.id, job.id), eq(printJobs.status, 'running')))
        .catch(() => {});
    });
    await db
      .update(printJobs)
      .set({ status: 'done', done: job.candidate_ids.length, file, updatedAt: new Date() })
      .where(eq(printJobs.id, job.id));
  } catch (error) {
    if (error instanceof Released) {
      // Shutting down: hand the job back so that another instance (or this one, restarted) takes it.
      await db.update(printJobs).set({ status: 'queued', done: 0 }).where(eq(printJobs.id, job.id));
      return;
    }
    log?.error({ err: error, jobId: job.id }, 'print job failed');
    await db
      .update(printJobs)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(eq(printJobs.id, job.id));
  }
}

export function createPrintWorker(deps: PrintWorkerDeps) {
  const { db, log } = deps;
  let working: Promise<void> | null = null;
  let stopping = false;
  const isStopping = () => stopping;

  async function drain() {
    await db
      .delete(printJobs)
      .where(lt(printJobs.createdAt, sql`now() - make_interval(mins => ${JOB_TTL_MINUTES})`));
    for (let job = await claim(db); job && !stopping; job = stopping ? null : await claim(db))
      await runOne(deps, job, isStopping);
  }

  return {
    /** Works through the queue unless this process already is; resolves when the queue is empty. */
    work(): Promise<void> {
      if (stopping) return Promise.resolve();
      working ??= drain()
        .catch((error: unknown) => log?.error({ err: error }, 'print worker failed'))
        .finally(() => {
          working = null;
        });
      return working;
    },

    /** Stops taking jobs; a job in progress is handed back to the queue. Resolves when the worker is idle. */
    async stop() {
      stopping = true;
      await working;
    },
  };
}
