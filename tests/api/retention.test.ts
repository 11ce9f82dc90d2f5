/**
 * Nothing kept longer than needed (decision 0043): the retention job with a clock — each kind deleted on time and
 * not before, the club's records kept, a dry run deleting nothing, the daily job run once across two instances.
 * Run on PostgreSQL too (`--project api-pg`), where the two instances really race.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  candidates,
  mailOutbox,
  orders,
  payments,
  scheduledJobs,
  sessions,
  trustedDevices,
  users,
} from '../../server/db/schema/index.ts';
import { createServices } from '../../server/services/index.ts';
import { recordAudit } from '../../server/services/platform/audit.ts';
import { candidatePayload, orderPayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInUser, verifiedUser } from '../support/users.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_FACTOR: '50' });
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY);
const run = (days: number) => t.services.retention.run({ now: later(days) });

async function exists<T>(rows: Promise<T[]>): Promise<boolean> {
  return (await rows).length > 0;
}
const userExists = (id: number) => exists(t.db.select().from(users).where(eq(users.id, id)));
const orderExists = (id: number) => exists(t.db.select().from(orders).where(eq(orders.id, id)));

async function unpaidOrder(user: Awaited<ReturnType<typeof signedInUser>>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.auth,
    payload: orderPayload({ candidats: [candidatePayload({ prenom: 'Impayé' })] }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('the retention job', () => {
  it('deletes an unpaid order 30 days after it was placed, with its registrations and attempts, and keeps paid ones', async () => {
    const buyer = await verifiedUser(t);
    const unpaid = await unpaidOrder(buyer);
    const paid = await paidOrder(t, buyer);

    await run(29);
    expect(await orderExists(unpaid)).toBe(true);

    await run(31);
    expect(await orderExists(unpaid)).toBe(false);
    expect(await exists(t.db.select().from(candidates).where(eq(candidates.orderId, unpaid)))).toBe(false);
    expect(await exists(t.db.select().from(payments).where(eq(payments.orderId, unpaid)))).toBe(false);
    // The club's accounts: kept, with their registrations, years later.
    await run(365 * 11);
    expect(await orderExists(paid.id)).toBe(true);
    expect(await exists(t.db.select().from(candidates).where(eq(candidates.orderId, paid.id)))).toBe(true);
  });

  it('deletes an account never verified after 30 days, unless it ordered; a verified one stays', async () => {
    const unverified = await signedInUser(t);
    const verified = await verifiedUser(t);
    const buyer = await signedInUser(t);
    await paidOrder(t, buyer);

    await run(29);
    expect(await userExists(unverified.id)).toBe(true);

    await run(31);
    expect(await userExists(unverified.id)).toBe(false);
    expect(await userExists(verified.id)).toBe(true);
    expect(await userExists(buyer.id)).toBe(true);
  });

  it('deletes sessions past their expiry, and browsers unused for a year', async () => {
    const user = await verifiedUser(t);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const daysLeft = (session!.expiresAt.getTime() - Date.now()) / DAY;

    await run(daysLeft - 1);
    expect(await exists(t.db.select().from(sessions).where(eq(sessions.userId, user.id)))).toBe(true);
    await run(daysLeft + 1);
    expect(await exists(t.db.select().from(sessions).where(eq(sessions.userId, user.id)))).toBe(false);

    expect(await exists(t.db.select().from(trustedDevices).where(eq(trustedDevices.userId, user.id)))).toBe(
      true,
    );
    await run(364);
    expect(await exists(t.db.select().from(trustedDevices).where(eq(trustedDevices.userId, user.id)))).toBe(
      true,
    );
    await run(366);
    expect(await exists(t.db.select().from(trustedDevices).where(eq(trustedDevices.userId, user.id)))).toBe(
      false,
    );
  });

  it('deletes mail after 12 months and audit entries after 5 years', async () => {
    const user = await verifiedUser(t);
    const mail = () => exists(t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)));
    await recordAudit(t.db, { actorId: null, action: 'user.update', entity: 'user', entityId: user.id });
    const audit = () =>
      exists(
        t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.entityId, String(user.id)))),
      );

    await run(360);
    expect(await mail()).toBe(true);
    await run(370);
    expect(await mail()).toBe(false);

    await run(365 * 5 - 2);
    expect(await audit()).toBe(true);
    await run(365 * 5 + 2);
    expect(await audit()).toBe(false);
  });

  it('counts in a dry run what a run deletes, and deletes nothing', async () => {
    const user = await signedInUser(t);
    const unpaid = await unpaidOrder(await verifiedUser(t));

    const dry = await t.services.retention.run({ now: later(40), dryRun: true });
    expect(dry.dryRun).toBe(true);
    const count = (kind: string, report: typeof dry) =>
      report.deleted.find((entry) => entry.kind === kind)?.count;
    expect(count('orders', dry)).toBeGreaterThanOrEqual(1);
    expect(count('account', dry)).toBeGreaterThanOrEqual(1);
    expect(await userExists(user.id)).toBe(true);
    expect(await orderExists(unpaid)).toBe(true);

    const real = await t.services.retention.run({ now: later(40) });
    expect(real.deleted).toEqual(dry.deleted);
    expect(await orderExists(unpaid)).toBe(false);
  });

  it('runs daily, once across two instances', async () => {
    const other = createServices({ db: t.db, config: t.config, mailDelivery: 'manual' });
    try {
      await t.db.delete(scheduledJobs);
      const unverified = await signedInUser(t);
      const day = later(45);
      const results = await Promise.all([
        t.services.retention.runIfDue(day),
        other.retention.runIfDue(day),
        t.services.retention.runIfDue(day),
        other.retention.runIfDue(day),
      ]);
      const ran = results.filter((report) => report !== null);
      expect(ran).toHaveLength(1);
      expect(ran[0]!.deleted.find((entry) => entry.kind === 'account')!.count).toBeGreaterThanOrEqual(1);
      expect(await userExists(unverified.id)).toBe(false);

      // The same day again: nothing; the next day: once more.
      expect(await other.retention.runIfDue(new Date(day.getTime() + DAY / 2))).toBeNull();
      const next = await Promise.all([
        t.services.retention.runIfDue(new Date(day.getTime() + DAY)),
        other.retention.runIfDue(new Date(day.getTime() + DAY)),
      ]);
      expect(next.filter((report) => report !== null)).toHaveLength(1);
      const [job] = await t.db.select().from(scheduledJobs);
      expect(job!.lastRunAt!.getTime()).toBe(day.getTime() + DAY);
      expect(job!.lastReport).toEqual(next.find((report) => report !== null));
    } finally {
      await other.close();
    }
  });
});
