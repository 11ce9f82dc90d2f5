/**
 * Forms that work before (and without) their scripts (decision 0032): with JavaScript off, and with JavaScript on
 * but the page's modules held back as on a slow phone, a form typed and sent at once goes through its page's
 * action; a refusal comes back in place, with what was typed (never the password).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { dataDir } from '../../playwright.config.ts';
import { accountPayload } from '../support/account-payload.ts';
import { candidatePayload, orderPayload } from '../support/orders.ts';
import { mailedLink, verifyEmailFromOutbox } from '../support/outbox.ts';
import { PASSWORD, signupPayload } from '../support/users.ts';
import { expect, test } from './fixtures.ts';
import { holdScripts } from './hold-scripts.ts';
import { waitForHydration } from './hydration.ts';
import { signedInBuyer } from './signed-in-buyer.ts';

function texts(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  const [auth, validation, account, order, restriction] = [
    'auth',
    'validation',
    'account',
    'order',
    'restriction',
  ].map(read);
  return { auth, validation, account, order, restriction };
}

async function newAccount(browser: Browser, baseURL: string, lang: string) {
  const email = `html.${crypto.randomBytes(4).toString('hex')}@example.org`;
  const context = await browser.newContext({ baseURL });
  const signup = await context.request.post(`/api/signup?lang=${lang}`, { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  await verifyEmailFromOutbox(context.request, dataDir, email);
  await context.close();
  return email;
}

async function signIn(page: Page, lang: string, email: string, password: string) {
  const { validation, auth } = texts(lang);
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: validation.form_email }).fill(email);
  await form.getByRole('textbox', { name: validation.form_password, exact: true }).fill(password);
  await form.getByRole('button', { name: auth.login.submit }).click();
}

for (const lang of ['fr', 'gb']) {
  test(`${lang}: signing in without JavaScript, a wrong password first`, async ({ browser, baseURL }) => {
    const email = await newAccount(browser, baseURL!, lang);
    const { validation, account } = texts(lang);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/${lang}/login?redirectTo=${encodeURIComponent(`/${lang}/account`)}`);
    await signIn(page, lang, email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: validation.invalid_credentials })).toBeVisible();
    await expect(page.getByRole('textbox', { name: validation.form_email })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: validation.form_password, exact: true })).toHaveValue('');

    await signIn(page, lang, email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/${lang}/account$`));
    await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
    await context.close();
  });
}

test('a sign-in sent before the page’s modules arrive goes through', async ({ browser, baseURL }) => {
  const email = await newAccount(browser, baseURL!, 'gb');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const release = await holdScripts(page);
  // Not waiting for `load`: held module scripts keep it from firing, as they would on a slow phone.
  await page.goto(`/gb/login?redirectTo=${encodeURIComponent('/gb/account')}`, { waitUntil: 'commit' });
  await signIn(page, 'gb', email, PASSWORD);
  await expect(page).toHaveURL(/\/gb\/account$/);
  await release();
  await context.close();
});

/** An order placed through the API by a signed-in buyer, waiting at the test provider's page. */
async function pendingOrder(page: Page, lang: string) {
  const email = `buyer.${crypto.randomBytes(4).toString('hex')}@example.org`;
  const signup = await page.request.post(`/api/signup?lang=${lang}`, { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const created = await page.request.post(`/api/orders?lang=${lang}`, { data: orderPayload() });
  expect(created.status(), await created.text()).toBe(201);
  const { id, redirect_url } = (await created.json()) as { id: number; redirect_url: string };
  return { orderId: id, paymentPath: new URL(redirect_url).pathname };
}

for (const javaScriptEnabled of [false, true]) {
  test(`the test provider's approval counts ${javaScriptEnabled ? 'before the scripts arrive' : 'without JavaScript'}`, async ({
    browser,
    baseURL,
  }) => {
    const { order } = texts('fr');
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    const page = await context.newPage();
    const { orderId, paymentPath } = await pendingOrder(page, 'fr');
    const release = javaScriptEnabled ? await holdScripts(page) : null;
    // With the modules held, `load` waits for them: the rider taps as soon as the button shows.
    await page.goto(paymentPath, { waitUntil: javaScriptEnabled ? 'commit' : 'load' });
    await page.getByRole('button', { name: order.testPayment.approve }).click();
    await expect(page).toHaveURL(new RegExp(`/fr/confirmation\\?order=${orderId}$`));
    await release?.();
    const status = await page.request.get(`/api/orders/${orderId}/status`);
    expect(await status.json()).toMatchObject({ status: 'paid' });
    await context.close();
  });
}

test('a payment method tapped before the scripts arrive is the one paid with', async ({
  browser,
  baseURL,
}) => {
  const { order } = texts('gb');
  const context = await signedInBuyer(browser, baseURL!, 'gb');
  const { mode_paiement: _none, ...draft } = orderPayload({
    candidats: [candidatePayload()],
    avertissement_mineurs: false,
  });
  const saved = await context.request.put('/api/orders/draft', { data: draft });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  const page = await context.newPage();
  const release = await holdScripts(page);
  await page.goto('/gb/payment', { waitUntil: 'commit' });
  // The first method is chosen at first; the buyer taps the second while the page's modules are on their way.
  await expect(page.getByRole('radio', { name: order.paymentModes.card })).toBeChecked();
  await page.getByRole('radio', { name: order.paymentModes.wallet }).check();
  await release();
  await waitForHydration(page, 'payment-form');
  await expect(page.getByRole('radio', { name: order.paymentModes.wallet })).toBeChecked();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('button', { name: order.testPayment.approve })).toBeVisible();
  const orders = (await (await context.request.get('/api/orders')).json()) as { mode_paiement: string }[];
  expect(orders.map((entry) => entry.mode_paiement)).toEqual(['wallet']);
  await context.close();
});

/** Fills the sign-up form as a person would, from the API tests' valid sign-up. */
async function fillSignup(page: Page, lang: string, values: ReturnType<typeof signupPayload>) {
  const { validation } = texts(lang);
  const form = page.getByTestId('signup-form');
  await form.getByRole('radio', { name: validation[`form_civilite_${values.civilite}`] }).check();
  for (const field of ['nom', 'prenom', 'adresse', 'cp', 'ville', 'tel', 'email'] as const) {
    await form.getByRole('textbox', { name: validation[`form_${field}`], exact: true }).fill(values[field]);
  }
  await form.getByLabel(validation.form_date_naissance).fill(values.date_naissance);
  await form.getByRole('combobox', { name: validation.form_nationalite }).selectOption(values.nationalite);
  await form.getByRole('combobox', { name: validation.form_pays }).selectOption(values.pays);
  await form.getByRole('textbox', { name: validation.form_password, exact: true }).fill(values.password);
  await form.getByRole('textbox', { name: validation.form_password_confirmation }).fill(values.password);
}

for (const lang of ['fr', 'gb']) {
  test(`${lang}: without JavaScript, a rider signs up (and is signed in), confirms the address`, async ({
    browser,
    baseURL,
  }) => {
    const { auth, validation, account } = texts(lang);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const values = signupPayload();
    await page.goto(`/${lang}/signup`);

    // A refusal first: the confirmation differs. The page comes back with what was typed, less the passwords.
    await fillSignup(page, lang, values);
    const form = page.getByTestId('signup-form');
    await form.getByRole('textbox', { name: validation.form_password_confirmation }).fill('Different1910');
    await form.getByRole('button', { name: auth.signup.submit }).click();
    await expect(form.getByText(validation.password_mismatch)).toBeVisible();
    await expect(form.getByRole('textbox', { name: validation.form_nom, exact: true })).toHaveValue(
      values.nom,
    );
    await expect(form.getByRole('combobox', { name: validation.form_pays })).toHaveValue(values.pays);
    await expect(form.getByRole('textbox', { name: validation.form_password, exact: true })).toHaveValue('');

    await form.getByRole('textbox', { name: validation.form_password, exact: true }).fill(values.password);
    await form.getByRole('textbox', { name: validation.form_password_confirmation }).fill(values.password);
    await form.getByRole('button', { name: auth.signup.submit }).click();
    // Signed up is signed in: the page says the confirmation link is on its way.
    await expect(page.getByTestId('signup-done')).toContainText(auth.verify.sentTitle);

    // The emailed link opens a page whose button confirms the address.
    const link = await mailedLink(dataDir, values.email, '/account/verify-email');
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: auth.verify.confirm }).click();
    await expect(page.getByTestId('verify-done')).toBeVisible();

    await page.goto(`/${lang}/account`);
    await expect(page.getByRole('heading', { level: 1, name: account.title })).toBeVisible();
    await context.close();
  });
}

