/** Test users: valid sign-up payloads, and helpers to sign up and sign in through the API. */
import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '../../domain/roles.ts';
import { mailOutbox } from '../../server/db/schema/index.ts';
import { CLI } from '../../server/services/guards.ts';
import { type Authenticator, enrolTotp, type JsonCall, signInWithCode } from './second-factor.ts';
import type { TestApp } from './test-app.ts';

export const PASSWORD = 'Ventoux1910';

export function signupPayload(overrides: Record<string, unknown> = {}) {
  return {
    civilite: 'mme',
    nom: 'Martin',
    prenom: 'Claire',
    date_naissance: '1985-04-12',
    tel: '06 12 34 56 78',
    adresse: '12 route du Mont Ventoux',
    complement: '',
    cp: '84410',
    ville: 'Bédoin',
    pays: 'fr',
    nationalite: 'fr',
    email: `claire.${crypto.randomBytes(4).toString('hex')}@example.org`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...overrides,
  };
}

export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const response = await t.app.inject({ method: 'POST', url: '/api/signup', payload });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  return { ...payload, id: response.json<{ id: number }>().id };
}

export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}

export async function signedInUser(t: TestApp, overrides: Record<string, unknown> = {}) {
  const user = await signUp(t, overrides);
  const token = await signIn(t, user.email);
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}

/** The API through `inject`, as the second factor's helpers call it; with `token`, in that session. */
export function injectCall(t: TestApp, token?: string): JsonCall {
  return async (method, url, payload) => {
    const response = await t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
}

/**
 * Someone of the back office holding `roles` (every role by default: an administrator of before the roles), signed
 * in as they would be: the password, then an authenticator app set up in that session (tests/support/second-factor.ts).
 */
export async function signedInStaff(t: TestApp, roles: readonly StaffRole[] = STAFF_ROLES) {
  const user = await signUp(t);
  await t.services.accounts.setRolesByEmail(CLI, user.email, roles);
  const token = await signIn(t, user.email);
  const { authenticator, recoveryCodes } = await enrolTotp(injectCall(t, token));
  return { ...user, roles, token, auth: { authorization: `Bearer ${token}` }, authenticator, recoveryCodes };
}

/** Signs `staff` in again (a new session, through their code). */
export async function signInStaffAgain(t: TestApp, staff: { email: string; authenticator: Authenticator }) {
  const token = await signInWithCode(
    injectCall(t),
    { email: staff.email, password: PASSWORD },
    staff.authenticator,
  );
  return { token, auth: { authorization: `Bearer ${token}` } };
}

export const signedInAdmin = (t: TestApp) => signedInStaff(t);

/** The newest link of the given path mailed to `email`, read from the mail queue (delivery is manual in tests). */
export async function mailedLink(t: TestApp, email: string, linkPath: string): Promise<URL> {
  const rows = await t.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id));
  for (const row of rows) {
    const link = /https?:\/\/\S+/g;
    for (const match of row.text.matchAll(link)) {
      const url = new URL(match[0]);
      if (url.pathname.endsWith(linkPath)) return url;
    }
  }
  throw new Error(`no ${linkPath} link mailed to ${email}`);
}

/** Follows the verification link mailed to `email`, as its owner would. */
export async function verifyEmail(t: TestApp, email: string): Promise<void> {
  const link = await mailedLink(t, email, '/account/verify-email');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/verify-email',
    payload: { token: link.searchParams.get('token') },
  });
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.body}`);
}

/** A signed-in user whose address is verified: what homologations and the public display need. */
export async function verifiedUser(t: TestApp, overrides: Record<string, unknown> = {}) {
  const user = await signedInUser(t, overrides);
  await verifyEmail(t, user.email);
  return user;
}
