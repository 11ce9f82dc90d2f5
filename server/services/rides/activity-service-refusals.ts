/**
 * A service refusing the club's application (Strava's inactive application, or its athlete limit reached) is the
 * club's business, not the rider's: it is kept in the database, for the dashboard of every volunteer, until a call
 * to that service succeeds again (docs/DEPLOY.md says how to renew the application).
 */
import { eq, sql } from 'drizzle-orm';
import type { ActivityProvider, ApplicationRefusal } from '../../../domain/activity-providers.ts';
import type { Database } from '../../db/client.ts';
import { activityServiceRefusals } from '../../db/schema/index.ts';

/** Records the refusal; `since` stays the first one's, the reason is the latest. */
export async function recordApplicationRefusal(
  db: Database,
  provider: ActivityProvider,
  reason: ApplicationRefusal,
  now = new Date(),
): Promise<void> {
  await db
    .insert(activityServiceRefusals)
    .values({ provider, reason, since: now })
    .onConflictDoUpdate({ target: activityServiceRefusals.provider, set: { reason: sql`excluded.reason` } });
}

/** The service answered: whatever it refused before, it accepts the application again. */
export async function clearApplicationRefusal(db: Database, provider: ActivityProvider): Promise<void> {
  await db.delete(activityServiceRefusals).where(eq(activityServiceRefusals.provider, provider));
}

/** Every service refusing the club's application now, for the dashboard. */
export async function applicationRefusals(
  db: Database,
): Promise<{ provider: ActivityProvider; reason: ApplicationRefusal; since: string }[]> {
  const rows = await db.select().from(activityServiceRefusals).orderBy(activityServiceRefusals.provider);
  return rows.map((row) => ({ provider: row.provider, reason: row.reason, since: row.since.toISOString() }));
}
