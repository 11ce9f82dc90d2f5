/**
 * A buyer changes their own registration from the account page, in two languages, on a phone: corrects the
 * candidate and the challenge, changes the delivery; once a volunteer has printed the kit, the page is read-only and
 * says whom to write to. An unpaid order is given up from the same page, without JavaScript too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { addDays, today } from '../../domain/dates.ts';
import { orderPayload } from '../support/orders.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { holdScripts } from './hold-scripts.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';
import { signedInBuyer as newBuyer } from './signed-in-buyer.ts';

const signedInBuyer = (
  browser: Browser,
  baseURL: string,
  lang: string,
  options: { javaScript?: boolean } = {},
) => newBuyer(browser, baseURL, lang, { ...options, emailPrefix: 'changes' });

function texts(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  return { order: read('order'), validation: read('validation'), admin: read('admin') };
}

for (const lang of ['fr', 'de']) {
  test(`${lang}: the buyer corrects a registration and its delivery, until a volunteer prints the kit`, async ({
    browser,
    baseURL,
  }) => {
    // A whole season of one registration (sign-up, payment, two forms, a volunteer's labels): more than the
    // default half-minute when the machine is busy.
    test.slow();
    const { order, validation, admin: adminTexts } = texts(lang);
    const buyer = await signedInBuyer(browser, baseURL!, lang);
    const nom = `Avant${crypto.randomBytes(3).toString('hex')}`;
    const { orderId, candidate } = await paidRegistration(buyer.request, { nom }, 'postal', lang);
    const page = await buyer.newPage();

    // From the orders tab to the registration's form. Cancelling is asked with its own button: the club's
    // address is for any other change; the step under way is no alarm (blue, as the club's news).
    await page.goto(`/${lang}/account?tab=orders`);
    await expect(page.getByTestId('cancellation')).toBeVisible();
    await expect(page.getByTestId('club-contact')).toContainText(order.changes.otherChangesContact);
    const current = page.getByTestId('registration-progress').locator('[aria-current="step"]');
    await expect(current).toContainText(order.progress.now);
    const bullet = await current.locator('.mantine-ThemeIcon-root').evaluate((icon) => {
      const probe = document.createElement('div');
      probe.style.backgroundColor = 'var(--mantine-color-blue-filled)';
      document.body.append(probe);
      const blue = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return { shown: getComputedStyle(icon).backgroundColor, blue };
    });
    expect(bullet.shown).toBe(bullet.blue);
    await page.getByTestId('change-registration').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/account/registrations/${candidate.id}$`));
    const form = page.getByTestId('registration-change-form');
    await waitForHydration(page, 'registration-change-form');

    // A mistake is refused in place, with what was typed.
    await form.getByRole('textbox', { name: order.fields.email }).fill('not an address');
    await form.getByRole('button', { name: order.changes.submit }).click();
    await expect(form.getByText(validation.email_invalid)).toBeVisible();

    await form.getByRole('textbox', { name: order.fields.email }).fill('paul.corrige@example.org');
    await form.getByRole('textbox', { name: order.fields.nom, exact: true }).fill(`${nom}Corrige`);
    await form.getByRole('radio', { name: order.challenges.galerien }).check();
    await form.getByRole('button', { name: order.changes.submit }).click();
    await expect(page.getByTestId('registration-saved')).toHaveText(order.changes.saved);

    const stored = await (await buyer.request.get(`/api/candidates/${candidate.id}`)).json();
    expect(stored.fields).toMatchObject({
      nom: `${nom}Corrige`,
      email: 'paul.corrige@example.org',
      epreuve: 'galerien',
    });

    // The delivery: another date and address.
    await page.goto(`/${lang}/account?tab=orders`);
    await expect(page.getByTestId('order-candidate')).toContainText(`${nom}Corrige`);
    await page.getByTestId('change-delivery').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/account/orders/${orderId}/delivery$`));
    const delivery = page.getByTestId('delivery-change-form');
    await waitForHydration(page, 'delivery-change-form');
    const date = addDays(today(), 45);
    await delivery.getByLabel(order.shipping.date).fill(date);
    await delivery.getByRole('textbox', { name: order.fields.ville }).fill('Bédoin');
    await delivery.getByRole('textbox', { name: order.fields.code_postal }).fill('84410');
    await delivery.getByRole('button', { name: order.changes.submit }).click();
    await expect(page.getByTestId('delivery-saved')).toBeVisible();
    const placed = await (await buyer.request.get(`/api/orders/${orderId}`)).json();
    expect(placed).toMatchObject({
      date_livraison: date,
      adresse_livraison: { ville: 'Bédoin', code_postal: '84410' },
    });

    // A volunteer prints the kit's labels: the registration is now read-only, and says whom to write to.
    const admin = await browser.newContext({ baseURL });
    await signInAsStaff(admin.request);
    const labels = await admin.request.post('/api/admin/candidates/labels', {
      data: { ids: [candidate.id] },
    });
    expect(labels.status()).toBe(200);
    // The volunteer reads the buyer's change in the registration's history.
    const file = await admin.newPage();
    await file.goto(`/${lang}/administration/candidates/${candidate.id}`);
    const history = file.getByTestId('candidate-history');
    await expect(history).toContainText(adminTexts.actions.candidate_changed_by_buyer);
    await expect(history).toContainText(`${nom} → ${nom}Corrige`);
    await admin.close();

    await page.goto(`/${lang}/account/registrations/${candidate.id}`);
    await expect(page.getByTestId('registration-read-only')).toBeVisible();
    await expect(page.getByTestId('club-contact')).toContainText(order.changes.closed);
    await expect(page.getByTestId('club-contact').getByRole('link')).toHaveAttribute(
      'href',
      /^mailto:.+\?subject=/,
    );
    await expect(page.getByTestId('registration-change-form')).toHaveCount(0);
    await page.goto(`/${lang}/account?tab=orders`);
    await expect(page.getByTestId('change-registration')).toHaveCount(0);
    await expect(page.getByTestId('change-delivery')).toHaveCount(0);
    await expect(page.getByTestId('change-closed')).toHaveText(order.changes.inHand);
    // No button to cancel any more: the club's address is the way, and says so.
    await expect(page.getByTestId('cancellation')).toHaveCount(0);
    await expect(page.getByTestId('club-contact')).toContainText(order.changes.paidContact);
    await buyer.close();
  });

  // Without JavaScript in one language; in the other, with the page's scripts held back as on a slow phone,
  // the rider typing and tapping at once: either way the form posts to the page's action.
  const javaScript = lang === 'de';
  test(`${lang}: ${javaScript ? 'before the scripts run' : 'without JavaScript'}, the buyer corrects a registration and gives up an unpaid order`, async ({
    browser,
    baseURL,
  }) => {
    const { order } = texts(lang);
    const buyer = await signedInBuyer(browser, baseURL!, lang, { javaScript });
    const { candidate } = await paidRegistration(buyer.request, {}, 'postal', lang);
    const page = await buyer.newPage();
    const release = javaScript ? await holdScripts(page) : null;
    await page.goto(`/${lang}/account/registrations/${candidate.id}`, {
      waitUntil: javaScript ? 'commit' : 'load',
    });
    const form = page.getByTestId('registration-change-form');
    await form.getByRole('textbox', { name: order.fields.prenom, exact: true }).fill('Paulo');
    await form.getByRole('button', { name: order.changes.submit }).click();
    await expect(page.getByTestId('registration-saved')).toBeVisible();
    await expect(page.getByRole('textbox', { name: order.fields.prenom, exact: true })).toHaveValue('Paulo');
    await release?.();

    // An order left unpaid.
    const unpaid = await buyer.request.post(`/api/orders?lang=${lang}`, {
      data: orderPayload({ mode_livraison: 'postal' }),
    });
    expect(unpaid.status(), await unpaid.text()).toBe(201);
    const { id } = (await unpaid.json()) as { id: number };
    const heldAgain = javaScript ? await holdScripts(page) : null;
    await page.goto(`/${lang}/account?tab=orders`, { waitUntil: javaScript ? 'commit' : 'load' });
    await page.getByTestId('cancel-order').click();
    await expect(page.getByTestId('cancel-order')).toHaveCount(0);
    await heldAgain?.();
    const status = await (await buyer.request.get(`/api/orders/${id}/status`)).json();
    expect(status).toEqual({ status: 'cancelled' });
    await buyer.close();
  });
}

test('another person’s registration and order are the not-found page', async ({ browser, baseURL }) => {
  const owner = await signedInBuyer(browser, baseURL!, 'gb');
  const { orderId, candidate } = await paidRegistration(owner.request, {}, 'postal');
  await owner.close();
  const stranger = await signedInBuyer(browser, baseURL!, 'gb');
  const page = await stranger.newPage();
  for (const path of [
    `/gb/account/registrations/${candidate.id}`,
    `/gb/account/orders/${orderId}/delivery`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
  }
  await stranger.close();
});
