/**
 * A guardian's consent for a minor, in two languages: the buyer pays for a 16-year-old (through the API, as the
 * ordering journeys test the form) and sees the registration wait for the guardian; the guardian opens the emailed
 * link on a phone, reads the candidate and the safety advice, and confirms (the statements are required first) or
 * refuses; the buyer's page follows; a used link says so. The French guardian answers without JavaScript; a
 * volunteer records a consent received on paper.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { dataDir } from '../../playwright.config.ts';
import { accountPayload } from '../support/account-payload.ts';
import { minorCandidate } from '../support/orders.ts';
import { mailSaying, verifyEmailFromOutbox } from '../support/outbox.ts';
import { PASSWORD } from '../support/users.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';

function texts(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  return {
    guardian: read('guardian'),
    order: read('order'),
    validation: read('validation'),
    admin: read('admin'),
    mail: read('mail'),
    rules: read('rules'),
  };
}

async function buyerWithMinor(browser: Browser, baseURL: string, lang: string) {
  const suffix = crypto.randomBytes(3).toString('hex');
  const email = `parent.${suffix}@example.org`;
  const guardianEmail = `guardian.${suffix}@example.org`;
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
  const signup = await context.request.post(`/api/signup?lang=${lang}`, { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  await verifyEmailFromOutbox(context.request, dataDir, email);
  const login = await context.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { candidate } = await paidRegistration(
    context.request,
    minorCandidate({
      nom: `Mineur${suffix}`,
      email: `minor.${suffix}@example.org`,
      tuteur: { nom: 'Tuteur', prenom: 'Claire', email: guardianEmail },
    }),
    'postal',
    lang,
  );
  return { context, candidate: { ...candidate, nom: `Mineur${suffix}` }, guardianEmail };
}

for (const [lang, decision] of [
  ['fr', 'confirm'],
  ['de', 'refuse'],
] as const) {
  test(`${lang}: the guardian ${decision === 'confirm' ? 'confirms' : 'refuses'} by the emailed link`, async ({
    browser,
    baseURL,
  }) => {
    test.slow(); // an order paid, mail read from the outbox, and the guardian's page posted up to three times
    const { guardian, order, validation } = texts(lang);
    const { context, candidate, guardianEmail } = await buyerWithMinor(browser, baseURL!, lang);
    const account = await context.newPage();
    await account.goto(`/${lang}/account?tab=orders`);
    const item = account.getByTestId('order-candidate');
    await expect(item).toContainText(order.statuses.candidate.awaiting_consent);
    await expect(item.getByTestId('guardian-consent')).toContainText(guardianEmail);
    // Just sent: sending it again at once is refused, and says so.
    await item.getByTestId('resend-consent').click();
    await expect(item.getByTestId('consent-error')).toBeVisible();

    // The guardian, on a phone; the French one without JavaScript.
    const mail = await mailSaying(dataDir, guardianEmail, texts(lang).mail.guardianConsent.action);
    const link = new URL(/https?:\/\/\S+\/guardian\?token=[\w-]+/.exec(mail)![0]);
    expect(link.pathname).toBe(`/${lang}/guardian`);
    const address = `${link.pathname}${link.search}`;
    const guardianContext = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 800 },
      javaScriptEnabled: lang !== 'fr',
    });
    const page = await guardianContext.newPage();
    await page.goto(address);
    await expect(page.getByTestId('guardian-registration')).toContainText(candidate.reference);
    // The rules' safety advice, before the statements.
    await expect(
      page.getByRole('heading', { level: 2, name: texts(lang).rules.tabs.safety.title }),
    ).toBeVisible();
    const form = page.getByTestId('guardian-form');
    if (decision === 'confirm') {
      await form.getByRole('button', { name: guardian.confirm }).click();
      await expect(page.getByText(validation.autorisation_parentale_required)).toBeVisible();
      // A box ticked is kept when the other is missing: the page comes back with it (no client: decision 0041).
      await expect(page.locator('html[data-client="none"]')).toHaveCount(1);
      await page.getByRole('checkbox', { name: guardian.statements.autorisation_parentale }).check();
      await page.getByRole('button', { name: guardian.confirm }).click();
      await expect(page.getByText(validation.certificat_medical_required)).toBeVisible();
      await expect(
        page.getByRole('checkbox', { name: guardian.statements.autorisation_parentale }),
      ).toBeChecked();
      await page.getByRole('checkbox', { name: guardian.statements.certificat_medical }).check();
      await page.getByRole('button', { name: guardian.confirm }).click();
      await expect(page.getByTestId('guardian-confirmed')).toContainText(guardian.confirmed.title);
    } else {
      await form.getByRole('button', { name: guardian.refuse }).click();
      await expect(page.getByTestId('guardian-refused')).toContainText(guardian.refused.title);
    }
    // The link works once.
    await page.goto(address);
    await expect(page.getByTestId('guardian-answered')).toBeVisible();
    await expect(page.getByTestId('guardian-form')).toHaveCount(0);
    await guardianContext.close();

    await account.reload();
    if (decision === 'confirm') {
      await expect(item).toContainText(order.statuses.candidate.to_process);
      await expect(item.getByTestId('guardian-consent')).toHaveCount(0);
    } else {
      await expect(item).toContainText(order.statuses.candidate.awaiting_consent);
      await expect(item.getByTestId('guardian-consent')).toContainText(order.consent.refusedTitle);
    }
    await context.close();
  });
}

test('a volunteer records a consent received on paper', async ({ browser, baseURL }) => {
  test.slow(); // an order paid, then the dashboard, the list and the candidate's file
  const { admin: adminTexts, order } = texts('gb');
  const { context, candidate } = await buyerWithMinor(browser, baseURL!, 'gb');
  await context.close();
  const admin = await browser.newContext({ baseURL });
  await signInAsStaff(admin.request);
  const page = await admin.newPage();
  // The dashboard counts the minors waiting on a guardian, and opens their list.
  await page.goto('/gb/administration/dashboard');
  const waiting = page.getByTestId('count-card').filter({ hasText: adminTexts.dashboard.counts.consent });
  await expect(waiting).toHaveAttribute('href', '/gb/administration/inscriptions/consent');
  expect(Number(await waiting.locator('p').first().textContent())).toBeGreaterThan(0);
  await page.goto('/gb/administration/inscriptions/consent');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(adminTexts.lists.consent.title);
  await expect(page.getByText(candidate.reference)).toBeVisible();

  await page.goto(`/gb/administration/candidates/${candidate.id}`);
  const panel = page.getByTestId('guardian-panel');
  await expect(panel).toContainText('Claire Tuteur');
  await waitForHydration(page, 'paper-consent-form');
  await panel.getByRole('textbox', { name: adminTexts.guardian.note }).fill('Signed form received by post');
  await expect(page.getByTestId('documents-after-consent')).toBeVisible();
  await panel.getByRole('button', { name: adminTexts.guardian.record }).click();
  // A dialog first names whose consent is recorded and where the kit goes; cancelling records nothing.
  const dialog = page.getByTestId('paper-consent-form-confirm');
  await expect(dialog).toContainText(`Claire Tuteur for Léa ${candidate.nom}`);
  await expect(dialog).toContainText('the kit joins the list of kits to post');
  await dialog.getByRole('button', { name: adminTexts.cancel, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByTestId('guardian-state')).not.toContainText('Paper authorisation recorded');
  await panel.getByRole('button', { name: adminTexts.guardian.record }).click();
  await page.getByTestId('paper-consent-form-confirm-action').click();
  await expect(panel.getByTestId('guardian-state')).toContainText('Paper authorisation recorded');
  await expect(page.getByTestId('documents-after-consent')).toHaveCount(0);
  await expect(page.getByTestId('candidate-history')).toContainText('note: Signed form received by post');
  await expect(
    page
      .getByText(order.statuses.candidate.to_process)
      .or(page.getByText(adminTexts.statuses.to_process))
      .first(),
  ).toBeVisible();
  await admin.close();
});
