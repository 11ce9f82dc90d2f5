/**
 * Ordering journeys: candidates (one aged 16), delivery by email, payment with the built-in test provider,
 * confirmation and the PDFs in the account's orders; the cancel path; the draft surviving a reload and a new
 * sign-in; the warnings of the delivery page; the order form's own checks.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, today } from '../../domain/dates.ts';
import { expect, test } from './fixtures.ts';

const PASSWORD = 'Ventoux1910';

interface Account {
  email: string;
}

/** A new account through the API, signed in in the page's browser context (the request shares its cookies). */
async function signUpAndSignIn(request: APIRequestContext): Promise<Account> {
  const email = `rider-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await request.post('/api/signup', {
    data: {
      civilite: 'm',
      nom: 'Martin',
      prenom: 'Paul',
      date_naissance: '1979-04-12',
      tel: '0612345678',
      adresse: '12 route du Mont Ventoux',
      complement: '',
      cp: '84410',
      ville: 'Bédoin',
      pays: 'fr',
      nationalite: 'fr',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect(signup.status()).toBe(201);
  await signIn(request, email);
  return { email };
}

async function signIn(request: APIRequestContext, email: string) {
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
}

/** A date of birth making someone `years` old today, well away from a birthday. */
function birthDateAged(years: number): string {
  const date = addDays(today(), -45);
  return `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;
}

