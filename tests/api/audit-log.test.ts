/**
 * The audit log (issue 42): only `audit.read` reads it; filtered by person, kind of act and days; a page at a time;
 * the CSV in the reader's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../server/services/platform/audit.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInStaff, signedInUser } from '../support/users.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let desk: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, ['admin']);
  desk = await signedInStaff(t, ['desk']);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, auth = admin.auth) => t.app.inject({ method: 'GET', url, headers: auth });

describe('GET /api/admin/audit', () => {
  it('is the administrators’ only: 401 signed out, 403 for the other roles and riders', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    expect((await get('/api/admin/audit', desk.auth)).statusCode).toBe(403);
    const rider = await signedInUser(t);
    expect((await get('/api/admin/audit.csv', rider.auth)).statusCode).toBe(403);
  });

  it('lists who did what, newest first, filtered by person, kind of act and days', async () => {
    const rider = await signedInUser(t);
    const granted = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${rider.id}/roles`,
      headers: admin.auth,
      payload: { roles: ['desk'] },
    });
    expect(granted.statusCode).toBe(200);
    const page = (
      await get(`/api/admin/audit?actor=${encodeURIComponent(admin.email.toUpperCase())}`)
    ).json();
    expect(page.entries[0]).toMatchObject({
      action: 'user.roles',
      entity: 'user',
      entity_id: String(rider.id),
      actor: { id: admin.id, email: admin.email },
      before: { roles: [] },
      after: { roles: ['desk'] },
    });
    for (const entry of page.entries) expect(entry.actor.email).toBe(admin.email);
    const byKind = (await get('/api/admin/audit?action=user.roles')).json();
    for (const entry of byKind.entries) expect(entry.action).toBe('user.roles');
    // The roles the command line granted (the test's staff) have no person as their actor.
    expect(byKind.entries.some((entry: { actor: unknown }) => entry.actor === null)).toBe(true);
    const future = (await get('/api/admin/audit?from=2999-01-01')).json();
    expect(future).toEqual({ entries: [], next: null });
    const past = (await get('/api/admin/audit?to=2000-01-01')).json();
    expect(past.entries).toEqual([]);
  });

  it('pages through fifty at a time, from `next`', async () => {
    for (let index = 0; index < 60; index += 1)
      await recordAudit(t.db, {
        actorId: desk.id,
        action: 'candidate.processed',
        entity: 'candidate',
        entityId: index,
      });
    const first = (await get('/api/admin/audit?action=candidate.processed')).json();
    expect(first.entries).toHaveLength(50);
    expect(first.next).toEqual(expect.any(Number));
    const second = (await get(`/api/admin/audit?action=candidate.processed&before=${first.next}`)).json();
    expect(second.entries).toHaveLength(10);
    expect(second.next).toBeNull();
    expect(second.entries[0].id).toBe(first.next);
  });

  it('refuses filters that are none (400), and an unknown kind of act', async () => {
    for (const query of [
      'action=drop.table',
      'from=2026-02-30',
      'before=-1',
      'before=abc',
      `actor=${'a'.repeat(300)}`,
    ])
      expect((await get(`/api/admin/audit?${query}`)).statusCode, query).toBe(400);
  });
});

describe('GET /api/admin/audit.csv', () => {
  it('writes the entries as a French spreadsheet reads them, acts named in French', async () => {
    const response = await get('/api/admin/audit.csv?lang=fr&action=user.roles');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, first] = response.body.replace('\uFEFF', '').split('\n');
    expect(header).toBe('date;personne;email;action;code;objet;identifiant;avant;après');
    expect(first).toContain(';Rôles modifiés;user.roles;user;');
  });

  it('writes English with commas without a language', async () => {
    const [header] = (await get('/api/admin/audit.csv')).body.replace('\uFEFF', '').split('\n');
    expect(header).toBe('date,person,email,act,code,object,id,before,after');
  });
});
