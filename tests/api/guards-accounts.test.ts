/**
 * The accounts services check who calls them themselves (server/services/guards.ts), whichever entry reaches
 * them: each guarded method, called directly without the right, refuses with the API's status and code and
 * changes nothing. The API's scope hooks refuse the same callers earlier; these tests prove the services do not
 * rely on them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contracts/account.ts';
import { profileUpdateSchema } from '../../domain/schemas/user.ts';
import { type Caller, JOBS } from '../../server/services/guards.ts';
import { minorCandidate } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { PASSWORD, signedInUser, signupPayload } from '../support/users.ts';

let t: TestApp;
/** Signed in, address not yet confirmed (a fresh sign-up). */
let unconfirmed: SessionUser;

const VISITOR: Caller = null;
const context = { ip: '203.0.113.35', locale: 'fr' as const };

const refused = (attempt: Promise<unknown>, statusCode: number, code: string) =>
  expect(attempt).rejects.toMatchObject({ statusCode, code });

async function sessionUser(token: string): Promise<SessionUser> {
  const user = await t.services.sessions.findUser(token);
  if (!user) throw new Error('no session');
  return user;
}

beforeAll(async () => {
  t = await createTestApp();
  unconfirmed = await sessionUser((await signedInUser(t)).token);
});
afterAll(async () => {
  await t.close();
});

describe('accounts: a signed-in person', () => {
  it('updateProfile refuses a visitor (401) and a club tool (403)', async () => {
    const profile = await t.services.accounts.profile(unconfirmed.id);
    const { password: _password, password_confirmation: _confirmation, ...payload } = signupPayload();
    const fields = profileUpdateSchema.parse({ ...payload, email: unconfirmed.email, ville: 'Malaucène' });
    await refused(t.services.accounts.updateProfile(VISITOR, fields, context), 401, 'unauthorized');
    await refused(t.services.accounts.updateProfile(JOBS, fields, context), 403, 'forbidden');
    expect((await t.services.accounts.profile(unconfirmed.id)).ville).toBe(profile.ville);
  });

  it('changePassword refuses a visitor (401)', async () => {
    const input = {
      current_password: PASSWORD,
      password: 'Galibier1911',
      password_confirmation: 'Galibier1911',
    };
    await refused(t.services.accounts.changePassword(VISITOR, input, null), 401, 'unauthorized');
  });

  it('resendVerification refuses a visitor (401)', async () => {
    await refused(t.services.accounts.resendVerification(VISITOR, context), 401, 'unauthorized');
  });
});

describe('account deletion and data copy: a signed-in person', () => {
  it('deleteAccount refuses a visitor (401) and a club tool (403)', async () => {
    await refused(t.services.accountDeletion.deleteAccount(VISITOR, PASSWORD), 401, 'unauthorized');
    await refused(t.services.accountDeletion.deleteAccount(JOBS, PASSWORD), 403, 'forbidden');
    expect((await t.services.accounts.profile(unconfirmed.id)).id).toBe(unconfirmed.id);
  });

  it('dataExport.forAccount refuses a visitor (401)', async () => {
    await refused(t.services.dataExport.forAccount(VISITOR), 401, 'unauthorized');
  });
});

describe('accounts and roles, the copy for a request by post: an administrator or the CLI', () => {
  it('createUser refuses a visitor (401) and a plain user (403)', async () => {
    const input = { email: 'new.admin@example.org', password: PASSWORD, roles: ['admin' as const] };
    await refused(t.services.accounts.createUser(VISITOR, input), 401, 'unauthorized');
    await refused(t.services.accounts.createUser(unconfirmed, input), 403, 'forbidden');
    expect(await t.services.accounts.findByEmail(input.email)).toBeUndefined();
  });

  it('setRoles refuses a visitor (401) and a plain user (403), even for their own account', async () => {
    const roles = ['admin' as const];
    await refused(t.services.accounts.setRoles(VISITOR, unconfirmed.id, roles), 401, 'unauthorized');
    await refused(t.services.accounts.setRoles(unconfirmed, unconfirmed.id, roles), 403, 'forbidden');
    await refused(
      t.services.accounts.setRolesByEmail(unconfirmed, unconfirmed.email, roles),
      403,
      'forbidden',
    );
    expect((await t.services.accounts.findByEmail(unconfirmed.email))?.roles).toEqual([]);
  });

  it('dataExport.forAddress refuses a visitor (401) and a plain user (403)', async () => {
    await refused(t.services.dataExport.forAddress(VISITOR, unconfirmed.email), 401, 'unauthorized');
    await refused(t.services.dataExport.forAddress(unconfirmed, unconfirmed.email), 403, 'forbidden');
  });
});

describe('public display: a confirmed address', () => {
  it('setHidden refuses a visitor (401) and an unconfirmed address (403 email_not_verified)', async () => {
    await refused(t.services.displayRestrictions.setHidden(VISITOR, true), 401, 'unauthorized');
    await refused(t.services.displayRestrictions.setHidden(unconfirmed, true), 403, 'email_not_verified');
    expect((await t.services.displayRestrictions.stateOf(unconfirmed.email)).hidden).toBe(false);
  });

  it('setNameDisplay refuses a visitor (401) and an unconfirmed address (403 email_not_verified)', async () => {
    await refused(t.services.displayRestrictions.setNameDisplay(VISITOR, 'initials'), 401, 'unauthorized');
    await refused(
      t.services.displayRestrictions.setNameDisplay(unconfirmed, 'initials'),
      403,
      'email_not_verified',
    );
    expect((await t.services.displayRestrictions.stateOf(unconfirmed.email)).name).toBe('full');
  });
});

describe("guardian consent: the buyer's own candidate", () => {
  it('resend refuses a visitor (401) and another person (404, as a candidate that does not exist)', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(
      t,
      buyer,
      { candidats: [minorCandidate()], mode_livraison: 'postal' },
      { guardianConsent: false },
    );
    const candidateId = order.candidats[0]!.id;
    await refused(t.services.guardianConsents.resend(VISITOR, candidateId), 401, 'unauthorized');
    await refused(t.services.guardianConsents.resend(unconfirmed, candidateId), 404, 'not_found');
  });
});
