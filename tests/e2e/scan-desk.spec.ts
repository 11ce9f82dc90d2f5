/**
 * The scan desk in French (issue 48), at 1280 and 390 px: a card typed and entered before the page's scripts have
 * arrived is taken in (its form posts to the page's action), as it is with JavaScript off, where an unknown
 * reference is named back; five cards scanned in a row on a phone keep the field on the screen, the list under
 * it; and cards back without a ride are homologated in a batch on a day the volunteer types.
 */
import crypto from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { today } from '../../domain/dates.ts';
import { accountPayload } from '../support/account-payload.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { holdScripts } from './hold-scripts.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';

// Each journey registers and pays for its riders first (4–8 s here): room for a loaded two-core CI machine.
test.describe.configure({ timeout: 60_000 });
// The unknown reference is typed on purpose: its page answers 404, which the browser reports.
test.use({ expectedErrors: [/status of 404/] });

const FIELD = 'Référence ou code de la carte de route';
const SUBMIT = 'Rechercher la carte';

/** `count` paid registrations of one new rider family, made in a browser of their own. */
async function cardsToScan(browser: Browser, baseURL: string, family: string, count: number) {
  const rider = await browser.newContext({ baseURL });
  const request = rider.request;
  const email = `${family.toLowerCase()}@example.org`;
  expect((await request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  const { password } = accountPayload(email);
  expect((await request.post('/api/login', { data: { email, password } })).status()).toBe(200);
  const cards = [];
  for (let index = 0; index < count; index += 1) {
    const prenom = `Rider${String.fromCharCode(65 + index)}`;
    const { candidate } = await paidRegistration(request, { nom: family, prenom, email }, 'postal', 'fr');
    cards.push({ ...candidate, prenom });
  }
  await rider.close();
  return cards;
}

/** An administrator's browser at `width` px (JavaScript on or off), signed in. */
async function desk(
  browser: Browser,
  baseURL: string,
  width: number,
  options: { javaScript?: boolean } = {},
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'fr-FR',
    javaScriptEnabled: options.javaScript ?? true,
  });
  await signInAsStaff(context.request);
  return context;
}

async function markPosted(request: APIRequestContext, ids: number[]) {
  expect((await request.post('/api/admin/candidates/processed', { data: { ids } })).status()).toBe(200);
}

async function type(page: Page, reference: string) {
  await page.getByRole('textbox', { name: FIELD }).fill(reference);
  await page.getByRole('button', { name: SUBMIT }).click();
}

for (const width of [1280, 390]) {
  test(`${width} px: a card typed before the scripts arrive is taken in`, async ({ browser, baseURL }) => {
    const family = `Tot${crypto.randomBytes(3).toString('hex')}`;
    const context = await desk(browser, baseURL!, width);
    const [card] = await cardsToScan(browser, baseURL!, family, 1);
    await markPosted(context.request, [card!.id]);
    const page = await context.newPage();
    const release = await holdScripts(page);
    await page.goto('/fr/administration/homologations/scan', { waitUntil: 'commit' });
    const field = page.getByRole('textbox', { name: FIELD });
    await expect(field).toBeVisible({ timeout: 30_000 });
    await field.fill(card!.reference);
    await field.press('Enter');
    await expect(page.getByTestId('scan-taken-card')).toHaveText(
      `${card!.reference} · ${card!.prenom} ${family} · Cinglé`,
    );
    await expect(page.getByTestId('scan-taken-change')).toHaveText(
      'Statut : Traité → Carte reçue. Le cycliste est prévenu par e-mail.',
    );
    await expect(page).toHaveURL(/\/fr\/administration\/homologations\/scan$/);
    await release();
    await waitForHydration(page, 'scan-form');
    // The scripts took over the page the server drew: the card stays said, the field is ready for the next.
    await expect(page.getByTestId('scan-taken-card')).toContainText(card!.reference);
    await expect(field).toHaveValue('');
    const status = await context.request.get(`/api/admin/candidates/${card!.id}`);
    expect((await status.json()).candidate.statut).toBe('card_received');
    await context.close();
  });
}

