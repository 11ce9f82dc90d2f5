/**
 * The volunteer's desk in French, on a 360 px phone and at 1280 px: an administrator signs in and lands on the
 * dashboard, scans three returned route cards in a row without leaving the scan page (the third, whose kit was
 * never marked sent, after confirming), judges the card whose ride is attached with the day that ride gives,
 * confirms the number, and lands on the next card waiting.
 *
 * And at 390 px and 1280 px (issue 48): a registration whose buyer asked to cancel shows it on its row, "select
 * all" leaves it out and its box is disabled, the dashboard counts the request, and neither the list, the guardian's
 * list nor a minor's file is wider than the screen.
 */
import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { today } from '../../domain/dates.ts';
import { accountPayload } from '../support/account-payload.ts';
import { cingleRide } from '../support/rides.ts';
import { toGpx } from '../support/track-files.ts';
import { PASSWORD } from '../support/users.ts';
import { minorCandidate } from '../support/orders.ts';
import { expect, test } from './fixtures.ts';
import { enterCode, signInAsStaff } from './staff.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';

/** A rider's paid registration (kit by post); `ride` attaches a ride ridden today, as the rider would. */
async function registration(request: APIRequestContext, nom: string, options: { ride?: boolean } = {}) {
  const email = `${nom.toLowerCase()}@example.org`;
  expect((await request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  expect((await request.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  const { candidate } = await paidRegistration(request, { nom, email }, 'postal', 'fr');
  if (options.ride) {
    // Early today in Paris, so that the ride's day is today whatever the hour the test runs.
    const ride = cingleRide(`${today()}T00:30:00Z`, { sampleS: 20 });
    const attached = await request.post(`/api/candidates/${candidate.id}/track`, {
      headers: { 'content-type': 'application/gpx+xml' },
      data: Buffer.from(toGpx(ride.points)),
    });
    expect(attached.status(), await attached.text()).toBe(200);
  }
  return candidate;
}

async function scanCard(page: Page, reference: string) {
  const field = page.getByRole('textbox', { name: 'Référence ou code de la carte de route' });
  await field.fill(reference);
  await page.getByRole('button', { name: 'Rechercher la carte' }).click();
}

// The card whose kit was never marked sent answers 409 before it is confirmed, which the browser reports.
test.use({ expectedErrors: [/status of 409/] });

for (const width of [360, 1280]) {
  test(`${width} px: three cards scanned in a row, one judged with its ride's day, then the next card`, async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const suffix = crypto.randomBytes(3).toString('hex');
    const riders = await playwright.request.newContext({ baseURL });
    const posted = await registration(riders, `Poste${suffix}`);
    const handedOver = await registration(riders, `Remis${suffix}`);
    const neverSent = await registration(riders, `Oubli${suffix}`, { ride: true });
    await riders.dispose();
    const admin = await playwright.request.newContext({ baseURL });
    const volunteer = await signInAsStaff(admin);
    const processed = await admin.post('/api/admin/candidates/processed', {
      data: { ids: [posted.id, handedOver.id] },
    });
    expect(processed.status()).toBe(200);
    await admin.dispose();

    await page.setViewportSize({ width, height: 800 });
    // Signing in without a return path lands an administrator on the dashboard.
    await page.goto('/fr/login');
    await waitForHydration(page, 'login-form');
    const login = page.getByTestId('login-form');
    await login.getByRole('textbox', { name: 'Adresse e-mail' }).fill(volunteer.email);
    await login.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(volunteer.password);
    await login.getByRole('button', { name: 'Se connecter' }).click();
    // The password, then the code of the volunteer's authenticator app.
    await enterCode(page, volunteer, { code: 'Code', submit: 'Vérifier' });
    await expect(page).toHaveURL(/\/fr\/administration\/dashboard$/);

    await page.goto('/fr/administration/homologations/scan');
    await waitForHydration(page, 'scan-form');
    const field = page.getByRole('textbox', { name: 'Référence ou code de la carte de route' });
    await expect(field).toBeFocused();
    const taken = page.getByTestId('scan-taken');

    // First and second cards: taken in at once, the page says which, the field is empty and focused again.
    for (const [card, nom] of [
      [posted, `Poste${suffix}`],
      [handedOver, `Remis${suffix}`],
    ] as const) {
      await scanCard(page, card.reference);
      await expect(page.getByTestId('scan-taken-card')).toHaveText(
        `${card.reference} · Paul ${nom} · Cinglé`,
      );
      await expect(page.getByTestId('scan-taken-change')).toHaveText(
        'Statut : Traité → Carte reçue. Le cycliste est prévenu par e-mail.',
      );
      await expect(field).toHaveValue('');
      await expect(field).toBeFocused();
    }
    await expect(page).toHaveURL(/\/fr\/administration\/homologations\/scan$/);

    // Third card: its kit was never marked sent, so the page asks first; cancelling takes nothing in.
    await scanCard(page, neverSent.reference);
    const ask = page.getByRole('dialog', { name: 'Kit jamais marqué comme envoyé' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Annuler' }).click();
    await expect(ask).toBeHidden();
    // The question answered the last scan: the card before is no longer shown as its answer, only in the list.
    await expect(page.getByTestId('scan-taken')).toHaveCount(0);
    await expect(page.getByTestId('scan-earlier')).toContainText(handedOver.reference);
    await page.getByRole('button', { name: 'Rechercher la carte' }).click();
    await ask.getByRole('button', { name: 'Enregistrer la carte quand même' }).click();
    await expect(page.getByTestId('scan-taken-card')).toHaveText(
      `${neverSent.reference} · Paul Oubli${suffix} · Cinglé`,
    );
    await expect(page.getByTestId('scan-taken-change')).toContainText('À traiter → Carte reçue');
    await expect(field).toBeFocused();
    await expect(page.getByTestId('scan-earlier').getByRole('listitem')).toHaveCount(2);
    await expect(page).toHaveURL(/\/fr\/administration\/homologations\/scan$/);
    const scanShot = testInfo.outputPath(`desk-scan-${width}.png`);
    await page.screenshot({ path: scanShot, fullPage: true });
    await testInfo.attach(`scan ${width}`, { path: scanShot, contentType: 'image/png' });

    // "Judge now": the day ridden is the attached ride's day; the number is given after one confirmation.
    await taken.getByRole('link', { name: 'Examiner maintenant' }).click();
    await expect(page).toHaveURL(new RegExp(`/fr/administration/candidates/${neverSent.id}\\?from=scan$`));
    await waitForHydration(page, 'homologation-form');
    const form = page.getByTestId('homologation-form');
    await expect(form.getByLabel('Date de passage')).toHaveValue(today());
    await expect(form.getByText('Reprise de la sortie jointe')).toBeVisible();
    await form.getByRole('button', { name: 'Homologuer' }).click();
    const confirm = page.getByRole('dialog', { name: "Confirmer l'homologation" });
    await expect(confirm).toContainText(`Paul Oubli${suffix} sera homologué en Cinglé`);
    const confirmShot = testInfo.outputPath(`desk-confirm-${width}.png`);
    await page.screenshot({ path: confirmShot });
    await testInfo.attach(`confirm ${width}`, { path: confirmShot, contentType: 'image/png' });
    await confirm.getByRole('button', { name: 'Confirmer et attribuer le numéro' }).click();

    // The next card waiting opens, saying what was decided on the one before.
    await expect(page).not.toHaveURL(new RegExp(`/candidates/${neverSent.id}\\?`));
    await expect(page).toHaveURL(/\/fr\/administration\/candidates\/\d+\?from=scan$/);
    const outcome = page.getByTestId('judgement-outcome');
    await expect(outcome).toHaveText(
      new RegExp(`^Paul Oubli${suffix} homologué : Cinglé n° \\d+\\. Voici la carte suivante\\.$`),
    );
    await expect(page.getByTestId('homologation-form')).toBeVisible();
    await expect(page.getByTestId('candidate-status')).toHaveText('Carte reçue');
    const nextShot = testInfo.outputPath(`desk-next-${width}.png`);
    await page.screenshot({ path: nextShot, fullPage: true });
    await testInfo.attach(`next card ${width}`, { path: nextShot, contentType: 'image/png' });

    // The judged card's own page shows its number and the challenge homologated in its header.
    await page.goto(`/fr/administration/candidates/${neverSent.id}`);
    await expect(page.getByTestId('homologation-record')).toBeVisible();
    await expect(page.getByTestId('candidate-challenge')).toHaveText('Cinglé');
  });
}

/** How far the document reaches past the screen, and what sticks out (to say where to look when it fails). */
async function overflow(page: Page) {
  return page.evaluate(() => ({
    past: document.documentElement.scrollWidth - window.innerWidth,
    wider: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 100)),
  }));
}

/** A buyer with two registrations by post, one they asked to cancel, and a minor waiting for the guardian. */
async function buyerWhoAskedToCancel(request: APIRequestContext, suffix: string) {
  const email = `annulation.${suffix}@example.org`;
  expect((await request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  expect((await request.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  const held = await paidRegistration(request, { nom: `Annule${suffix}`, email }, 'postal', 'fr');
  const asked = await request.post(`/api/orders/${held.orderId}/cancellation-requests`, {
    data: { candidate_ids: [held.candidate.id], reason: 'Une chute à l’entraînement' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const kept = await paidRegistration(request, { nom: `Garde${suffix}`, email }, 'postal', 'fr');
  const minor = await paidRegistration(
    request,
    minorCandidate({
      nom: `Mineure${suffix}`,
      email: `mineure.${suffix}@example.org`,
      tuteur: { nom: 'Représentante', prenom: 'Marie-Christine', email: `tutrice.${suffix}@example.org` },
    }),
    'postal',
    'fr',
  );
  return { held: held.candidate, kept: kept.candidate, minor: minor.candidate };
}

for (const width of [390, 1280]) {
  test(`${width} px: a registration whose buyer asked to cancel is shown and left out of "select all"`, async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const suffix = crypto.randomBytes(3).toString('hex');
    const buyer = await playwright.request.newContext({ baseURL });
    const { held, kept, minor } = await buyerWhoAskedToCancel(buyer, suffix);
    await buyer.dispose();

    await page.setViewportSize({ width, height: 800 });
    await signInAsStaff(page.request);

    // The dashboard counts the open requests among the volunteers' things to do.
    await page.goto('/fr/administration/dashboard');
    const requests = page.getByRole('link', { name: /^\d+ Demandes d'annulation/ });
    await expect(requests).toBeVisible();
    expect(Number(/^\d+/.exec((await requests.textContent())!)![0])).toBeGreaterThanOrEqual(1);

    await page.goto(`/fr/administration/inscriptions/traitements?q=${suffix}`);
    await waitForHydration(page, 'list-filters');
    const rows = page.getByTestId('candidate-row');
    await expect(rows).toHaveCount(2);
    const heldRow = page.locator(`[data-testid="candidate-row"][data-reference="${held.reference}"]`);
    const keptRow = page.locator(`[data-testid="candidate-row"][data-reference="${kept.reference}"]`);
    await expect(heldRow.getByTestId('cancellation-requested')).toHaveText('Annulation demandée');
    await expect(keptRow.getByTestId('cancellation-requested')).toHaveCount(0);
    const heldBox = heldRow.getByRole('checkbox', {
      name: `Paul Annule${suffix} : annulation demandée, à décider avant tout envoi`,
    });
    await expect(heldBox).toBeDisabled();
    await expect(heldBox).toHaveAttribute(
      'title',
      /^L'acheteur a demandé l'annulation le .+ : rien n'est envoyé/,
    );

    // "Select all" takes the other registration only.
    const selectAll = page.getByTestId('select-all');
    await expect(selectAll).toBeEnabled();
    await selectAll.check();
    await expect(page.getByTestId('selection-count')).toHaveText('1 candidat sélectionné');
    await expect(keptRow.getByRole('checkbox', { name: `Sélectionner Paul Garde${suffix}` })).toBeChecked();
    await expect(heldBox).not.toBeChecked();
    await expect(heldRow).not.toHaveAttribute('data-selected');
    await expect(selectAll).toBeChecked();
    expect(await overflow(page)).toEqual({ past: 0, wider: [] });
    const listShot = testInfo.outputPath(`desk-cancellation-${width}.png`);
    await page.screenshot({ path: listShot, fullPage: true });
    await testInfo.attach(`cancellation requested ${width}`, { path: listShot, contentType: 'image/png' });

    // The minor waiting for the guardian: the status fits the card, in the list and on the file.
    await page.goto(`/fr/administration/inscriptions/consent?q=${suffix}`);
    await expect(page.getByTestId('candidate-status')).toHaveText('Attente représentant légal');
    expect(await overflow(page)).toEqual({ past: 0, wider: [] });
    await page.goto(`/fr/administration/candidates/${minor.id}`);
    await expect(page.getByTestId('guardian-panel')).toBeVisible();
    expect(await overflow(page)).toEqual({ past: 0, wider: [] });
    const fileShot = testInfo.outputPath(`desk-minor-${width}.png`);
    await page.screenshot({ path: fileShot, fullPage: true });
    await testInfo.attach(`minor's file ${width}`, { path: fileShot, contentType: 'image/png' });

    // The site's icon answers at the address browsers and feed readers ask without reading the page.
    const icon = await page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
  });
}
