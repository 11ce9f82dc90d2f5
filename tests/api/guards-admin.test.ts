/**
 * The admin area's services refuse by themselves, whichever entry calls them (issue 35): each admin-only method,
 * called directly without the API's scope hook, answers 401 to a visitor and 403 to a signed-in rider; what is kept
 * per administrator (a print job) is 404 to another one; a rider's own homologations need a confirmed address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contracts/account.ts';
import { AppError } from '../../server/errors.ts';
import { CLI, JOBS, type Caller } from '../../server/services/guards.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser, verifiedUser } from '../support/users.ts';

let t: TestApp;
let admin: SessionUser;
let otherAdmin: SessionUser;
let rider: SessionUser;
let unverified: SessionUser;

/** The session's user, as the API hands it to a service. */
async function sessionUser(who: { token: string }): Promise<SessionUser> {
  const user = await t.services.sessions.findUser(who.token);
  if (!user) throw new Error('no session');
  return user;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await sessionUser(await signedInAdmin(t));
  otherAdmin = await sessionUser(await signedInAdmin(t));
  rider = await sessionUser(await verifiedUser(t));
  unverified = await sessionUser(await signedInUser(t));
  // A fresh server and four accounts: slow on a loaded machine.
}, 240_000);
afterAll(async () => {
  await t?.services.printJobs.stop();
  await t?.close();
});

/** `401 unauthorized`, `403 forbidden`, … as the error handler would answer, or `allowed`. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return `${error.statusCode} ${error.code}`;
    throw error;
  }
  return 'allowed';
}

const JOB_ID = '00000000-0000-4000-8000-000000000000';
const LIST = { list: 'traitements', page: 1, pageSize: 10, sort: 'created_at', order: 'asc' } as const;

/** Each admin-only method, called with the given caller and arguments that would otherwise be valid enough. */
const adminMethods: [string, (caller: Caller) => Promise<unknown>][] = [
  ['admin.dashboard', (caller) => t.services.admin.dashboard(caller)],
  ['admin.listCandidates', (caller) => t.services.admin.listCandidates(caller, LIST)],
  ['admin.exportCsv', (caller) => t.services.admin.exportCsv(caller, LIST)],
  ['admin.candidateDetail', (caller) => t.services.admin.candidateDetail(caller, 1)],
  ['admin.markProcessed', (caller) => t.services.admin.markProcessed(caller, [1])],
  ['admin.sendDocuments', (caller) => t.services.admin.sendDocuments(caller, [1])],
  ['admin.labels', (caller) => t.services.admin.labels(caller, [1])],
  ['printJobs.start', (caller) => t.services.printJobs.start(caller, [1])],
  ['printJobs.status', (caller) => t.services.printJobs.status(caller, JOB_ID)],
  ['printJobs.file', (caller) => t.services.printJobs.file(caller, JOB_ID)],
  ['homologations.scan', (caller) => t.services.homologations.scan(caller, 'CV-1-1', { confirm: true })],
  [
    'homologations.homologate',
    (caller) =>
      t.services.homologations.homologate(caller, 1, {
        date_passage: '2026-01-01',
        epreuve_realisee: 'cingle',
      }),
  ],
  [
    'homologations.homologateWhen',
    (caller) =>
      t.services.homologations.homologateWhen(caller, 1, async () => ({
        date_passage: '2026-01-01',
        epreuve_realisee: 'cingle',
      })),
  ],
  ['homologations.reject', (caller) => t.services.homologations.reject(caller, 1, 'No ride')],
  ['homologations.reopen', (caller) => t.services.homologations.reopen(caller, 1)],
  ['homologations.cancel', (caller) => t.services.homologations.cancel(caller, 1, 'Mistake')],
  [
    'homologations.correct',
    (caller) => t.services.homologations.correct(caller, 1, { date_passage: null, commentaire: null }),
  ],
  [
    'homologations.homologateBatch',
    (caller) => t.services.homologations.homologateBatch(caller, { items: [{ candidate_id: 1 }] }),
  ],
  ['evidenceRequests.ask', (caller) => t.services.evidenceRequests.ask(caller, 1, 'Please attach your ride')],
];

describe('admin-only service methods, called without the API', () => {
  it.each(adminMethods)('%s asks a visitor to sign in', async (_name, call) => {
    expect(await outcome(() => call(null))).toBe('401 unauthorized');
    expect(await outcome(() => call(undefined))).toBe('401 unauthorized');
  });

  it.each(adminMethods)('%s refuses a signed-in rider', async (_name, call) => {
    expect(await outcome(() => call(rider))).toBe('403 forbidden');
    expect(await outcome(() => call(unverified))).toBe('403 forbidden');
  });

  it("lets the club's tools read the dashboard and lists, as an administrator", async () => {
    expect(await outcome(() => t.services.admin.dashboard(CLI))).toBe('allowed');
    expect(await outcome(() => t.services.admin.exportCsv(JOBS, LIST))).toBe('allowed');
    expect(await outcome(() => t.services.admin.dashboard(admin))).toBe('allowed');
  });
});

describe('what is kept per administrator', () => {
  it("answers 404 for another administrator's print job, as for one that does not exist", async () => {
    const { jobId } = await t.services.printJobs.start(admin, []);
    expect(await outcome(() => t.services.printJobs.status(admin, jobId))).toBe('allowed');
    expect(await outcome(() => t.services.printJobs.status(otherAdmin, jobId))).toBe('404 not_found');
    expect(await outcome(() => t.services.printJobs.file(otherAdmin, jobId))).toBe('404 not_found');
  });

  it('refuses a club tool a print job or an Idempotency-Key, which belong to a person', async () => {
    expect(await outcome(() => t.services.printJobs.start(CLI, []))).toBe('403 forbidden');
    expect(await outcome(() => t.services.printJobs.status(JOBS, JOB_ID))).toBe('403 forbidden');
    expect(
      await outcome(() => t.services.homologations.homologateBatch(CLI, { items: [] }, 'tool-batch-key')),
    ).toBe('403 forbidden');
  });
});

describe("a rider's own homologations", () => {
  const locale = 'fr' as const;

  it('need a signed-in person with a confirmed address', async () => {
    expect(await outcome(() => t.services.homologations.forUser(null, locale))).toBe('401 unauthorized');
    expect(await outcome(() => t.services.homologations.forUser(CLI, locale))).toBe('403 forbidden');
    expect(await outcome(() => t.services.homologations.forUser(unverified, locale))).toBe(
      '403 email_not_verified',
    );
    expect(await t.services.homologations.forUser(rider, locale)).toEqual([]);
  });
});