test('without JavaScript: a card is taken in, an unknown reference is named back', async ({
  browser,
  baseURL,
}) => {
  const family = `Sansjs${crypto.randomBytes(3).toString('hex')}`;
  const context = await desk(browser, baseURL!, 1280, { javaScript: false });
  const [card] = await cardsToScan(browser, baseURL!, family, 1);
  await markPosted(context.request, [card!.id]);
  const page = await context.newPage();
  await page.goto('/fr/administration/homologations/scan');
  await type(page, card!.reference);
  await expect(page.getByTestId('scan-taken-card')).toContainText(card!.reference);

  await type(page, '09999999-07');
  const error = page.getByTestId('scan-error');
  await expect(error).toHaveText('Référence inconnue : aucun candidat ne correspond à « 09999999-07 ».');
  // The green box of the card before is gone: it does not answer this scan.
  await expect(page.getByTestId('scan-taken')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: FIELD })).toHaveValue('09999999-07');
  await context.close();
});

test('390 px: five cards in a row, the field stays on the screen and the list grows under it', async ({
  browser,
  baseURL,
}, testInfo) => {
  const family = `Pile${crypto.randomBytes(3).toString('hex')}`;
  const context = await desk(browser, baseURL!, 390);
  const cards = await cardsToScan(browser, baseURL!, family, 5);
  await markPosted(
    context.request,
    cards.map((card) => card.id),
  );
  const page = await context.newPage();
  await page.goto('/fr/administration/homologations/scan');
  await waitForHydration(page, 'scan-form');
  const field = page.getByRole('textbox', { name: FIELD });
  for (const [index, card] of cards.entries()) {
    await type(page, card.reference);
    await expect(page.getByTestId('scan-taken-card')).toContainText(card.reference);
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
    await expect(page.getByRole('button', { name: SUBMIT })).toBeInViewport();
    await expect(page.getByTestId('scan-earlier').getByRole('listitem')).toHaveCount(index);
  }
  // Newest first, under the field.
  const earlier = page.getByTestId('scan-earlier').getByRole('listitem');
  await expect(earlier.first()).toContainText(cards[3]!.reference);
  await expect(earlier.last()).toContainText(cards[0]!.reference);
  const fieldBox = (await field.boundingBox())!;
  const listBox = (await page.getByTestId('scan-earlier').boundingBox())!;
  expect(listBox.y).toBeGreaterThan(fieldBox.y);
  const shot = testInfo.outputPath('scan-five-390.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('five cards at 390 px', { path: shot, contentType: 'image/png' });
  await context.close();
});

test('1280 px: cards back without a ride are homologated in a batch on the day typed', async ({
  browser,
  baseURL,
}, testInfo) => {
  const family = `Seule${crypto.randomBytes(3).toString('hex')}`;
  const context = await desk(browser, baseURL!, 1280);
  const cards = await cardsToScan(browser, baseURL!, family, 2);
  for (const card of cards) {
    const scanned = await context.request.post('/api/admin/scan', {
      data: { text: card.reference, confirm: true },
    });
    expect(scanned.status()).toBe(200);
  }
  const page = await context.newPage();
  await page.goto(`/fr/administration/homologations?q=${family}`);
  await waitForHydration(page, 'homologate-selected');
  const rowOf = (reference: string) =>
    page.locator(`[data-testid="candidate-row"][data-reference="${reference}"]`);
  for (const card of cards) await rowOf(card.reference).getByRole('checkbox').check();
  await expect(page.getByTestId('selection-count')).toHaveText('2 candidats sélectionnés');
  await page.getByTestId('homologate-selected').click();
  const dialog = page.getByRole('dialog', { name: 'Homologuer 2 cartes ?' });
  await expect(dialog.getByTestId('batch-confirm-row')).toHaveCount(2);
  await expect(dialog).toContainText('carte seule, sans trace');

  // Without a day the batch is not sent; one day typed for all fills each row.
  await dialog.getByTestId('confirm-batch-homologation').click();
  await expect(dialog.getByTestId('batch-day-missing')).toHaveText(
    'Indiquez la date de passage de chaque carte sans trace.',
  );
  await dialog.getByLabel('Date de passage des cartes sans trace').fill(today());
  for (const card of cards)
    await expect(dialog.getByLabel(`Date de passage de ${card.prenom} ${family}`)).toHaveValue(today());
  const shot = testInfo.outputPath('batch-card-only-1280.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('batch of cards without a ride', { path: shot, contentType: 'image/png' });
  await dialog.getByTestId('confirm-batch-homologation').click();
  const results = page.getByTestId('batch-results');
  await expect(results).toContainText('2 cartes homologuées');
  await expect(results.locator('[data-status="homologated"]')).toHaveCount(2);
  const history = await context.request.get(`/api/admin/candidates?list=history&q=${family}`);
  const rows = (await history.json()).items as { homologation: { date_passage: string } }[];
  expect(rows.map((row) => row.homologation.date_passage)).toEqual([today(), today()]);
  await context.close();
});
