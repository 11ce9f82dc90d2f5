/**
 * Money given back, in two languages, the volunteer on a wide screen in one and on a phone in the other: a volunteer
 * refunds one of an order's two registrations (cancelled once at the confirmation, then confirmed; in French at
 * 1280 and 390 px, in English at 390 px); a buyer asks to
 * cancel from the account page and a volunteer approves after the confirmation; a buyer's request declined with a
 * reason the account page then shows; the treasurer's ledger read as a French spreadsheet reads it. Paid with the
 * built-in test provider.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { candidatePayload, orderPayload } from '../support/orders.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { waitForHydration } from './hydration.ts';
import { signedInBuyer } from './signed-in-buyer.ts';

/** No axe violation on the page as it is now. */
async function expectAccessible(page: Page) {
  await waitForHydration(page, 'admin-sidebar');
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(violations, page.url()).toEqual([]);
}

function texts(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  return { order: read('order'), admin: read('admin') };
}

const viewportOf = (lang: string, width = lang === 'fr' ? 1280 : 390) =>
  width >= 1280 ? { width, height: 900 } : { width, height: 844 };

async function volunteer(browser: Browser, baseURL: string, lang: string, width?: number) {
  const context = await browser.newContext({ baseURL, viewport: viewportOf(lang, width) });
  await signInAsStaff(context.request);
  return context;
}