/** Waits until React has hydrated the element with this test id, so that clicks and typing go through React. */
async function hydrated(page: Page, testId: string) {
  await page.waitForFunction((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, testId);
}

async function open(page: Page, url: string, testId: string) {
  await page.goto(url);
  await hydrated(page, testId);
}

const candidate = (page: Page, number: number) => page.getByRole('region', { name: `Candidate ${number}` });

async function chooseCountry(scope: Locator, label: string, country: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.page().getByRole('option', { name: country, exact: true }).click();
}

/** Fills a blank candidate card with a rider born on `birthDate`. */
async function fillCandidate(card: Locator, birthDate: string) {
  await card.getByRole('radio', { name: 'Galérien', exact: true }).check();
  await card.getByRole('radio', { name: 'Mrs', exact: true }).check();
  await card.getByRole('textbox', { name: 'Surname', exact: true }).fill('Martin');
  await card.getByRole('textbox', { name: 'First name', exact: true }).fill('Léa');
  await card.getByRole('textbox', { name: 'Date of birth', exact: true }).fill(birthDate);
  await chooseCountry(card, 'Nationality', 'France');
  await card.getByRole('textbox', { name: 'Email address', exact: true }).fill('lea.martin@example.com');
  await card.getByRole('textbox', { name: 'Mobile phone', exact: true }).fill('0698765432');
  await card.getByRole('textbox', { name: 'Address', exact: true }).fill('12 route du Mont Ventoux');
  await card.getByRole('textbox', { name: 'Postal code', exact: true }).fill('84410');
  await card.getByRole('textbox', { name: 'Town or city', exact: true }).fill('Bédoin');
  await chooseCountry(card, 'Country', 'France');
}

async function acceptStatements(card: Locator) {
  await card.getByRole('checkbox', { name: /good physical condition/ }).check();
  await card.getByRole('checkbox', { name: /liability insurance/ }).check();
}

/** A complete draft with one adult candidate, straight through the API (for the journeys that start later). */
async function saveCompleteDraft(request: APIRequestContext) {
  const address = {
    nom: 'Martin',
    prenom: 'Paul',
    adresse: '12 route du Mont Ventoux',
    complement: '',
    code_postal: '84410',
    ville: 'Bédoin',
    pays: 'fr',
  };
  const response = await request.put('/api/orders/draft', {
    data: {
      candidats: [
        {
          epreuve: 'cingle',
          civilite: 'm',
          nom: 'Martin',
          prenom: 'Paul',
          email: 'paul.martin@example.com',
          portable: '0612345678',
          date_naissance: '1979-04-12',
          adresse: '12 route du Mont Ventoux',
          complement: '',
          code_postal: '84410',
          ville: 'Bédoin',
          pays: 'fr',
          nationalite: 'fr',
          attestation_condition_physique: true,
          attestation_assurance: true,
          autorisation_parentale: false,
          certificat_medical: false,
        },
      ],
      mode_livraison: 'email',
      date_livraison: addDays(today(), 30),
      adresse_livraison: address,
      adresse_facturation: address,
      avertissement_mineurs: false,
    },
  });
  expect(response.status()).toBe(204);
}

test.describe('ordering', () => {
  test('two candidates, one aged 16, delivered by email, paid with the test provider, then the PDFs', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signUpAndSignIn(page.request);

    await open(page, '/gb/order', 'order-form');
    await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();
    const first = candidate(page, 1);
    // Filled in from the account.
    await expect(first.getByRole('textbox', { name: 'Surname', exact: true })).toHaveValue('Martin');
    await expect(first.getByRole('textbox', { name: 'Date of birth', exact: true })).toHaveValue(
      '1979-04-12',
    );
    await expect(page.getByRole('button', { name: 'Remove candidate 1' })).toHaveCount(0);
    await first.getByRole('radio', { name: 'Cinglé', exact: true }).check();
    await acceptStatements(first);
    await expect(page.getByTestId('order-total')).toHaveText('€25');

    await page.getByRole('button', { name: 'Add a candidate' }).click();
    const second = candidate(page, 2);
    await expect(second).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove candidate 1' })).toBeVisible();
    await fillCandidate(second, birthDateAged(16));
    await acceptStatements(second);
    // Aged 16: the parental authorisation and the medical certificate are required.
    await expect(second.getByTestId('minor-statements')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to delivery' }).click();
    await expect(second.getByText(/need a parental authorisation/)).toBeVisible();
    await expect(second.getByText(/need a medical certificate/)).toBeVisible();
    await expect(page.getByTestId('error-summary')).toBeFocused();
    await page
      .getByTestId('error-summary')
      .getByRole('link', { name: /^Candidate 2 — .*parent or legal guardian[^:]*$/ })
      .click();
    await expect(second.getByRole('checkbox', { name: /parent or legal guardian/ })).toBeFocused();
    await second.getByRole('checkbox', { name: /parent or legal guardian/ }).check();
    await second.getByRole('checkbox', { name: /medical certificate/ }).check();
    // And a guardian, who will confirm them after the payment.
    await expect(second.getByText("Enter the legal guardian's surname.")).toBeVisible();
    await second.getByRole('textbox', { name: "Guardian's surname" }).fill('Martin');
    await second.getByRole('textbox', { name: "Guardian's first name" }).fill('Claire');
    await second.getByRole('textbox', { name: "Guardian's email address" }).fill('claire.martin@example.org');
    await expect(page.getByTestId('order-total')).toHaveText('€50');
    await page.getByRole('button', { name: 'Continue to delivery' }).click();

    await expect(page).toHaveURL(/\/gb\/shipping$/);
    await page.getByRole('radio', { name: 'By email (PDF)', exact: true }).check();
    // By email: no postal delivery address nor date is asked, only the billing address, the user's own.
    await expect(page.getByRole('textbox', { name: 'Desired delivery date', exact: true })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Delivery address' })).toHaveCount(0);
    await expect(page.getByRole('switch', { name: /billing address/i })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(
      '12 route du Mont Ventoux',
    );
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    // Fitness was attested for each candidate: only the minors' warning is asked here, a candidate being 16.
    await expect(page.getByRole('checkbox', { name: /physical condition/ })).toHaveCount(0);
    await expect(
      page.getByText('Tick to confirm that you have read the warning about minors.'),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'I have read the warning about minors.' }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/gb\/payment$/);
    const recap = page.getByTestId('recap-candidates');
    await expect(recap.getByRole('listitem')).toHaveCount(2);
    await expect(recap).toContainText('Paul Martin');
    await expect(recap).toContainText('Léa Martin');
    await expect(page.getByText('By email (PDF)')).toBeVisible();
    // The country by its name, not its code.
    await expect(page.getByTestId('recap-billing')).toContainText('France');
    await expect(page.getByTestId('recap-billing')).not.toContainText(/\bFR\b/);
    await expect(page.getByRole('radio', { name: 'Bank card', exact: true })).toBeChecked();
    // Paying right after a change: the pending draft save must not bring back the draft the order replaces.
    await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
    // A double click still creates a single order.
    await page.getByTestId('pay-button').dblclick();

    await expect(page).toHaveURL(/\/gb\/payment\/test\/\d+$/);
    await hydrated(page, 'test-mode-notice');
    await expect(page.getByTestId('test-mode-notice')).toContainText('no money moves');
    await expect(page.getByTestId('test-payment-amount')).toHaveText('€50');
    await page.getByRole('button', { name: 'Approve the payment' }).click();

    await expect(page).toHaveURL(/\/gb\/confirmation\?order=\d+$/);
    await expect(page.getByText('Order confirmed')).toBeVisible();
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    await expect(page.getByText(String(orderId).padStart(8, '0'), { exact: false })).toBeVisible();

    const orders = await (await page.request.get('/api/orders')).json();
    expect(orders).toHaveLength(1);
    expect(orders[0].mode_paiement).toBe('wallet');
    expect(await (await page.request.get('/api/orders/draft')).json()).toEqual({ draft: null });

    await page.getByRole('link', { name: 'See my orders' }).click();
    await expect(page).toHaveURL(/\/gb\/account\?tab=orders$/);
    const order = page.getByTestId('order-card');
    await expect(order).toHaveCount(1);
    await expect(order.getByTestId('order-status')).toHaveText('Paid');
    await expect(order).toContainText(`${String(orderId).padStart(8, '0')}-01`);
    await expect(order).toContainText(`${String(orderId).padStart(8, '0')}-02`);

    // The documents are generated once the payment is confirmed: reload until the adult's are there. The minor's
    // wait for the guardian's answer (issue 46): none is offered before it.
    const documents = order.getByRole('link', { name: /\(PDF/ });
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('order-card').getByRole('link', { name: /\(PDF/ })).toHaveCount(2, {
        timeout: 2000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(documents.and(page.getByRole('link', { name: /of Léa Martin/ }))).toHaveCount(0);
    for (const name of ['Paul Martin']) {
      for (const kind of ['Route card', 'Frame plate']) {
        const link = documents
          .filter({ hasText: kind })
          .and(page.getByRole('link', { name: new RegExp(`of ${name}`) }));
        await expect(link).toHaveAttribute('target', '_blank');
        const href = await link.getAttribute('href');
        expect(href).toMatch(/^\/documents\/\d+$/);
        const pdf = await page.request.get(href!);
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()['content-type']).toContain('application/pdf');
      }
    }

    // Each registration's "route card back" step says where to post the card (a demonstration address here).
    const returnStep = order.locator('[data-step="card_received"]');
    await expect(returnStep).toHaveCount(2);
    for (const step of await returnStep.all()) {
      await expect(step.getByTestId('card-return-address')).toContainText("The club's address:");
      await expect(step.locator('address')).toContainText('84410 Bédoin');
      await expect(step).toContainText('Demonstration address');
    }
  });

  test('cancelling on the test page leads to the payment-cancelled page and cancels the order', async ({
    page,
  }) => {
    await signUpAndSignIn(page.request);
    await saveCompleteDraft(page.request);

    await open(page, '/gb/payment', 'pay-button');
    await expect(page.getByTestId('order-total')).toHaveText('€25');
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/gb\/payment\/test\/\d+$/);
    await hydrated(page, 'test-mode-notice');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/gb\/payment-cancelled\?order=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeVisible();
    await expect(page.getByText('your card has not been charged')).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get('order');
    const status = await page.request.get(`/api/orders/${orderId}/status`);
    expect(await status.json()).toEqual({ status: 'cancelled' });
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/gb$/);
  });

  test('an order left unpaid at the provider is paid later from the account, as the same order', async ({
    page,
  }) => {
    // Three hand-overs to the provider's page and two visits of the account: longer than most journeys.
    test.setTimeout(90_000);
    await signUpAndSignIn(page.request);
    await saveCompleteDraft(page.request);

    // The payment page offers the methods the server has, and says on every page that this is test mode.
    await open(page, '/gb/payment', 'pay-button');
    await expect(page.getByTestId('test-mode-ribbon')).toHaveText('Test mode: no money moves');
    await expect(page.getByRole('radio', { name: 'Bank card' })).toBeVisible();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/gb\/payment\/test\/\d+$/);
    const firstAttempt = page.url();

    // Back to the payment page without paying: paying again reuses the same pending order.
    await open(page, '/gb/payment', 'pay-button');
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/gb\/payment\/test\/\d+$/);
    expect(page.url()).not.toBe(firstAttempt);

    await open(page, '/gb/account?tab=orders', 'pay-order');
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-status')).toHaveText('Awaiting payment');
    await page.getByTestId('pay-order').click();
    await expect(page).toHaveURL(/\/gb\/payment\/test\/\d+$/);
    await hydrated(page, 'test-mode-notice');
    await page.getByRole('button', { name: 'Approve the payment' }).click();

    await expect(page.getByTestId('confirmation')).toHaveAttribute('data-state', 'paid');
    await open(page, '/gb/account?tab=orders', 'order-card');
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await expect(page.getByTestId('order-status')).toHaveText('Paid');
    await expect(page.getByTestId('pay-order')).toHaveCount(0);
  });

  test('coming back through the cancel address changes nothing; the buttons pay or cancel', async ({
    page,
  }) => {
    await signUpAndSignIn(page.request);
    await saveCompleteDraft(page.request);
    await open(page, '/gb/payment', 'pay-button');
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/gb\/payment\/test\/(\d+)$/);
    const { id } = (await (await page.request.get('/api/orders')).json())[0] as { id: number };

    // The old provider address and the page itself only show the order.
    await page.goto(`/api/payments/stripe/cancel?order=${id}&lang=gb`);
    await expect(page).toHaveURL(new RegExp(`/gb/payment-cancelled\\?order=${id}$`));
    await hydrated(page, 'cancel-order');
    await expect(page.getByTestId('cancelled-order-state')).toContainText('Awaiting payment');
    expect(await (await page.request.get(`/api/orders/${id}/status`)).json()).toEqual({ status: 'pending' });

    await page.getByTestId('cancel-order').click();
    await expect(page.getByTestId('cancelled-order-state')).toContainText('Cancelled');
    await expect(page.getByTestId('pay-order')).toHaveCount(0);
    expect(await (await page.request.get(`/api/orders/${id}/status`)).json()).toEqual({
      status: 'cancelled',
    });
  });

  test('the draft survives a reload and signing in again; candidates can be removed and reset', async ({
    page,
  }) => {
    test.slow(); // two page loads, signing out and in again, then two dialogs
    const { email } = await signUpAndSignIn(page.request);
    await open(page, '/gb/order', 'order-form');
    await candidate(page, 1).getByRole('radio', { name: 'Bicinglé', exact: true }).check();
    await page.getByRole('button', { name: 'Add a candidate' }).click();
    await candidate(page, 2).getByRole('textbox', { name: 'Surname', exact: true }).fill('Reloaded');
    await expect(page.getByTestId('draft-status')).toHaveAttribute('data-state', 'saved');

    await page.reload();
    await hydrated(page, 'order-form');
    await expect(candidate(page, 1).getByRole('radio', { name: 'Bicinglé', exact: true })).toBeChecked();
    await expect(candidate(page, 2).getByRole('textbox', { name: 'Surname', exact: true })).toHaveValue(
      'Reloaded',
    );
    await expect(page.getByTestId('order-total')).toHaveText('€50');

    expect((await page.request.post('/api/logout')).status()).toBe(204);
    await signIn(page.request, email);
    await open(page, '/gb/order', 'order-form');
    await expect(candidate(page, 2).getByRole('textbox', { name: 'Surname', exact: true })).toHaveValue(
      'Reloaded',
    );
    await expect(page.getByTestId('order-total')).toHaveText('€50');

    await page.getByRole('button', { name: 'Remove candidate 2' }).click();
    await expect(candidate(page, 2)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove candidate 1' })).toHaveCount(0);
    await expect(page.getByTestId('order-total')).toHaveText('€25');

    await page.getByRole('button', { name: 'Start again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start the registration again?' });
    await dialog.getByRole('button', { name: 'Remove everything' }).click();
    await expect(dialog).toBeHidden();
    await expect(candidate(page, 1).getByRole('textbox', { name: 'Surname', exact: true })).toHaveValue('');
    await expect(candidate(page, 1).getByRole('radio', { name: 'Bicinglé', exact: true })).not.toBeChecked();
    expect(await (await page.request.get('/api/orders/draft')).json()).toEqual({ draft: null });
  });

  test('the order form shows its errors next to the fields and refuses riders under 14', async ({ page }) => {
    await signUpAndSignIn(page.request);
    await open(page, '/gb/order', 'order-form');
    await page.getByRole('button', { name: 'Add a candidate' }).click();
    await page.getByRole('button', { name: 'Continue to delivery' }).click();

    await expect(page.getByText('Required fields are empty or incorrect.')).toBeVisible();
    const first = candidate(page, 1);
    await expect(first.getByText('Select a challenge.')).toBeVisible();
    await expect(page.getByTestId('error-summary')).toBeFocused();
    await page
      .getByTestId('error-summary')
      .getByRole('link', { name: 'Candidate 1 — Challenge', exact: true })
      .click();
    await expect(first.getByRole('radio', { name: 'Cinglé', exact: true })).toBeFocused();
    const second = candidate(page, 2);
    await expect(second.getByText('Enter the surname.')).toBeVisible();
    await expect(second.getByRole('textbox', { name: 'Surname', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await second.getByRole('textbox', { name: 'Date of birth', exact: true }).fill(birthDateAged(12));
    await expect(second.getByTestId('too-young')).toHaveText(
      'Too young: the minimum age is 14 on the day of the order.',
    );
    await page.getByRole('button', { name: 'Continue to delivery' }).click();
    await expect(page).toHaveURL(/\/gb\/order$/);
  });

  test('the delivery page warns about postal delivery too soon and about the summer heat', async ({
    page,
  }) => {
    await signUpAndSignIn(page.request);
    await saveCompleteDraft(page.request);
    await open(page, '/gb/shipping', 'shipping-form');

    await page.getByRole('radio', { name: 'By post', exact: true }).check();
    await page.getByRole('textbox', { name: 'Desired delivery date', exact: true }).fill(addDays(today(), 2));
    const warning = page.getByTestId('early-postal-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('By post, the kit cannot reach you before');
    await warning.getByRole('button', { name: /^Choose / }).click();
    await expect(warning).toBeHidden();

    await page.getByRole('textbox', { name: 'Desired delivery date', exact: true }).fill(addDays(today(), 1));
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Deliver by email' }).click();
    await expect(page.getByRole('radio', { name: 'By email (PDF)', exact: true })).toBeChecked();
    await expect(warning).toBeHidden();
    // By email the date is not asked any more.
    await expect(page.getByRole('textbox', { name: 'Desired delivery date', exact: true })).toHaveCount(0);

    await page.getByRole('radio', { name: 'Pick-up point', exact: true }).check();
    const nextSummer = `${Number(today().slice(0, 4)) + 1}-07-14`;
    await page.getByRole('textbox', { name: 'Desired delivery date', exact: true }).fill(nextSummer);
    await expect(page.getByTestId('heat-warning')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Choose a pick-up point.')).toBeVisible();
    await page.getByRole('radio', { name: 'Office de tourisme de Bédoin', exact: true }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/gb\/payment$/);
    await expect(page.getByText('Office de tourisme de Bédoin')).toBeVisible();
  });
});
