/**
 * A minor's kit waits for the guardian, in French and in English, on a phone and on a wide screen: back from the
 * payment, the confirmation page says the guardian answers first and names the address the request went to; the
 * account page offers no document, and says why; the guardian confirms by the emailed link; then the route card
 * and the frame plate are there, and open as PDFs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { dataDir } from '../../playwright.config.ts';
import { accountPayload } from '../support/account-payload.ts';
import { minorCandidate } from '../support/orders.ts';
import { mailSaying, verifyEmailFromOutbox } from '../support/outbox.ts';
import { PASSWORD } from '../support/users.ts';
import { expect, test } from './fixtures.ts';
import { paidRegistration } from './paid-registration.ts';

const read = (lang: string, ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));

/** The page at a phone's width, then at a wide screen's, each drawn for a look. */
async function atBothWidths(page: Page, name: string, check: () => Promise<void>) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    await page.screenshot({ path: `test-results/kit-consent-${name}-${width}.png`, fullPage: true });
  }
}

for (const lang of ['fr', 'gb'] as const) {
  test(`${lang}: a minor's documents come once the guardian has agreed`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000); // an account, an order paid, the guardian's page, the account page at two widths
    const order = read(lang, 'order');
    const guardianTexts = read(lang, 'guardian');
    const suffix = crypto.randomBytes(3).toString('hex');
    const email = `parent.${suffix}@example.org`;
    const guardianEmail = `guardian.${suffix}@example.org`;
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 900 } });
    expect(
      (await context.request.post(`/api/signup?lang=${lang}`, { data: accountPayload(email) })).status(),
    ).toBe(201);
    await verifyEmailFromOutbox(context.request, dataDir, email);
    expect((await context.request.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(
      200,
    );
    const { orderId } = await paidRegistration(
      context.request,
      minorCandidate({
        prenom: 'Léa',
        nom: `Mineur${suffix}`,
        email: `minor.${suffix}@example.org`,
        tuteur: { nom: 'Tuteur', prenom: 'Claire', email: guardianEmail },
      }),
      'postal',
      lang,
    );
    const page = await context.newPage();

    // Back from the payment: the guardian's answer comes first, asked at the address the buyer typed.
    await page.goto(`/${lang}/confirmation?order=${orderId}`);
    // The page asks the order's status from the browser, once its scripts run.
    await expect(page.getByTestId('confirmation')).toHaveAttribute('data-state', 'paid', { timeout: 30_000 });
    await atBothWidths(page, `${lang}-confirmation`, async () => {
      const guardians = page.getByTestId('confirmation-guardians');
      await expect(guardians).toContainText(order.confirmation.guardianTitle);
      await expect(guardians).toContainText(guardianEmail);
      await expect(guardians).toContainText('Claire Tuteur');
    });

    // The account page: no document before the answer, and why.
    await page.goto(`/${lang}/account?tab=orders`);
    const item = page.getByTestId('order-candidate');
    await atBothWidths(page, `${lang}-account-waiting`, async () => {
      await expect(item).toContainText(order.statuses.candidate.awaiting_consent);
      await expect(item.getByTestId('no-documents')).toHaveText(order.orders.documentsAfterConsent);
      await expect(item).toContainText(order.progress.steps.kit_sent.upcoming_consent);
      await expect(item.getByTestId('document-link')).toHaveCount(0);
      await expect(item.getByRole('link', { name: order.documents.route_card })).toHaveCount(0);
    });

    // The guardian agrees by the emailed link.
    const mail = await mailSaying(dataDir, guardianEmail, read(lang, 'mail').guardianConsent.action);
    const link = new URL(/https?:\/\/\S+\/guardian\?token=[\w-]+/.exec(mail)![0]);
    const guardian = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
    const guardianPage = await guardian.newPage();
    await guardianPage.goto(`${link.pathname}${link.search}`);
    await guardianPage
      .getByRole('checkbox', { name: guardianTexts.statements.autorisation_parentale })
      .check();
    await guardianPage.getByRole('checkbox', { name: guardianTexts.statements.certificat_medical }).check();
    await guardianPage.getByRole('button', { name: guardianTexts.confirm }).click();
    await expect(guardianPage.getByTestId('guardian-confirmed')).toBeVisible();
    await guardian.close();

    // Now the documents are there, and open.
    await page.reload();
    await atBothWidths(page, `${lang}-account-released`, async () => {
      await expect(item).toContainText(order.statuses.candidate.to_process);
      await expect(item.getByTestId('no-documents')).toHaveCount(0);
      await expect(item.getByTestId('document-link')).toHaveCount(2);
    });
    for (const href of await item
      .getByTestId('document-link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) {
      const pdf = await context.request.get(href);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
    }
    await context.close();
  });
}
