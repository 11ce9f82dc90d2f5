/**
 * How the background queues are doing, for the metrics (server/metrics.ts): how many jobs wait in each and how old
 * the oldest is. Mail waits in `mail_outbox` (queued, including those waiting for their next try), print jobs in
 * `print_jobs`. Read from the database at each scrape, so every instance reports the same figures.
 */
import { count, eq, min } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox, printJobs } from '../../db/schema/index.ts';
import type { JobQueueFigures } from '../../metrics.ts';

export function createJobQueuesService({ db }: { db: Database }) {
  const ageSeconds = (oldest: Date | null, now: Date) =>
    oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0;

  return {
    async figures(now = new Date()): Promise<JobQueueFigures[]> {
      const [[mail], [print]] = await Promise.all([
        db
          .select({ depth: count(), oldest: min(mailOutbox.createdAt) })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'queued')),
        db
          .select({ depth: count(), oldest: min(printJobs.createdAt) })
          .from(printJobs)
          .where(eq(printJobs.status, 'queued')),
      ]);
      return [
        { kind: 'mail', depth: mail?.depth ?? 0, oldestAgeSeconds: ageSeconds(mail?.oldest ?? null, now) },
        { kind: 'print', depth: print?.depth ?? 0, oldestAgeSeconds: ageSeconds(print?.oldest ?? null, now) },
      ];
    },
  };
}
