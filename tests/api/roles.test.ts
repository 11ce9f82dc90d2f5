/** Roles of the back office (issue 42): each role against the admin routes, and granting and taking roles. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../domain/roles.ts';
import { auditLog, mailOutbox } from '../../server/db/schema/index.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { enrolTotp } from '../support/second-factor.ts';
import { injectCall, signedInStaff, signedInUser, signInStaffAgain } from '../support/users.ts';

let t: TestApp;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
const people = {} as Record<StaffRole, Staff>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['desk', 'president', 'treasurer', 'admin'] as const)
    people[role] = await signedInStaff(t, [role]);
});
afterAll(async () => {
  await t.close();
});

/** Each route with the role that may call it: the others get 403 `forbidden` before the body is read. */
const routes: [StaffRole, string, string, unknown?][] = [
  ['desk', 'POST', '/api/admin/candidates/processed', {}],
  ['desk', 'POST', '/api/admin/candidates/labels', {}],
  ['desk', 'POST', '/api/admin/print-jobs', {}],
  ['desk', 'POST', '/api/admin/scan', {}],
  ['president', 'GET', '/api/admin/candidates?list=in_progress'],
  ['president', 'POST', '/api/admin/candidates/1/homologate', {}],
  ['president', 'POST', '/api/admin/homologations/batch', {}],
  ['president', 'POST', '/api/admin/candidates/1/evidence-requests', {}],
  ['treasurer', 'GET', '/api/admin/ledger.csv'],
  ['treasurer', 'POST', '/api/admin/orders/1/refunds', {}],
  ['treasurer', 'GET', '/api/admin/cancellation-requests'],
  ['admin', 'GET', '/api/admin/users'],
  ['admin', 'GET', '/api/admin/audit'],
  ['admin', 'GET', '/api/admin/audit.csv'],
  ['admin', 'PUT', '/api/admin/users/1/roles', {}],
];

describe('each role against the admin routes', () => {
  it.each(routes)('%s alone may %s %s', async (allowed, method, url, payload) => {
    for (const role of ['desk', 'president', 'treasurer', 'admin'] as const) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: people[role].auth,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (role === allowed) expect(response.statusCode, `${role} ${url}`).not.toBe(403);
      else {
        expect(response.statusCode, `${role} ${url}`).toBe(403);
        expect(response.json().error.code).toBe('forbidden');
      }
    }
  });

  it('lets the desk, the president and the treasurer read the registrations, not the site’s administrator', async () => {
    for (const role of ['desk', 'president', 'treasurer', 'admin'] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/candidates?list=traitements',
        headers: people[role].auth,
      });
      expect(response.statusCode, role).toBe(role === 'admin' ? 403 : 200);
    }
  });

  it('shows each person only the dashboard panels their roles read', async () => {
    const dashboard = async (role: StaffRole) =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: people[role].auth })).json();
    expect((await dashboard('desk')).season).toBeNull();
    expect((await dashboard('desk')).latestActions).toBeNull();
    expect((await dashboard('treasurer')).season).toMatchObject({ currency: 'EUR' });
    expect((await dashboard('admin')).latestActions).toEqual(expect.any(Array));
    expect((await dashboard('admin')).season).toBeNull();
  });

  it('tells the signed-in person their roles', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: people.president.auth });
    expect(me.json()).toMatchObject({ roles: ['president'] });
  });
});

describe('granting and taking roles', () => {
  it('grants a role, audited with before and after, every administrator mailed', async () => {
    const rider = await signedInUser(t);
    const granted = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${rider.id}/roles`,
      headers: people.admin.auth,
      payload: { roles: ['treasurer', 'desk'] },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: rider.id, roles: ['desk', 'treasurer'] });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.roles'), eq(auditLog.entityId, String(rider.id))));
    expect(entry).toMatchObject({
      actorId: people.admin.id,
      before: { roles: [] },
      after: { roles: ['desk', 'treasurer'] },
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, people.admin.email));
    expect(mails.some((mail) => mail.subject.includes('Martin'))).toBe(true);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?email=${encodeURIComponent(rider.email)}`,
      headers: people.admin.auth,
    });
    expect(listed.json()).toEqual([expect.objectContaining({ roles: ['desk', 'treasurer'] })]);
    // The grant takes effect on the next request (a session carries no copy of the roles), once the new holder
    // has a second factor: until then every permission answers 403 second_factor_required.
    const ledger = () => t.app.inject({ method: 'GET', url: '/api/admin/ledger.csv', headers: rider.auth });
    const before = await ledger();
    expect(before.statusCode).toBe(403);
    expect(before.json().error.code).toBe('second_factor_required');
    await enrolTotp(injectCall(t, rider.token));
    expect((await ledger()).statusCode).toBe(200);
  });

  it('ends the sessions of someone who lost a role at once', async () => {
    const desk = await signedInStaff(t, ['desk', 'president']);
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${desk.id}/roles`,
      headers: people.admin.auth,
      payload: { roles: ['desk'] },
    });
    expect(taken.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: desk.auth });
    expect(after.statusCode).toBe(401);
    const again = await signInStaffAgain(t, desk);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: again.auth });
    expect(me.json().roles).toEqual(['desk']);
  });

  it('keeps the club one administrator (409 last_admin), refuses unknown roles (400) and unknown people (404)', async () => {
    const [others] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/admin/users', headers: people.admin.auth }),
    ]);
    const admins = others.json().filter((person: { roles: string[] }) => person.roles.includes('admin'));
    expect(admins).toHaveLength(1);
    const alone = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${people.admin.id}/roles`,
      headers: people.admin.auth,
      payload: { roles: ['desk'] },
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.code).toBe('last_admin');
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${people.admin.id}/roles`,
      headers: people.admin.auth,
      payload: { roles: ['owner'] },
    });
    expect(unknown.statusCode).toBe(400);
    const nobody = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/users/999999/roles',
      headers: people.admin.auth,
      payload: { roles: [] },
    });
    expect(nobody.statusCode).toBe(404);
  });
});
