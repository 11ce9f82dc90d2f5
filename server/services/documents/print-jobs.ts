/**
 * Print jobs of the admin area (all documents of many candidates in one PDF), kept in the database so that any
 * instance answers for any job: a job is queued by one instance, claimed by one worker (print-job-worker.ts), its
 * progress and finished file written back to its row. A job belongs to the administrator who asked for it.
 *
 * The instance that queues a job starts working on it at once; every instance also polls for queued jobs and for
 * jobs whose worker stopped moving (a crashed instance), so no job is left behind.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { candidates, printJobs } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type Caller, permittedPerson } from '../guards.ts';
import { createPrintWorker, type PrintWorkerDeps } from './print-job-worker.ts';
import { markProcessingStarted } from '../registrations/registration-changes.ts';
import { refuseWhileCancellationRequested } from '../registrations/cancellation-requests-pending.ts';
import { refuseWithheldKits } from './documents.ts';

export type PrintJobStatus = 'running' | 'done' | 'failed';

/**
 * Queues the batch PDF of these candidates; the page polls its progress. The kits count as started: their buyers
 * can no longer change them. A batch naming a kit whose buyer asked to cancel is refused whole (409).
 */
async function queueJob(db: Database, ownerId: number, ids: number[]) {
  const job = await db.transaction(async (tx) => {
    await refuseWhileCancellationRequested(tx, ids);
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
    return inserted!;
  });
  return { jobId: job.id, total: job.total };
}

/** The caller's own job: another administrator's job is 404, as one that does not exist. */
async function ownJob(db: Database, caller: Caller, jobId: string) {
  const ownerId = permittedPerson(caller, 'registrations.process').id;
  const [job] = await db
    .select({ status: printJobs.status, done: printJobs.done, total: printJobs.total })
    .from(printJobs)
    .where(and(eq(printJobs.id, jobId), eq(printJobs.ownerId, ownerId)));
  if (!job) throw notFound('No such print job');
  return job;
}

export function createPrintJobsService(deps: PrintWorkerDeps) {
  const { db } = deps;
  const worker = createPrintWorker(deps);
  return {
    /** Queues the job and starts on it at once; a minor's kit still waiting for their guardian is refused (409). */
    async start(caller: Caller, ids: number[]) {
      const ownerId = permittedPerson(caller, 'registrations.process').id;
      await refuseWithheldKits(db, ids);
      const job = await queueJob(db, ownerId, ids);
      void worker.work();
      return job;
    },

    /** Progress of the caller's job; a queued job reads as running. */
    async status(
      caller: Caller,
      jobId: string,
    ): Promise<{ status: PrintJobStatus; done: number; total: number }> {
      const job = await ownJob(db, caller, jobId);
      return { ...job, status: job.status === 'queued' ? 'running' : job.status };
    },

    /** The finished PDF, or null while the job runs. */
    async file(caller: Caller, jobId: string): Promise<{ file: Uint8Array | null; total: number }> {
      const job = await ownJob(db, caller, jobId);
      if (job.status !== 'done') return { file: null, total: job.total };
      const [row] = await db.select({ file: printJobs.file }).from(printJobs).where(eq(printJobs.id, jobId));
      return { file: row?.file ?? null, total: job.total };
    },

    /** Picks up queued or stalled jobs (the periodic poll of every instance). */
    work: worker.work,

    /** Stops taking jobs; a job in progress is handed back to the queue. Resolves when the worker is idle. */
    stop: worker.stop,
  };
}