test('without JavaScript, a forgotten password is reset from the emailed link', async ({
  browser,
  baseURL,
}) => {
  const { auth, validation } = texts('gb');
  const email = await newAccount(browser, baseURL!, 'gb');
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/gb/login/forgot-password');
  await page.getByRole('textbox', { name: validation.form_email }).fill(email);
  await page.getByRole('button', { name: auth.forgot.submit }).click();
  await expect(page.getByText(auth.forgot.sentTitle)).toBeVisible();

  const link = await mailedLink(dataDir, email, '/account/reset-password');
  await page.goto(link.pathname + link.search);
  const form = page.getByTestId('reset-form');
  await form.getByRole('textbox', { name: validation.form_new_password, exact: true }).fill('Summit1910new');
  await form.getByRole('textbox', { name: validation.form_password_confirmation }).fill('Summit1910new');
  await form.getByRole('button', { name: auth.reset.submit }).click();
  await expect(page.getByText(auth.reset.doneTitle)).toBeVisible();

  await page.goto('/gb/login');
  await signIn(page, 'gb', email, 'Summit1910new');
  await expect(page).toHaveURL(/\/gb$/);
  await context.close();
});

test('without JavaScript, the account page saves the profile, the password and the public display', async ({
  browser,
  baseURL,
}) => {
  const { validation, account, restriction } = texts('gb');
  const email = await newAccount(browser, baseURL!, 'gb');
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/gb/login?redirectTo=${encodeURIComponent('/gb/account')}`);
  await signIn(page, 'gb', email, PASSWORD);
  await expect(page).toHaveURL(/\/gb\/account$/);

  const profile = page.getByTestId('profile-form');
  await profile.getByRole('textbox', { name: validation.form_ville, exact: true }).fill('Sault');
  await profile.getByRole('button', { name: account.profile.submit }).click();
  await expect(page.getByText(validation.information_updated)).toBeVisible();
  await expect(
    page.getByTestId('profile-form').getByRole('textbox', { name: validation.form_ville }),
  ).toHaveValue('Sault');

  await page.goto('/gb/account?tab=password');
  const passwordForm = page.getByTestId('password-form');
  await passwordForm
    .getByRole('textbox', { name: validation.form_current_password })
    .fill('Wrong-password-1');
  await passwordForm
    .getByRole('textbox', { name: validation.form_new_password, exact: true })
    .fill('Mistral1910x');
  await passwordForm
    .getByRole('textbox', { name: validation.form_password_confirmation })
    .fill('Mistral1910x');
  await passwordForm.getByRole('button', { name: account.password.submit }).click();
  await expect(page.getByTestId('password-form').getByText(validation.wrong_current_password)).toBeVisible();

  const again = page.getByTestId('password-form');
  await again.getByRole('textbox', { name: validation.form_current_password }).fill(PASSWORD);
  await again.getByRole('textbox', { name: validation.form_new_password, exact: true }).fill('Mistral1910x');
  await again.getByRole('textbox', { name: validation.form_password_confirmation }).fill('Mistral1910x');
  await again.getByRole('button', { name: account.password.submit }).click();
  await expect(page.getByText(validation.password_changed)).toBeVisible();

  // How the public tables show one's results is with the homologations.
  await page.goto('/gb/account?tab=homologations');
  const display = page.getByTestId('public-display-switch');
  await display.getByRole('switch', { name: restriction.account.label }).check();
  await display.getByRole('button', { name: restriction.account.save }).click();
  await expect(page.getByTestId('public-display-switch').getByText(restriction.account.hidden)).toBeVisible();
  await expect(page.getByTestId('public-display-switch').getByRole('switch')).toBeChecked();
  await context.close();
});

test('with its scripts, the public-display switch saves as soon as it is flipped', async ({
  browser,
  baseURL,
}) => {
  // A new account, the account page's largest bundle and a reload: room for a loaded two-core CI machine.
  test.setTimeout(90_000);
  const { restriction } = texts('gb');
  const email = await newAccount(browser, baseURL!, 'gb');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const login = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  await page.goto('/gb/account?tab=homologations');
  const display = page.getByTestId('public-display-switch');
  // Once the scripts run, the switch needs no button.
  await expect(display.getByRole('button', { name: restriction.account.save })).toHaveCount(0);
  await display.getByRole('switch', { name: restriction.account.label }).click();
  await expect(display.getByText(restriction.account.hidden)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('public-display-switch').getByRole('switch')).toBeChecked();
  await context.close();
});

for (const lang of ['fr', 'gb']) {
  test(`${lang}: without JavaScript, a buyer orders for two candidates, chooses the delivery and pays`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { order, validation } = texts(lang);
    const email = await newAccount(browser, baseURL!, lang);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/${lang}/login?redirectTo=${encodeURIComponent(`/${lang}/order`)}`);
    await signIn(page, lang, email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/${lang}/order$`));

    /** The card of candidate `number`, its fields found by their labels. */
    const card = (number: number) =>
      page.getByRole('region', { name: order.order.candidate.replace('{{number}}', String(number)) });
    const statements = async (number: number) => {
      await card(number).getByRole('radio', { name: order.challenges.cingle, exact: true }).check();
      await card(number).getByRole('checkbox', { name: order.order.attestation_condition_physique }).check();
      await card(number).getByRole('checkbox', { name: order.order.attestation_assurance }).check();
    };
    // The first candidate is the account's holder, filled in from the account.
    await statements(1);
    await page.getByRole('button', { name: order.order.add }).click();
    await expect(card(2)).toBeVisible();
    // What was chosen for the first candidate was kept through the round trip.
    await expect(card(1).getByRole('radio', { name: order.challenges.cingle, exact: true })).toBeChecked();

    // Going on with the second candidate empty is refused beside its fields.
    await page.getByRole('button', { name: order.order.continue }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/order$`));
    await expect(card(2).getByRole('textbox', { name: order.fields.nom, exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    const second = card(2);
    await second.getByRole('radio', { name: validation.form_civilite_m, exact: true }).check();
    await second.getByRole('textbox', { name: order.fields.nom, exact: true }).fill('Durand');
    await second.getByRole('textbox', { name: order.fields.prenom, exact: true }).fill('Léa');
    await second.getByLabel(order.fields.date_naissance).fill('1990-03-04');
    await second.getByRole('combobox', { name: order.fields.nationalite }).selectOption('fr');
    await second.getByRole('textbox', { name: order.fields.email }).fill('lea.durand@example.org');
    await second.getByRole('textbox', { name: order.fields.portable }).fill('06 11 22 33 44');
    await second.getByRole('textbox', { name: order.fields.adresse, exact: true }).fill('1 rue du Ventoux');
    await second.getByRole('textbox', { name: order.fields.code_postal }).fill('84410');
    await second.getByRole('textbox', { name: order.fields.ville }).fill('Bédoin');
    await second.getByRole('combobox', { name: order.fields.pays }).selectOption('fr');
    await statements(2);
    await page.getByRole('button', { name: order.order.continue }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/shipping$`));
    const draft = await page.request.get('/api/orders/draft');
    expect(((await draft.json()) as { draft: { candidats: unknown[] } }).draft.candidats).toHaveLength(2);

    // Delivery by email. Without scripts the page cannot hide the date and postal address it shows for the other
    // modes: left as they are (the date empty), they do not stop an order by email.
    const shipping = page.getByTestId('shipping-form');
    await shipping.getByRole('radio', { name: order.deliveryModes.email, exact: true }).check();
    await expect(shipping.getByLabel(order.shipping.date)).toHaveValue('');
    await shipping.getByRole('button', { name: order.shipping.continue }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/payment$`));

    // Paying: the order is placed with the page's key, then the test provider approves it.
    const key = await page.locator('input[name="idempotency_key"]').inputValue();
    const mode = await page.locator('input[name="mode_paiement"]:checked').inputValue();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/payment/test/\\d+$`));
    await page.getByRole('button', { name: order.testPayment.approve }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/confirmation\\?order=\\d+$`));
    const orders = (await (await page.request.get('/api/orders')).json()) as {
      status: string;
      candidats: unknown[];
    }[];
    expect(orders.map((placed) => [placed.status, placed.candidats.length])).toEqual([['paid', 2]]);

    // The same form posted again (a second tap that arrived late) leads to the order the first placed.
    const again = await page.request.post(`/${lang}/payment`, {
      form: { idempotency_key: key, mode_paiement: mode },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
    expect(again.headers().location).toMatch(new RegExp(`/${lang}/payment/test/\\d+$`));
    expect(await (await page.request.get('/api/orders')).json()).toHaveLength(1);
    await context.close();
  });
}

