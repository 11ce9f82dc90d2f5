/**
 * Nothing kept longer than needed (GDPR article 5): the retention job deletes, kind by kind of the registry
 * (server/personal-data/registry.ts), what is older than its period. It runs daily in the background work of
 * every instance but once across them (`scheduled_jobs`), and on demand with `retention:run [--dry-run]`.
 * Decision 0043.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DataKindPolicy } from '../../../contracts/personal-data.ts';
import { periodBefore } from '../../../domain/retention-period.ts';
import type { Database } from '../../db/client.ts';
import { scheduledJobs } from '../../db/schema/index.ts';
import type { PersonalDataKind, RetentionRule } from '../../personal-data/kind.ts';

export interface RetentionReport {
  dryRun: boolean;
  /** Rows deleted (or that would be) per kind, in the registry's order. */
  deleted: { kind: string; count: number }[];
}

const JOB = 'retention';
const EVERY_DAY = sql`interval '1 day'`;

/** Thrown inside a dry run's transaction so that it rolls back once everything was counted. */
class DryRunDone extends Error {
  readonly report: RetentionReport;
  constructor(report: RetentionReport) {
    super('dry run');
    this.report = report;
  }
}

export function createRetentionService(deps: {
  db: Database;
  kinds: readonly PersonalDataKind[];
  log?: FastifyBaseLogger;
}) {
  const { db, kinds, log } = deps;
  const rules = kinds.flatMap((kind) =>
    'purge' in kind.retention ? [{ kind: kind.id, rule: kind.retention as RetentionRule }] : [],
  );

  async function purge(tx: Database, now: Date, dryRun: boolean): Promise<RetentionReport> {
    const deleted = [];
    for (const { kind, rule } of rules) {
      const cutoff = rule.period === 'expiry' ? now : periodBefore(now, rule.period);
      deleted.push({ kind, count: await rule.purge(tx, cutoff) });
    }
    return { dryRun, deleted };
  }

  return {
    /**
     * Deletes what is past its period at `now`, in one transaction. A dry run does the same and rolls it back,
     * so that its counts are exactly what a run would delete.
     */
    async run({ now = new Date(), dryRun = false }: { now?: Date; dryRun?: boolean } = {}) {
      try {
        return await db.transaction(async (tx) => {
          const report = await purge(tx, now, dryRun);
          if (dryRun) throw new DryRunDone(report);
          return report;
        });
      } catch (error) {
        if (error instanceof DryRunDone) return error.report;
        throw error;
      }
    },

    /**
     * The daily run, once across instances: the instance whose update moves the next run a day on does the job,
     * in the same transaction, so a failed run is tried again by the next poll and a concurrent one waits for
     * the row and then finds nothing due. Null when it was not due here.
     */
    async runIfDue(now = new Date()): Promise<RetentionReport | null> {
      const report = await db.transaction(async (tx) => {
        await tx.insert(scheduledJobs).values({ name: JOB, nextRunAt: now }).onConflictDoNothing();
        const claimed = await tx.execute(sql`
          update ${scheduledJobs} set next_run_at = ${now.toISOString()}::timestamptz + ${EVERY_DAY},
            last_run_at = ${now.toISOString()}::timestamptz
          where name = ${JOB} and next_run_at <= ${now.toISOString()}::timestamptz
          returning name`);
        if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) return null;
        const done = await purge(tx, now, false);
        await tx
          .update(scheduledJobs)
          .set({ lastReport: done })
          .where(sql`name = ${JOB}`);
        return done;
      });
      if (report) log?.info({ deleted: report.deleted }, 'retention job ran');
      return report;
    },

    /** Each kind and how long it is kept, for the privacy page. */
    policies(): DataKindPolicy[] {
      return kinds.map((kind) => ({
        kind: kind.id,
        period:
          'period' in kind.retention && kind.retention.period !== 'expiry' ? kind.retention.period : null,
      }));
    },
  };
}