/** Two adults whose kits are posted, paid through the test provider. */
async function paidOrderOfTwo(buyer: BrowserContext, lang: string, surname: string) {
  const placed = await buyer.request.post(`/api/orders?lang=${lang}`, {
    data: orderPayload({
      candidats: [
        candidatePayload({ nom: surname, prenom: 'Paul' }),
        candidatePayload({ nom: surname, prenom: 'Jeanne', email: 'jeanne.durand@example.org' }),
      ],
      mode_livraison: 'postal',
      avertissement_mineurs: false,
    }),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id, redirect_url } = (await placed.json()) as { id: number; redirect_url: string };
  const paymentId = /\/payment\/test\/(\d+)/.exec(redirect_url)?.[1];
  const approved = await buyer.request.post(`/api/payments/test/${paymentId}/approve?lang=${lang}`);
  expect(approved.status(), await approved.text()).toBe(200);
  const order = (await (await buyer.request.get(`/api/orders/${id}`)).json()) as {
    reference: string;
    candidats: { id: number; statut: string }[];
  };
  return { id, reference: order.reference, candidates: order.candidats };
}

const statusesOf = async (buyer: BrowserContext, orderId: number) =>
  (
    (await (await buyer.request.get(`/api/orders/${orderId}`)).json()) as { candidats: { statut: string }[] }
  ).candidats.map((candidate) => candidate.statut);

// The refund in French on the treasurer's screen and on a phone, and in English on a phone.
for (const [lang, width] of [
  ['fr', 1280],
  ['fr', 390],
  ['gb', 390],
] as const) {
  test(`${lang}, ${width} px: a volunteer refunds one of an order's two registrations`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const { order: orderTexts, admin: adminTexts } = texts(lang);
    const surname = `Rembourse${crypto.randomBytes(3).toString('hex')}`;
    const buyer = await signedInBuyer(browser, baseURL!, lang);
    const order = await paidOrderOfTwo(buyer, lang, surname);

    const admin = await volunteer(browser, baseURL!, lang, width);
    const page = await admin.newPage();
    // From the candidate's file to the order's refunds.
    await page.goto(`/${lang}/administration/candidates/${order.candidates[0]!.id}`);
    await page.getByTestId('order-refunds-link').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/administration/orders/${order.id}/refunds$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(order.reference);

    const form = page.getByTestId('refund-form');
    await form.getByRole('checkbox', { name: new RegExp(`Paul ${surname}`) }).check();
    await form.getByRole('textbox', { name: adminTexts.refunds.reason }).fill('Clavicule cassée en juin');
    await form.getByRole('button', { name: adminTexts.refunds.submit }).click();

    // Nothing moves before the confirmation, which says whom, how much and through which provider.
    const confirm = page.getByTestId('refund-confirm');
    await expect(confirm).toBeVisible();
    const provider = adminTexts.refunds.providers.test;
    await expect(confirm.getByTestId('refund-confirm-summary')).toContainText(provider);
    await expect(confirm.getByTestId('refund-confirm-summary')).toContainText(/25/);
    await expect(confirm).toContainText(adminTexts.refunds.confirm.final);
    await expect(confirm).toContainText(`Paul ${surname}`);
    await page.screenshot({ path: `test-results/refund-confirm-${lang}-${width}.png`, fullPage: true });
    // Cancelled at the confirmation: no refund, nobody withdrawn, what was typed still there.
    await confirm.getByRole('button', { name: adminTexts.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('refund-card')).toHaveCount(0);
    expect(await statusesOf(buyer, order.id)).toEqual(['to_process', 'to_process']);
    await expect(form.getByRole('checkbox', { name: new RegExp(`Paul ${surname}`) })).toBeChecked();

    // Asked again and confirmed: the money moves.
    await form.getByRole('button', { name: adminTexts.refunds.submit }).click();
    await page.getByTestId('refund-confirm-submit').click();

    const card = page.getByTestId('refund-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('refund-status')).toHaveText(adminTexts.refunds.statuses.succeeded);
    await expect(card).toContainText('Clavicule cassée en juin');
    await expect(card).toContainText(`Paul ${surname}`);
    // The volunteer's name, not "a volunteer"; the form says what was done and what is left.
    const me = (await (await admin.request.get('/api/me')).json()) as { prenom: string; nom: string };
    await expect(card).toContainText(
      adminTexts.refunds.sourcesBy.admin.replace('{{name}}', `${me.prenom} ${me.nom}`.trim()),
    );
    await expect(page.getByTestId('refund-outcome')).toContainText(provider);
    await expect(page.getByTestId('refund-left')).toContainText(/25/);
    // The refunded registration can no longer be chosen; the other one can.
    await expect(form.getByRole('checkbox', { name: new RegExp(`Paul ${surname}`) })).toBeDisabled();
    await expect(form.getByRole('checkbox', { name: new RegExp(`Jeanne ${surname}`) })).toBeEnabled();
    await page.screenshot({ path: `test-results/refunds-${lang}-${width}.png`, fullPage: true });
    await expectAccessible(page);
    expect(await statusesOf(buyer, order.id)).toEqual(['withdrawn', 'to_process']);

    // The buyer sees it on the account page.
    const account = await buyer.newPage();
    await account.goto(`/${lang}/account?tab=orders`);
    await expect(account.getByTestId('order-candidate').first()).toContainText(
      orderTexts.statuses.candidate.withdrawn,
    );
    await admin.close();
    await buyer.close();
  });
}

for (const lang of ['fr', 'gb']) {
  test(`${lang}: a buyer asks to cancel a registration and a volunteer approves`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const { order: orderTexts, admin: adminTexts } = texts(lang);
    const surname = `Demande${crypto.randomBytes(3).toString('hex')}`;
    const buyer = await signedInBuyer(browser, baseURL!, lang);
    const order = await paidOrderOfTwo(buyer, lang, surname);

    const account = await buyer.newPage();
    await account.goto(`/${lang}/account?tab=orders`);
    const second = account.getByTestId('order-candidate').nth(1);
    await second.getByText(orderTexts.cancellation.ask.replace('{{name}}', `Jeanne ${surname}`)).click();
    await second.getByRole('textbox', { name: orderTexts.cancellation.reason }).fill('Genou blessé');
    await second.getByRole('button', { name: orderTexts.cancellation.submit }).click();
    await expect(second.getByTestId('cancellation-open')).toBeVisible();

    const admin = await volunteer(browser, baseURL!, lang);
    const page = await admin.newPage();
    await page.goto(`/${lang}/administration/cancellation-requests`);
    const card = page.getByTestId('request-card').filter({ hasText: order.reference });
    await expect(card).toContainText('Genou blessé');
    await expect(card.getByTestId('request-status')).toHaveText(adminTexts.requests.statuses.open);
    await page.screenshot({ path: `test-results/requests-${lang}.png`, fullPage: true });
    await expectAccessible(page);
    await card.getByTestId('request-approve').click();
    const confirm = page.getByTestId('refund-confirm');
    await expect(confirm.getByTestId('refund-confirm-summary')).toContainText(
      adminTexts.refunds.providers.test,
    );
    await expect(confirm).toContainText(`Jeanne ${surname}`);
    await expect(confirm).toContainText(adminTexts.refunds.confirm.final);
    expect(await statusesOf(buyer, order.id)).toEqual(['to_process', 'to_process']);
    await page.getByTestId('refund-confirm-submit').click();
    await expect(card.getByTestId('request-status')).toHaveText(adminTexts.requests.statuses.approved);
    expect(await statusesOf(buyer, order.id)).toEqual(['to_process', 'withdrawn']);

    await account.goto(`/${lang}/account?tab=orders`);
    await expect(account.getByTestId('order-candidate').nth(1)).toContainText(
      orderTexts.statuses.candidate.withdrawn,
    );
    await admin.close();
    await buyer.close();
  });

  test(`${lang}: a buyer's cancellation request declined with a reason`, async ({ browser, baseURL }) => {
    test.slow();
    const { admin: adminTexts } = texts(lang);
    const surname = `Refus${crypto.randomBytes(3).toString('hex')}`;
    const buyer = await signedInBuyer(browser, baseURL!, lang);
    const order = await paidOrderOfTwo(buyer, lang, surname);
    const asked = await buyer.request.post(`/api/orders/${order.id}/cancellation-requests`, {
      data: { candidate_ids: [order.candidates[0]!.id], reason: 'Changé d’avis' },
    });
    expect(asked.status(), await asked.text()).toBe(201);

    const admin = await volunteer(browser, baseURL!, lang);
    const page = await admin.newPage();
    await page.goto(`/${lang}/administration/cancellation-requests`);
    const card = page.getByTestId('request-card').filter({ hasText: order.reference });
    await card
      .getByRole('textbox', { name: adminTexts.requests.declineReason })
      .fill('Pas de remboursement pour convenance');
    await card.getByTestId('request-decline').click();
    await expect(card.getByTestId('request-status')).toHaveText(adminTexts.requests.statuses.declined);
    expect(await statusesOf(buyer, order.id)).toEqual(['to_process', 'to_process']);

    const account = await buyer.newPage();
    await account.goto(`/${lang}/account?tab=orders`);
    await expect(
      account.getByTestId('order-candidate').first().getByTestId('cancellation-declined'),
    ).toContainText('Pas de remboursement pour convenance');
    await admin.close();
    await buyer.close();
  });
}

test('fr: the treasurer downloads the ledger and a French spreadsheet reads it', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { admin: adminTexts } = texts('fr');
  const buyer = await signedInBuyer(browser, baseURL!, 'fr');
  const order = await paidOrderOfTwo(buyer, 'fr', `Journal${crypto.randomBytes(3).toString('hex')}`);
  const admin = await volunteer(browser, baseURL!, 'fr');
  const page = await admin.newPage();
  await page.goto('/fr/administration');
  const money = page.getByTestId('dashboard-money');
  await expect(money).toContainText(adminTexts.dashboard.money.in);
  await expect(money).toContainText(adminTexts.dashboard.money.net);

  const download = page.waitForEvent('download');
  await page.getByTestId('ledger-download-movements').click();
  const file = await download;
  const bytes = fs.readFileSync((await file.path())!);
  // As a French spreadsheet reads it: a byte order mark, then cells split on semicolons, decimal commas.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = bytes
    .toString('utf8')
    .slice(1)
    .trim()
    .split('\n')
    .map((line) => line.split(';'));
  expect(rows[0]).toEqual(Object.values(adminTexts.ledger.columns).slice(0, 7));
  const payment = rows.find((row) => row[1] === order.reference)!;
  expect(payment[5]).toBe('50,00');
  expect(Number(payment[5]!.replace(',', '.'))).toBe(50);
  expect(payment[6]).toBe(adminTexts.ledger.kinds.payment);

  const months = page.waitForEvent('download');
  await page.getByTestId('ledger-download-months').click();
  const monthRows = fs
    .readFileSync((await (await months).path())!, 'utf8')
    .slice(1)
    .trim()
    .split('\n')
    .map((line) => line.split(';'));
  expect(monthRows[0]).toEqual(Object.values(adminTexts.ledger.columns).slice(7));
  expect(monthRows.slice(1).every((row) => row.length === 4 && /^-?\d+,\d{2}$/.test(row[1]!))).toBe(true);
  await admin.close();
  await buyer.close();
});
