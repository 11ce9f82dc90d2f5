/**
 * The back office's people in the browser journeys (issue 42). Each journey that needs one gets a person of its own,
 * made through the running server's command line (as the club makes one) and signed in as they would be: the
 * password, then an authenticator app set up in that session, its codes computed as a phone would
 * (tests/support/second-factor.ts). Nothing turns the second factor off.
 */
import crypto from 'node:crypto';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { STAFF_ROLES, type StaffRole } from '../../domain/roles.ts';
import { dataDir } from '../../playwright.config.ts';
import { adminSocketPath, runThroughServer } from '../../server/admin-socket.ts';
import { type Authenticator, type JsonCall, enrolTotp } from '../support/second-factor.ts';

export interface StaffAccount {
  email: string;
  password: string;
  roles: readonly StaffRole[];
  authenticator: Authenticator;
}

const STAFF_PASSWORD = 'Admin1910x';

/** The API as the helpers call it, through a Playwright request context (and its cookies). */
export function requestCall(request: APIRequestContext): JsonCall {
  return async (method, url, body) => {
    const response = await request.fetch(url, { method, ...(body === undefined ? {} : { data: body }) });
    const text = await response.text();
    return { status: response.status(), body: text ? JSON.parse(text) : null };
  };
}

/** A new account holding `roles`, made by the server's own command line. */
export async function newStaffAccount(
  roles: readonly StaffRole[],
): Promise<{ email: string; password: string }> {
  const suffix = crypto.randomBytes(5).toString('hex');
  const email = `staff.${suffix}@e2e.test`;
  const lines: string[] = [];
  const argv = [
    ...['user:create', '--email', email, '--password', STAFF_PASSWORD, '--roles', roles.join(',')],
    ...['--prenom', 'Bénévole', '--nom', suffix.toUpperCase()],
  ];
  const exit = await runThroughServer(
    adminSocketPath(dataDir),
    { argv, cwd: process.cwd() },
    { print: (line) => lines.push(line), printError: (line) => lines.push(line) },
  );
  expect(exit, lines.join('\n')).toBe(0);
  return { email, password: STAFF_PASSWORD };
}

/**
 * Someone of the back office (every role unless told), signed in on `request` (a context's or a page's, whose
 * cookies the browser shares) with their second factor passed.
 */
export async function signInAsStaff(
  request: APIRequestContext,
  roles: readonly StaffRole[] = STAFF_ROLES,
): Promise<StaffAccount> {
  const credentials = await newStaffAccount(roles);
  const login = await request.post('/api/login', { data: credentials });
  expect(login.status(), await login.text()).toBe(200);
  expect((await login.json()).second_factor).toBe('setup_required');
  const { authenticator } = await enrolTotp(requestCall(request));
  return { ...credentials, roles, authenticator };
}

/** Labels of the sign-in page's second step, in the journey's language. */
export interface CodeStepLabels {
  code: string;
  submit: string;
}

/** The sign-in page's second step: the next code of the account's app, typed and sent. */
export async function enterCode(page: Page, account: StaffAccount, labels: CodeStepLabels): Promise<void> {
  const form = page.getByTestId('second-factor-form');
  await form.getByRole('textbox', { name: labels.code }).fill(account.authenticator.nextCode());
  await form.getByRole('button', { name: labels.submit }).click();
}
