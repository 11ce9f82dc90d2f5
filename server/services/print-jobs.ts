/**
 * Print jobs of the admin area (all documents of many candidates in one PDF), kept in the database so that any
 * instance answers for any job: a job is queued by one instance, claimed by one worker (`FOR UPDATE SKIP LOCKED`,
 * decision 0017), its progress and finished file written back to its row.
 *
 * The instance that queues a job starts working on it at once; every instance also polls for queued jobs and for
 * jobs whose worker stopped moving (a crashed instance), so no job is left behind.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { candidates, printJobs } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import type { DocumentsService } from './documents.ts';
import { markProcessingStarted } from './registration-changes.ts';

/** Finished or failed jobs are removed after this delay. */
const JOB_TTL_MINUTES = 60;
/** A running job whose progress has not moved for this long is taken over by another worker. */
const STALLED_SECONDS = 120;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

export type PrintJobStatus = 'running' | 'done' | 'failed';

class Released extends Error {}

export function createPrintJobsService(deps: {
  db: Database;
  documents: DocumentsService;
  log?: FastifyBaseLogger;
}) {
  const { db, documents, log } = deps;
  let working: Promise<void> | null = null;
  let stopping = false;

  /** Takes the oldest queued (or stalled) job for this worker, or none. One statement: atomic on both databases. */
  async function claim() {
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
      returning id, candidate_ids`);
    return (result as unknown as { rows: { id: string; candidate_ids: number[] }[] }).rows[0] ?? null;
  }

  async function runOne(job: { id: string; candidate_ids: number[] }) {
    let lastWrite = 0;
    try {
      const file = await documents.batch(job.candidate_ids, (done) => {
        if (stopping) throw new Released();
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

  async function drain() {
    await db
      .delete(printJobs)
      .where(lt(printJobs.createdAt, sql`now() - make_interval(mins => ${JOB_TTL_MINUTES})`));
    for (let job = await claim(); job && !stopping; job = stopping ? null : await claim()) await runOne(job);
  }

  /** Works through the queue unless this process already is; resolves when the queue is empty. */
  function work(): Promise<void> {
    if (stopping) return Promise.resolve();
    working ??= drain()
      .catch((error: unknown) => log?.error({ err: error }, 'print worker failed'))
      .finally(() => {
        working = null;
      });
    return working;
  }

  async function find(jobId: string, ownerId: number) {
    const [job] = await db
      .select({ status: printJobs.status, done: printJobs.done, total: printJobs.total })
      .from(printJobs)
      .where(and(eq(printJobs.id, jobId), eq(printJobs.ownerId, ownerId)));
    if (!job) throw notFound('No such print job');
    return job;
  }

  return {
    /**
     * Queues the batch PDF of these candidates and starts on it; the page polls its progress. The kits count as
     * started: their buyers can no longer change them.
     */
    async start(ids: number[], ownerId: number) {
      const job = await db.transaction(async (tx) => {
        // A refunded registration is not printed, even if the page that chose it is older than the refund.
        const withdrawn = (
          await tx
            .select({ id: candidates.id })
            .from(candidates)
            .where(and(inArray(candidates.id, ids), eq(candidates.statut, 'withdrawn')))
        ).map((row) => row.id);
        const kept = ids.filter((id) => !withdrawn.includes(id));
        await markProcessingStarted(tx, kept);
        const [inserted] = await tx
          .insert(printJobs)
          .values({ ownerId, candidateIds: kept, total: kept.length })
          .returning({ id: printJobs.id, total: printJobs.total });
        return inserted;
      });
      void work();
      return { jobId: job!.id, total: job!.total };
    },

    /** Progress of the owner's job (another person's job is 404); a queued job reads as running. */
    async status(
      jobId: string,
      ownerId: number,
    ): Promise<{ status: PrintJobStatus; done: number; total: number }> {
      const job = await find(jobId, ownerId);
      return { ...job, status: job.status === 'queued' ? 'running' : job.status };
    },

    /** The finished PDF, or null while the job runs. */
    async file(jobId: string, ownerId: number): Promise<{ file: Uint8Array | null; total: number }> {
      const job = await find(jobId, ownerId);
      if (job.status !== 'done') return { file: null, total: job.total };
      const [row] = await db.select({ file: printJobs.file }).from(printJobs).where(eq(printJobs.id, jobId));
      return { file: row?.file ?? null, total: job.total };
    },

    /** Picks up queued or stalled jobs (the periodic poll of every instance). */
    work,

    /** Stops taking jobs; a job in progress is handed back to the queue. Resolves when the worker is idle. */
    async stop() {
      stopping = true;
      await working;
    },
  };
}
