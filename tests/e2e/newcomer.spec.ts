/**
 * A newcomer's way (issue 46): "Register" leads a visitor to the sign-in page, where creating an account is one of
 * two plain choices; the sign-up keeps where the person was going, signs the new account in and says the link to
 * confirm the address is on its way; the person goes on to a paid order (test provider), and the mailed link, once
 * followed, offers to go back to the order. In French and English, on a 360 px phone and a 1280 px screen.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { dataDir } from '../../playwright.config.ts';
import { mailedLink } from '../support/outbox.ts';
import { expect, pageReady, test } from './fixtures.ts';
import { waitForHydration } from './hydration.ts';

const PASSWORD = 'Ventoux1910';

/** The page texts a person reads, in `lang`, from the catalogues. */
function texts(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  const [common, auth, validation, order] = [read('common'), read('auth'), read('validation'), read('order')];
  return { common, auth, validation, order };
}

async function fillSignup(page: Page, lang: string, email: string) {
  const { validation: v, auth } = texts(lang);
  const form = page.getByTestId('signup-form');
  await form.getByRole('radio', { name: v.form_civilite_mme }).check();
  await form.getByRole('textbox', { name: v.form_nom, exact: true }).fill('Martin');
  await form.getByRole('textbox', { name: v.form_prenom, exact: true }).fill('Claire');
  await form.getByLabel(v.form_date_naissance).fill('1985-04-12');
  // The sign-up page has no client (decision 0041): its countries are the native lists.
  await form.getByRole('combobox', { name: v.form_nationalite, exact: true }).selectOption('fr');
  await form.getByRole('textbox', { name: v.form_adresse, exact: true }).fill('12 route du Mont Ventoux');
  await form.getByRole('textbox', { name: v.form_cp, exact: true }).fill('84410');
  await form.getByRole('textbox', { name: v.form_ville, exact: true }).fill('Bédoin');
  await form.getByRole('combobox', { name: v.form_pays, exact: true }).selectOption('fr');
  await form.getByRole('textbox', { name: v.form_tel, exact: true }).fill('06 12 34 56 78');
  await form.getByRole('textbox', { name: v.form_email, exact: true }).fill(email);
  await form.getByRole('textbox', { name: v.form_password, exact: true }).fill(PASSWORD);
  await form.getByRole('textbox', { name: v.form_password_confirmation, exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: auth.signup.submit }).click();
}

/** From the candidates to the test provider's approval, the first candidate being the account's owner. */
async function orderAndPay(page: Page, lang: string) {
  const { order: o } = texts(lang);
  await waitForHydration(page, 'order-form');
  await page.getByRole('radio', { name: o.challenges.cingle, exact: true }).check();
  await page.getByRole('checkbox', { name: o.order.attestation_condition_physique }).check();
  await page.getByRole('checkbox', { name: o.order.attestation_assurance }).check();
  await page.getByRole('button', { name: o.order.continue }).click();

  await expect(page).toHaveURL(new RegExp(`/${lang}/shipping$`));
  await waitForHydration(page, 'shipping-form');
  await page.getByRole('radio', { name: o.deliveryModes.email, exact: true }).check();
  await page.getByRole('button', { name: o.shipping.continue }).click();

  await expect(page).toHaveURL(new RegExp(`/${lang}/payment$`));
  await waitForHydration(page, 'pay-button');
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/payment/test/\\d+$`));
  await pageReady(page);
  await page.getByRole('button', { name: o.testPayment.approve }).click();
  // The provider's answer settles the order before the page loads: slow on a busy machine.
  await expect(page).toHaveURL(new RegExp(`/${lang}/confirmation\\?order=\\d+$`), { timeout: 60_000 });
  await expect(page.getByText(o.confirmation.confirmed)).toBeVisible();
}

test.beforeEach(async ({ context, baseURL }) => {
  // The cookie notice floats over the bottom of the page; the journey is not about it.
  await context.addCookies([{ name: 'dismissed', value: 'cookies.medals.new-account', url: baseURL! }]);
});

for (const lang of ['fr', 'gb']) {
  for (const width of [360, 1280]) {
    test(`a newcomer from "Register" to a paid order, and back after confirming (${lang}, ${width} px)`, async ({
      page,
    }) => {
      test.setTimeout(300_000); // a sign-up, an order of three steps, a payment and a mailed link
      const { common, auth } = texts(lang);
      const email = `newcomer.${crypto.randomBytes(5).toString('hex')}@example.org`;
      await page.setViewportSize({ width, height: 900 });

      // "Register", as a visitor sees it (the header's button, or the home page's own on a phone).
      await page.goto(`/${lang}`);
      await pageReady(page);
      await page
        .getByRole('link', { name: common.nav.register, exact: true })
        .filter({ visible: true })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?redirectTo=%2F${lang}%2Forder$`));

      // Two plain choices; the newcomer's comes first and keeps where they were going.
      const newcomer = page.getByTestId('login-newcomer');
      await expect(newcomer).toContainText(auth.login.noAccount);
      await expect(page.getByRole('heading', { name: auth.login.memberTitle })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await newcomer.getByRole('link', { name: auth.login.signupLink }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/signup\\?redirectTo=%2F${lang}%2Forder$`));

      // Signed up: signed in, told to confirm the address, offered to go on.
      await fillSignup(page, lang, email);
      await expect(page).toHaveURL(new RegExp(`/${lang}/account/verify-email\\?sent=1&redirectTo=`));
      const done = page.getByTestId('signup-done');
      await expect(done).toContainText(auth.verify.sentTitle);
      await expect(done).toContainText(email);
      expect((await (await page.request.get('/api/me')).json()).email).toBe(email);
      await page.getByTestId('verify-continue').click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/order$`));

      await orderAndPay(page, lang);

      // The mailed link confirms the address and offers to go back to the order.
      const link = await mailedLink(dataDir, email, '/account/verify-email');
      expect(link.pathname).toBe(`/${lang}/account/verify-email`);
      expect(link.searchParams.get('redirectTo')).toBe(`/${lang}/order`);
      await page.goto(link.pathname + link.search);
      await expect(page.getByTestId('verify-done')).toContainText(auth.verify.doneTitle);
      await page.getByTestId('verify-continue').click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/order$`));
      await waitForHydration(page, 'order-form');
    });
  }
}
