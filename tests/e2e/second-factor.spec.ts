/**
 * The second factor in the browser (issue 42): a new volunteer signs in, is sent from the back office to set up an
 * authenticator app (the QR code, the key, a first code), keeps the ten recovery codes shown once, and arrives in
 * the administration; signing in again asks for a code after the password, refuses a wrong one in place and takes a
 * recovery code. In French on a 360 px phone and in English on a wide screen; both pages work without scripts.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Authenticator } from '../support/second-factor.ts';
import { expect, test } from './fixtures.ts';
import { dataDir } from '../../playwright.config.ts';
import { mailedLink } from '../support/outbox.ts';
import { waitForHydration } from './hydration.ts';
import { newStaffAccount, signInAsStaff } from './staff.ts';

function texts(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  return {
    auth: read('auth'),
    account: read('account'),
    validation: read('validation'),
    admin: read('admin'),
  };
}

/** Axe runs in the page: only in the journey with scripts on (the pages are the same without). */
async function noAxeViolation(page: Page, scripts: boolean) {
  if (!scripts) return;
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map((violation) => `${violation.id}: ${violation.help}`);
  expect(violations, page.url()).toEqual([]);
}

const VIEWPORTS = { fr: { width: 360, height: 780 }, gb: { width: 1280, height: 900 } } as const;

for (const lang of ['fr', 'gb'] as const) {
  test(`a new volunteer sets up an authenticator app and signs in with it (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { auth, account } = texts(lang);
    const security = account.security;
    // The phone without scripts (a slow one, or before they load); the wide screen with them.
    const scripts = lang === 'gb';
    const context = await browser.newContext({
      baseURL,
      viewport: VIEWPORTS[lang],
      javaScriptEnabled: scripts,
    });
    const page = await context.newPage();
    const volunteer = await newStaffAccount(['desk']);

    // The password alone opens the account; the back office sends the volunteer to set up a second factor.
    await page.goto(`/${lang}/login?redirectTo=${encodeURIComponent(`/${lang}/administration`)}`);
    const login = page.getByTestId('login-form');
    await login.getByRole('textbox', { name: texts(lang).validation.form_email }).fill(volunteer.email);
    await login
      .getByRole('textbox', { name: texts(lang).validation.form_password, exact: true })
      .fill(volunteer.password);
    await login.getByRole('button', { name: auth.login.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/account/security\\?redirectTo=`));
    await expect(page.getByRole('heading', { level: 1, name: security.heading })).toBeVisible();
    await expect(page.getByTestId('second-factor-required')).toHaveText(security.requiredText);
    await noAxeViolation(page, scripts);

    // The app: its QR code, its key to type, then a first code.
    await page.getByRole('button', { name: security.start }).click();
    const setup = page.getByTestId('totp-setup');
    await expect(setup.getByRole('img', { name: security.qrAlt })).toBeVisible();
    const authenticator = new Authenticator(
      (await setup.getByTestId('totp-secret').textContent())!.replace(/\s/g, ''),
    );
    await noAxeViolation(page, scripts);
    const code = setup.getByRole('textbox', { name: auth.secondFactor.codeLabel });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await code.fill('123456');
    await setup.getByRole('button', { name: security.confirm }).click();
    await expect(
      page.getByTestId('totp-setup').getByText(texts(lang).validation.second_factor_code_wrong).first(),
    ).toBeVisible();
    await page
      .getByTestId('totp-setup')
      .getByRole('textbox', { name: auth.secondFactor.codeLabel })
      .fill(authenticator.nextCode());
    await page.getByTestId('totp-setup').getByRole('button', { name: security.confirm }).click();

    // Ten recovery codes, shown once; then the administration opens.
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().textContent())!.trim();
    expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await page.getByRole('link', { name: security.codesSaved }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/administration/dashboard$`));

    // Signed out, the sign-in asks for a code after the password: a wrong one is refused in place, a recovery
    // code signs in.
    expect((await page.request.post('/api/logout')).status()).toBe(204);
    await page.goto(`/${lang}/login`);
    await login.getByRole('textbox', { name: texts(lang).validation.form_email }).fill(volunteer.email);
    await login
      .getByRole('textbox', { name: texts(lang).validation.form_password, exact: true })
      .fill(volunteer.password);
    await login.getByRole('button', { name: auth.login.submit }).click();
    const second = page.getByTestId('second-factor-form');
    await expect(page.getByRole('heading', { level: 1, name: auth.secondFactor.heading })).toBeVisible();
    await noAxeViolation(page, scripts);
    await second.getByRole('textbox', { name: auth.secondFactor.codeLabel }).fill('000000');
    await second.getByRole('button', { name: auth.secondFactor.submit }).click();
    await expect(second.getByText(texts(lang).validation.second_factor_code_wrong).first()).toBeVisible();
    await second.getByRole('textbox', { name: auth.secondFactor.codeLabel }).fill(recoveryCode);
    await second.getByRole('button', { name: auth.secondFactor.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/administration/dashboard$`));

    // The security page says one recovery code is spent.
    await page.goto(`/${lang}/account/security`);
    await expect(page.getByTestId('recovery-card')).toContainText(
      security.codesLeft_other.replace('{{count}}', '9'),
    );
    await context.close();
  });
}

test('an administrator invites a volunteer, who chooses a password and sets up their app (gb, 1280 px)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { auth, account, admin, validation } = texts('gb');
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.gb });
  await signInAsStaff(context.request, ['admin']);
  const page = await context.newPage();
  await page.goto('/gb/administration/people');
  await waitForHydration(page, 'invite-form');
  const email = `invited.${Date.now()}@e2e.test`;
  const invite = page.getByTestId('invite-form');
  await invite.getByRole('textbox', { name: admin.people.invite.email }).fill(email);
  await invite.getByRole('textbox', { name: admin.people.invite.prenom }).fill('Lucie');
  await invite.getByRole('textbox', { name: admin.people.invite.nom }).fill('Garnier');
  await invite.getByRole('checkbox', { name: admin.people.roles.desk }).check();
  await invite.getByRole('button', { name: admin.people.invite.submit }).click();
  await expect(page.getByTestId('invite-sent')).toContainText(email);
  await expect(page.getByTestId('admin-users')).toContainText(email);
  // The form starts blank for the next invitation.
  await expect(invite.getByRole('textbox', { name: admin.people.invite.email })).toHaveValue('');
  await context.close();

  // The invited volunteer follows the mailed link, chooses a password, signs in and sets up their app.
  const volunteer = await browser.newContext({ baseURL, viewport: VIEWPORTS.gb });
  const own = await volunteer.newPage();
  await own.goto((await mailedLink(dataDir, email, '/account/reset-password')).href);
  const reset = own.getByTestId('reset-form');
  await reset.getByLabel(validation.form_new_password).fill('Ventoux2026');
  await reset.getByLabel(validation.form_password_confirmation).fill('Ventoux2026');
  await reset.getByRole('button', { name: auth.reset.submit }).click();
  await expect(
    own.getByRole('main').getByRole('link', { name: auth.reset.goToLogin, exact: true }),
  ).toBeVisible();
  await own.goto(`/gb/login?redirectTo=${encodeURIComponent('/gb/administration')}`);
  const login = own.getByTestId('login-form');
  await login.getByRole('textbox', { name: validation.form_email }).fill(email);
  await login.getByRole('textbox', { name: validation.form_password, exact: true }).fill('Ventoux2026');
  await login.getByRole('button', { name: auth.login.submit }).click();
  await expect(own.getByTestId('second-factor-required')).toHaveText(account.security.requiredText);
  await volunteer.close();
});