test('without JavaScript, an account is deleted from the account page with its password', async ({
  browser,
  baseURL,
}) => {
  const { validation, account } = texts('gb');
  const email = await newAccount(browser, baseURL!, 'gb');
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/gb/login?redirectTo=${encodeURIComponent('/gb/account')}`);
  await signIn(page, 'gb', email, PASSWORD);
  await expect(page).toHaveURL(/\/gb\/account$/);

  // The browser opens the disclosure by itself; a wrong password is refused in place.
  const disclosure = page.getByTestId('delete-account-disclosure');
  await disclosure.getByText(account.delete.open).click();
  const form = page.getByTestId('delete-account-form');
  await form.getByRole('textbox', { name: account.profile.currentPassword }).fill('Not-the-password-1');
  await form.getByRole('button', { name: account.delete.confirm }).click();
  await expect(
    page.getByTestId('delete-account-form').getByText(validation.wrong_current_password),
  ).toBeVisible();

  await page
    .getByTestId('delete-account-form')
    .getByRole('textbox', { name: account.profile.currentPassword })
    .fill(PASSWORD);
  await page.getByTestId('delete-account-form').getByRole('button', { name: account.delete.confirm }).click();
  await expect(page).toHaveURL(/\/gb$/);
  const login = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(401);
  await context.close();
});
