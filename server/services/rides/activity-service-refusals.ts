/**
 * A service refusing the club's application (Strava's inactive application, or its athlete limit reached) is the
 * club's business, not the rider's: it is kept in the database, for the dashboard of every volunteer, until a call
 * to that service succeeds again (docs/DEPLOY.md says how to renew the application).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { ActivityProvider, ApplicationRefusal } from '../../../domain/activity-providers.ts';
import type { Database } from '../../db/client.ts';
import { activityServiceRefusals } from '../../db/schema/index.ts';

/**
 * How long after a refusal riders are not sent to the service: long enough to spare them its error page, short
 * enough that the application renewed is tried again (a successful call then clears the warning).
 */
export const REFUSAL_HOLD_MS = 60 * 60 * 1000;

/** Records the refusal; `since` stays the first one's, the reason and `last_at` are the latest. */
export async function recordApplicationRefusal(
  db: Database,
  provider: ActivityProvider,
  reason: ApplicationRefusal,
  now = new Date(),
): Promise<void> {
  await db
    .insert(activityServiceRefusals)
    .values({ provider, reason, since: now, lastAt: now })
    .onConflictDoUpdate({
      target: activityServiceRefusals.provider,
      set: { reason: sql`excluded.reason`, lastAt: sql`excluded.last_at` },
    });
}

/** The service answered: whatever it refused before, it accepts the application again. */
export async function clearApplicationRefusal(db: Database, provider: ActivityProvider): Promise<void> {
  await db.delete(activityServiceRefusals).where(eq(activityServiceRefusals.provider, provider));
}

/** Whether the service refused the club's application within the hold (a rider is not sent to it then). */
export async function isApplicationRefused(
  db: Database,
  provider: ActivityProvider,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ provider: activityServiceRefusals.provider })
    .from(activityServiceRefusals)
    .where(
      and(
        eq(activityServiceRefusals.provider, provider),
        gt(activityServiceRefusals.lastAt, new Date(now.getTime() - REFUSAL_HOLD_MS)),
      ),
    );
  return row !== undefined;
}

/** Every service refusing the club's application now, for the dashboard. */
export async function applicationRefusals(
  db: Database,
): Promise<{ provider: ActivityProvider; reason: ApplicationRefusal; since: string }[]> {
  const rows = await db.select().from(activityServiceRefusals).orderBy(activityServiceRefusals.provider);
  return rows.map((row) => ({ provider: row.provider, reason: row.reason, since: row.since.toISOString() }));
}
