/**
 * Account journeys through the browser: sign-up, sign-in, the account page, password change and reset by email,
 * sign-out, and the page guards with the remembered path. The sign-in limit per IP address (20 per 15 minutes) is
 * shared by the whole run, so the tests sign in for real only where the sign-in itself is under test.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { dataDir } from '../../playwright.config.ts';
import { accountPayload } from '../support/account-payload.ts';
import { mailedLink, verifyEmailFromOutbox } from '../support/outbox.ts';
import { expect, pageReady, test } from './fixtures.ts';
import { waitForHydration } from './hydration.ts';

const PASSWORD = 'Ventoux1910';
const NEW_PASSWORD = 'Malaucene1912';

const uniqueEmail = (name = 'claire') => `${name}.${crypto.randomBytes(5).toString('hex')}@example.org`;

async function createAccount(request: APIRequestContext, email = uniqueEmail()) {
  const response = await request.post('/api/signup', { data: accountPayload(email) });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

/** Signs in through the API: the request context shares its cookies with the browser context's pages. */
async function signInThroughApi(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post('/api/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens a page and waits until React has hydrated its form, so that typing and submitting go through React. */
async function openForm(page: Page, url: string, formTestId: string) {
  await page.goto(url);
  await waitForForm(page, formTestId);
}

/** Waits until the form can be used: hydrated on a page with the client, at once on a page without. */
const waitForForm = waitForHydration;

/** The user menu is a popover: it opens on a page with the client once hydrated, and on one without at once. */
async function openUserMenu(page: Page) {
  await pageReady(page);
  await page.getByTestId('user-menu').click();
}

async function signInWithForm(page: Page, email: string, password: string) {
  await waitForForm(page, 'login-form');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

async function fillSignupForm(page: Page, email: string) {
  const form = page.getByTestId('signup-form');
  await form.getByRole('radio', { name: 'Mrs' }).check();
  await form.getByLabel('Surname').fill('Martin');
  await form.getByLabel('First name').fill('Claire');
  await form.getByLabel('Date of birth').fill('1985-04-12');
  // The sign-up page has no client (decision 0041): its countries are the native lists.
  await form.getByRole('combobox', { name: 'Nationality', exact: true }).selectOption({ label: 'France' });
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill('12 route du Mont Ventoux');
  await form.getByLabel('Postal code').fill('84410');
  await form.getByLabel('Town or city').fill('Bédoin');
  await form.getByRole('combobox', { name: 'Country', exact: true }).selectOption({ label: 'France' });
  await form.getByLabel('Phone number').fill('06 12 34 56 78');
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm the password').fill(PASSWORD);
}

/** axe-core's findings in the parts this spec is about (the page's own heading block is the foundation's). */
async function axeViolations(page: Page, ...selectors: string[]) {
  const builder = new AxeBuilder({ page });
  for (const selector of selectors) builder.include(selector);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

test.beforeEach(async ({ context, baseURL }) => {
  // The cookie notice floats over the bottom of the page; the journeys are not about it.
  await context.addCookies([{ name: 'dismissed', value: 'cookies.medals.new-account', url: baseURL! }]);
});

test.describe('the account journey', () => {
  test.use({ expectedErrors: [/status of 40[03]/] });

  test('sign up, sign in, update the account, change the password, sign out', async ({ page }) => {
    test.slow(); // with the verification mail read from the outbox
    const email = uniqueEmail();

    await openForm(page, '/gb/signup', 'signup-form');
    await fillSignupForm(page, email);
    await page.getByRole('button', { name: 'Create my account' }).click();
    // Signed up is signed in; the page says the confirmation link is on its way.
    await expect(page).toHaveURL(/\/gb\/account\/verify-email\?sent=1$/);
    await expect(page.getByTestId('signup-done')).toContainText('Account created: check your inbox');
    await expect(page.getByTestId('signup-done')).toContainText(email);

    // Personal information, reached from the user menu.
    await openUserMenu(page);
    await page.getByRole('link', { name: 'My account', exact: true }).click();
    await expect(page).toHaveURL(/\/gb\/account$/);
    await waitForForm(page, 'profile-form');
    const profile = page.getByTestId('profile-form');
    await expect(profile.getByLabel('Surname')).toHaveValue('Martin');
    await expect(profile.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('France');
    await profile.getByLabel('Town or city').fill('Malaucène');
    await profile.getByLabel('Address line 2').fill('Chemin des Cèdres');
    await profile.getByRole('button', { name: 'Save the changes' }).click();
    await expect(profile.getByText('Information updated.')).toBeVisible();
    // The server stores the phone number in international form, and the form shows what it stored.
    await expect(profile.getByLabel('Phone number')).toHaveValue('+33612345678');
    await page.reload();
    await expect(page.getByTestId('profile-form').getByLabel('Town or city')).toHaveValue('Malaucène');

    // The other tabs, chosen in the URL.
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/gb\/account\?tab=orders$/);
    await expect(page.getByTestId('orders-empty')).toBeVisible();
    // Homologations wait for the address to be confirmed; the page says so and the mailed link does it.
    await expect(page.getByTestId('email-verification-notice')).toContainText(email);
    await page.getByRole('tab', { name: 'Homologations' }).click();
    await expect(page.getByText('First confirm your email address with the link we sent you.')).toBeVisible();
    await verifyEmailFromOutbox(page.request, dataDir, email);
    await page.reload();
    await expect(page.getByTestId('email-verification-notice')).toBeHidden();
    await expect(page.getByTestId('homologations-empty')).toBeVisible();

    // Password, through the user menu's Settings.
    await openUserMenu(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/gb\/account\?tab=password$/);
    await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
    const passwordForm = page.getByTestId('password-form');
    await passwordForm.getByLabel('Current password').fill('Wrong1234');
    await passwordForm.getByLabel('New password').fill(NEW_PASSWORD);
    await passwordForm.getByLabel('Confirm the password').fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change the password' }).click();
    await expect(
      passwordForm.getByText('Check the current password and try again.', { exact: true }),
    ).toBeVisible();
    await expect(passwordForm.getByTestId('error-summary')).toBeFocused();
    await passwordForm
      .getByTestId('error-summary')
      .getByRole('link', { name: 'Current password', exact: true })
      .click();
    await expect(passwordForm.getByLabel('Current password')).toBeFocused();
    await expect(passwordForm.getByLabel('New password')).toHaveValue(NEW_PASSWORD);
    await passwordForm.getByLabel('Current password').fill(PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change the password' }).click();
    await expect(passwordForm.getByText('Your password has been changed.')).toBeVisible();
    await expect(passwordForm.getByLabel('Current password')).toHaveValue('');

    // Sign out: home, and the account page now asks to sign in, then comes back with the new password.
    await openUserMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/gb$/);
    await expect(page.getByTestId('user-menu')).toBeHidden();
    await page.goto('/gb/account');
    await expect(page).toHaveURL(/\/gb\/login\?redirectTo=%2Fgb%2Faccount$/);
    await signInWithForm(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/gb\/account$/);
    await expect(page.getByTestId('profile-form').getByLabel('Town or city')).toHaveValue('Malaucène');
  });
});

test.describe('sign-up form', () => {
  // The page has no client: a refused form is posted as HTML and answered 400 or 409 (decision 0041).
  test.use({ expectedErrors: [/status of (400|409)/] });

  test('shows every error next to its field, keeps what was typed, and refuses a used email', async ({
    page,
  }) => {
    test.slow(); // four posts answered by the server, each a page load
    const taken = await createAccount(page.request);
    await openForm(page, '/gb/signup', 'signup-form');
    const form = page.getByTestId('signup-form');

    await form.getByRole('button', { name: 'Create my account' }).click();
    await expect(form.getByRole('alert').first()).toContainText('Required fields are empty or incorrect.');
    // Each field names its own error; the summary's links name the fields.
    await expect(form.getByText('Select a title.', { exact: true })).toBeVisible();
    await expect(form.getByText('Enter the surname.', { exact: true })).toBeVisible();
    await expect(form.getByText('Select the country.', { exact: true })).toBeVisible();
    await expect(form.locator('#field-password-error')).toContainText(
      'The password must have at least 6 characters',
    );
    await expect(
      form.getByTestId('error-summary').getByRole('link', { name: 'Surname', exact: true }),
    ).toBeVisible();
    // The error summary has the focus and links each field at fault; each field names its error.
    await expect(form.getByTestId('error-summary')).toBeFocused();
    await form.getByTestId('error-summary').getByRole('link', { name: 'Title', exact: true }).click();
    await expect(form.getByRole('radio', { name: 'Mrs' })).toBeFocused();
    await expect(form.getByLabel('Surname')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Surname')).toHaveAccessibleDescription('Enter the surname.');
    expect(await axeViolations(page, 'main form')).toEqual([]);

    await fillSignupForm(page, taken);
    await form.getByLabel('Phone number').fill('12');
    await form.getByLabel('Confirm the password').fill('Other1234');
    await form.getByRole('button', { name: 'Create my account' }).click();
    await expect(form.getByText('Enter a valid phone number.', { exact: true })).toBeVisible();
    await expect(form.getByText('The passwords do not match.', { exact: true })).toBeVisible();
    await expect(form.getByTestId('error-summary')).toBeFocused();
    await expect(form.getByTestId('error-summary').getByRole('link')).toHaveText([
      'Phone number',
      'Confirm the password',
    ]);

    // The server never sends a password back: both are typed again.
    await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
    await form.getByLabel('Phone number').fill('06 12 34 56 78');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm the password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create my account' }).click();
    await expect(form.locator('#field-email-error')).toHaveText('This email address is already in use.');
    await expect(form.getByTestId('error-summary')).toBeFocused();
    await form.getByTestId('error-summary').getByRole('link', { name: 'Email address', exact: true }).click();
    await expect(form.getByLabel('Email address')).toBeFocused();
    await expect(form.getByLabel('Surname')).toHaveValue('Martin');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm the password').fill(PASSWORD);

    await form.getByLabel('Email address').fill(uniqueEmail());
    await form.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByTestId('signup-done')).toBeVisible();
  });

  test('fits a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openForm(page, '/gb/signup', 'signup-form');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('sign-in form', () => {
  test.use({ expectedErrors: [/status of (400|401|429)/] });

  test('says when the email or password is wrong, and when to try again', async ({ page }) => {
    test.slow(); // seven posts answered by the server, each a page load
    const email = await createAccount(page.request);
    await openForm(page, '/gb/login', 'login-form');
    const form = page.getByTestId('login-form');

    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.locator('#field-email-error')).toHaveText('Enter a valid email address.');
    await expect(form.getByTestId('error-summary').getByRole('link')).toContainText(['Email address']);
    await expect(form.getByTestId('error-summary')).toBeFocused();

    await form.getByLabel('Email address').fill(email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong1234');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByRole('alert')).toHaveText('Incorrect email address or password.');
    // The page has no client (decision 0041): the server answers the post and never sends a password back.
    await expect(form.getByLabel('Email address')).toHaveValue(email);
    await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');

    // Four more failures spend the address's budget (five): the page says how long to wait.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong1234');
      await form.getByRole('button', { name: 'Sign in' }).click();
      await expect(form.getByRole('alert')).toHaveText(
        /^(Incorrect email address or password\.|Too many attempts; try again in \d+ seconds\.)$/,
      );
    }
    await expect(form.getByRole('alert')).toHaveText(/^Too many attempts; try again in \d{2,3} seconds\.$/);
  });

  test('links to sign-up and to the forgotten password, in the page language', async ({ page }) => {
    await openForm(page, '/fr/login', 'login-form');
    await expect(page.getByTestId('login-form').getByLabel('Adresse e-mail')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Créer un compte' }).click();
    await expect(page).toHaveURL(/\/fr\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte');
    await expect(page.getByText('Civilité')).toBeVisible();
    await page.goto('/fr/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/fr\/login\/forgot-password$/);
  });
});

test.describe('forgotten password', () => {
  test.use({ expectedErrors: [/status of 400/] });

  test('without an email nothing is sent', async ({ page }) => {
    await openForm(page, '/gb/login/forgot-password', 'forgot-form');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(request.url());
    });
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.locator('#field-email-error')).toHaveText('Enter a valid email address.');
    await expect(
      page.getByRole('alert').getByRole('link', { name: 'Email address', exact: true }),
    ).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('an unknown address gets the same answer as a known one', async ({ page }) => {
    await openForm(page, '/gb/login/forgot-password', 'forgot-form');
    await page.getByLabel('Email address').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(
      page.getByText('If an account exists for this address, we have sent it an email with a link'),
    ).toBeVisible();
  });

  test('mail received, password reset, and every old session ends', async ({ page, browser }) => {
    // Two browsers, a mail and four page loads: more than the default 30 s on a loaded two-core CI machine.
    test.setTimeout(90_000);
    const email = await createAccount(page.request);

    // Another browser, signed in before the reset.
    const other = await browser.newContext();
    await signInThroughApi(other.request, email);
    const otherPage = await other.newPage();
    await otherPage.goto('/gb/account');
    await expect(otherPage).toHaveURL(/\/gb\/account$/);

    await openForm(page, '/gb/login', 'login-form');
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await expect(page).toHaveURL(/\/gb\/login\/forgot-password$/);
    await waitForForm(page, 'forgot-form');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(
      page.getByText('If an account exists for this address, we have sent it an email with a link'),
    ).toBeVisible();

    const link = (await mailedLink(dataDir, email, '/account/reset-password')).href;
    expect(link).toContain('/gb/account/reset-password?');
    await openForm(page, link, 'reset-form');
    const form = page.getByTestId('reset-form');
    await form.getByLabel('New password').fill('weak');
    await form.getByLabel('Confirm the password').fill('weak');
    await form.getByRole('button', { name: 'Change the password' }).click();
    await expect(form.locator('#field-password-error')).toContainText(
      'The password must have at least 6 characters',
    );
    await expect(
      form.getByTestId('error-summary').getByRole('link', { name: 'New password', exact: true }),
    ).toBeVisible();
    await form.getByLabel('New password').fill(NEW_PASSWORD);
    await form.getByLabel('Confirm the password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change the password' }).click();
    await expect(page.getByText('Your password has been changed. You can now sign in.')).toBeVisible();

    // The link works once.
    await openForm(page, link, 'reset-form');
    await page.getByLabel('New password').fill('Another1234');
    await page.getByLabel('Confirm the password').fill('Another1234');
    await page.getByRole('button', { name: 'Change the password' }).click();
    await expect(page.getByTestId('reset-invalid')).toContainText('This link is invalid or has expired.');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/gb\/login\/forgot-password$/);

    await page.goto('/gb/login');
    await signInWithForm(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/gb$/);

    await otherPage.goto('/gb/account');
    await expect(otherPage).toHaveURL(/\/gb\/login\?redirectTo=%2Fgb%2Faccount$/);
    await other.close();
  });

  test('a link without email or token shows the invalid state, rendered by the server', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const url of [
      '/gb/account/reset-password',
      '/gb/account/reset-password?email=claire%40example.org',
      '/gb/account/reset-password?token=abc',
    ]) {
      await page.goto(url);
      await expect(page.getByTestId('reset-invalid')).toContainText('This link is invalid or has expired.');
      await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
        'href',
        '/gb/login/forgot-password',
      );
    }
    await context.close();
  });
});

test.describe('guards', () => {
  // The admin area answers a plain user 403 (access denied), which the browser reports in its console.
  test.use({ expectedErrors: [/status of 403/] });
  test('a signed-out visitor goes to sign in and comes back to the page wanted', async ({ page }) => {
    const email = await createAccount(page.request);
    await page.goto('/gb/account?tab=password');
    await expect(page).toHaveURL(/\/gb\/login\?redirectTo=%2Fgb%2Faccount%3Ftab%3Dpassword$/);
    await signInWithForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/gb\/account\?tab=password$/);
    await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a signed-in user is sent away from the sign-in pages and denied the admin area', async ({ page }) => {
    const email = await createAccount(page.request);
    await signInThroughApi(page.request, email);
    await page.goto('/gb/signup');
    await expect(page).toHaveURL(/\/gb\/order$/);
    await page.goto('/gb/login');
    await expect(page).toHaveURL(/\/gb$/);
    await page.goto('/gb/login/forgot-password');
    await expect(page).toHaveURL(/\/gb\/account$/);
    // The admin area is not for this account: it says so in place, with status 403.
    const denied = await page.goto('/gb/administration/dashboard');
    expect(denied?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access denied');
  });

  for (const unsafe of ['//evil.example', '/\\evil', 'javascript:alert(1)', '/%2F%2Fevil.example']) {
    test(`after sign-in, an unsafe remembered path (${unsafe}) leads home`, async ({ page }) => {
      const email = await createAccount(page.request);
      await page.goto(`/gb/login?redirectTo=${encodeURIComponent(unsafe)}`);
      await signInWithForm(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/gb$/);
    });
  }
});

test.describe('the account page', () => {
  // The account is not verified: its homologations answer 403 and the page says why.
  test.use({ expectedErrors: [/status of 403/] });

  test('has no accessibility violation on any tab, and fits a 360 px phone', async ({ page }) => {
    test.slow(); // four tabs, each checked by axe
    const email = await createAccount(page.request);
    await signInThroughApi(page.request, email);
    await page.setViewportSize({ width: 360, height: 740 });
    await openForm(page, '/de/account', 'profile-form');
    const tabs = {
      orders: 'Bestellungen',
      homologations: 'Beglaubigungen',
      password: 'Passwort',
      profile: 'Persönliche Daten',
    };
    for (const [value, name] of Object.entries(tabs)) {
      await page.getByRole('tab', { name }).click();
      await expect(page).toHaveURL(new RegExp(`/de/account\\?tab=${value}$`));
      await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      expect(
        await axeViolations(
          page,
          'main [role="tablist"]',
          'main [role="tabpanel"]',
          'main [data-testid="email-verification-notice"]',
        ),
      ).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('the sign-in pages', () => {
  // The sign-in and sign-up pages have no client: their empty forms are posted as HTML and answered 400.
  test.use({ expectedErrors: [/status of 400/] });
  for (const lang of ['fr', 'gb', 'de', 'nl', 'es', 'it']) {
    test(`every sign-in page speaks ${lang} without a missing text`, async ({ page }) => {
      test.slow(); // four pages, each loaded and posted
      for (const [pagePath, formId] of [
        ['login', 'login-form'],
        ['signup', 'signup-form'],
        ['login/forgot-password', 'forgot-form'],
        ['account/reset-password?email=a%40example.org&token=t', 'reset-form'],
      ] as const) {
        await openForm(page, `/${lang}/${pagePath}`, formId);
        // Submitting empty shows the validation messages too.
        await page.getByTestId(formId).locator('button[type="submit"]').click();
        // The refused form opens with its error summary (role=alert), the validation messages under it.
        await expect(page.getByTestId(formId).getByTestId('error-summary')).toBeVisible();
        await expect(page.getByTestId(formId).getByTestId('error-summary')).toHaveAttribute('role', 'alert');
        const text = await page.locator('main').innerText();
        expect(text, `/${lang}/${pagePath}`).not.toMatch(/\b(auth|account|validation|common):/);
      }
    });
  }
});
