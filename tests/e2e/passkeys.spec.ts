/**
 * Passkeys in the browser (issue 42; decision 0050), with Chrome's virtual authenticator (a platform authenticator
 * that verifies its user): a new volunteer adds a passkey as their second factor, keeps the recovery codes shown
 * once and opens the administration; signs in again with the passkey alone, then with the password and the passkey
 * as its second step. In French on a 360 px phone and in English on a wide screen. WebAuthn needs a domain, so the
 * journeys open the site as `localhost`.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newStaffAccount } from './staff.ts';

function texts(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  return { auth: read('auth'), account: read('account'), validation: read('validation') };
}

const VIEWPORTS = { fr: { width: 360, height: 780 }, gb: { width: 1280, height: 900 } } as const;

/** A platform authenticator that holds passkeys and verifies its user at once, as a phone's fingerprint would. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

async function noAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function signInWithPassword(page: Page, lang: string, account: { email: string; password: string }) {
  const { auth, validation } = texts(lang);
  const login = page.getByTestId('login-form');
  await login.getByRole('textbox', { name: validation.form_email }).fill(account.email);
  await login.getByRole('textbox', { name: validation.form_password, exact: true }).fill(account.password);
  await login.getByRole('button', { name: auth.login.submit }).click();
}

for (const lang of ['fr', 'gb'] as const) {
  test(`a volunteer adds a passkey and signs in with it, with or without the password (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { auth, account, validation } = texts(lang);
    const security = account.security;
    const site = baseURL!.replace('127.0.0.1', 'localhost');
    const context = await browser.newContext({ baseURL: site, viewport: VIEWPORTS[lang] });
    const page = await context.newPage();
    const credentials = await virtualAuthenticator(context, page);
    const volunteer = await newStaffAccount(['desk']);

    // The password alone: the back office sends the volunteer to the security page, where a passkey is offered.
    await page.goto(`/${lang}/login?redirectTo=${encodeURIComponent(`/${lang}/administration`)}`);
    await signInWithPassword(page, lang, volunteer);
    await expect(page.getByTestId('second-factor-required')).toHaveText(security.requiredText);
    const add = page.getByTestId('passkey-add');
    await expect(add).toBeVisible();
    await noAxeViolation(page);
    await add.getByRole('textbox', { name: security.passkeys.nameLabel }).fill('Mon téléphone');
    // A first factor asks the password: a passkey signs in without one.
    await add.getByRole('textbox', { name: validation.form_current_password }).fill(volunteer.password);
    await add.getByRole('button', { name: security.passkeys.add }).click();

    // Ten recovery codes, shown once; the administration opens.
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    expect(await credentials()).toHaveLength(1);
    await page.getByRole('link', { name: security.codesSaved }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/administration/dashboard$`));

    // Signed out, the passkey alone signs in.
    expect((await page.request.post('/api/logout')).status()).toBe(204);
    await page.goto(`/${lang}/login`);
    const passkeyOnly = page.getByTestId('passkey-sign-in');
    await passkeyOnly.getByRole('button', { name: auth.passkey.signIn }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/administration/dashboard$`));

    // The security page lists it, by the name it was given, used today.
    await page.goto(`/${lang}/account/security`);
    const listed = page.getByTestId('passkey');
    await expect(listed).toContainText('Mon téléphone');
    await expect(page.getByTestId('recovery-card')).toContainText(
      security.codesLeft_other.replace('{{count}}', '10'),
    );
    await noAxeViolation(page);

    // After the password, the passkey answers the second step.
    expect((await page.request.post('/api/logout')).status()).toBe(204);
    await page.goto(`/${lang}/login`);
    await signInWithPassword(page, lang, volunteer);
    await expect(page.getByRole('heading', { level: 1, name: auth.secondFactor.heading })).toBeVisible();
    await page
      .getByTestId('passkey-second-step')
      .getByRole('button', { name: auth.passkey.useInstead })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/administration/dashboard$`));
    await context.close();
  });
}

test('without scripts, the passkey forms stay hidden and the page says passkeys need them (fr, 360 px)', async ({
  browser,
  baseURL,
}) => {
  const { account, auth } = texts('fr');
  const context = await browser.newContext({
    baseURL: baseURL!.replace('127.0.0.1', 'localhost'),
    viewport: VIEWPORTS.fr,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto('/fr/login');
  await expect(page.getByRole('button', { name: auth.passkey.signIn })).toBeHidden();
  await expect(page.getByTestId('login-form')).toBeVisible();
  const volunteer = await newStaffAccount(['desk']);
  await signInWithPassword(page, 'fr', volunteer);
  await expect(page.getByTestId('second-factor-required')).toBeVisible();
  await expect(page.getByTestId('passkey-add')).toBeHidden();
  await expect(page.getByTestId('passkeys')).toContainText(account.security.passkeys.needsScripts);
  await context.close();
});
