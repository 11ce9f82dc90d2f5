/**
 * A buyer's browser on a phone: a new account with its address verified from the outbox, signed in, in `lang`.
 * Where the account-page journeys start.
 */
import crypto from 'node:crypto';
import type { Browser } from '@playwright/test';
import { dataDir } from '../../playwright.config.ts';
import { accountPayload } from '../support/account-payload.ts';
import { verifyEmailFromOutbox } from '../support/outbox.ts';
import { PASSWORD } from '../support/users.ts';
import { expect } from './fixtures.ts';

export async function signedInBuyer(
  browser: Browser,
  baseURL: string,
  lang: string,
  options: { javaScript?: boolean; emailPrefix?: string } = {},
) {
  const email = `${options.emailPrefix ?? 'buyer'}.${crypto.randomBytes(4).toString('hex')}@example.org`;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 800 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  const signup = await context.request.post(`/api/signup?lang=${lang}`, { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  await verifyEmailFromOutbox(context.request, dataDir, email);
  const login = await context.request.post(`/api/login?lang=${lang}`, {
    data: { email, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}
