/**
 * Email verification and change through the browser, in two languages: the account made in a language gets
 * its link in that language, the page opened from the link confirms the address, and the account page then
 * shows nothing waiting. Changing the address asks for the password and waits for the new address's link.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { dataDir } from '../../playwright.config.ts';
import { mailedLink } from '../support/outbox.ts';
import { expect, test } from './fixtures.ts';
import { waitForHydration } from './hydration.ts';
import { accountPayload } from '../support/account-payload.ts';

const PASSWORD = 'Ventoux1910';

function texts(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  const [account, auth, validation] = [read('account'), read('auth'), read('validation')];
  return {
    emailLabel: validation.form_email as string,
    save: account.profile.submit as string,
    currentPassword: account.profile.currentPassword as string,
    unverifiedTitle: account.verification.unverifiedTitle as string,
    pendingTitle: account.verification.pendingTitle as string,
    doneTitle: auth.verify.doneTitle as string,
  };
}

async function signUpAndSignIn(request: APIRequestContext, lang: string, email: string) {
  const signup = await request.post(`/api/signup?lang=${lang}`, {
    data: accountPayload(email, PASSWORD),
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await request.post(`/api/login?lang=${lang}`, { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'dismissed', value: 'cookies.medals.new-account', url: baseURL! }]);
});

for (const lang of ['fr', 'de']) {
  test(`verify the address, then change it with the password (${lang})`, async ({ page }) => {
    test.slow(); // two mails through the outbox and five page loads
    const text = texts(lang);
    const id = crypto.randomBytes(5).toString('hex');
    const email = `claire.${id}@example.org`;
    const newEmail = `claire.new.${id}@example.org`;
    await signUpAndSignIn(page.request, lang, email);

    // The account page says what waits.
    await page.goto(`/${lang}/account`);
    const notice = page.getByTestId('email-verification-notice');
    await expect(notice).toContainText(text.unverifiedTitle);
    await expect(notice).toContainText(email);

    // The mail speaks the reader's language and leads to the page that confirms.
    const link = await mailedLink(dataDir, email, '/account/verify-email');
    expect(link.pathname).toBe(`/${lang}/account/verify-email`);
    await page.goto(link.pathname + link.search);
    await expect(page.getByTestId('verify-done')).toContainText(text.doneTitle);
    await page.goto(`/${lang}/account`);
    await waitForHydration(page, 'profile-form');
    await expect(page.getByTestId('email-verification-notice')).toBeHidden();

    // A new address needs the current password, and waits for its own link.
    const form = page.getByTestId('profile-form');
    await expect(form.getByLabel(text.currentPassword)).toHaveCount(0);
    await form.getByLabel(text.emailLabel).fill(newEmail);
    await form.getByLabel(text.currentPassword).fill(PASSWORD);
    await form.getByRole('button', { name: text.save }).click();
    await expect(page.getByTestId('email-verification-notice')).toContainText(text.pendingTitle);
    await expect(page.getByTestId('email-verification-notice')).toContainText(newEmail);
    await expect(form.getByLabel(text.emailLabel)).toHaveValue(email);

    const changeLink = await mailedLink(dataDir, newEmail, '/account/verify-email');
    expect(changeLink.pathname).toBe(`/${lang}/account/verify-email`);
    await page.goto(changeLink.pathname + changeLink.search);
    await expect(page.getByTestId('verify-done')).toBeVisible();
    await page.goto(`/${lang}/account`);
    await expect(page.getByTestId('profile-form').getByLabel(text.emailLabel)).toHaveValue(newEmail);
    await expect(page.getByTestId('email-verification-notice')).toBeHidden();
  });
}

test.describe('a link that does not work', () => {
  test.use({ expectedErrors: [/status of 400/] });

  test('says so and leads to the account', async ({ page }) => {
    await page.goto('/gb/account/verify-email?token=not-a-real-token');
    await expect(page.getByTestId('verify-failed')).toContainText('This link is invalid or has expired.');
    await expect(page.getByRole('link', { name: 'Go to my account' })).toBeVisible();
  });
});
