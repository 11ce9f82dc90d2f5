/**
 * The president's desk (issue: a season of homologations in an evening): in French on a wide screen, a volunteer
 * filters the returned cards, homologates three clean rides at once after one confirmation, opens the flagged
 * one instead and asks the rider for the original file; in English on a phone, the rider reads the request on the
 * account page, attaches a ride from there, and the volunteer's list shows the answer.
 */
import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { today } from '../../domain/dates.ts';
import { accountPayload } from '../support/account-payload.ts';
import { cingleRide } from '../support/rides.ts';
import { toGpx } from '../support/track-files.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { holdScripts } from './hold-scripts.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';

/** A ride of today (a homologation is never before the registration), its own noise, or generated at one speed. */
const rideFile = (seed: number, pacing: 'realistic' | 'constant' = 'realistic') =>
  Buffer.from(toGpx(cingleRide(`${today()}T04:00:00Z`, { sampleS: 15, seed, pacing }).points));

async function signedUp(request: APIRequestContext, email: string) {
  expect((await request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  const { password } = accountPayload(email);
  expect((await request.post('/api/login', { data: { email, password } })).status()).toBe(200);
}

test('a volunteer homologates three clean rides at once, asks about a flagged one, and the rider answers', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const family = `Desk${crypto.randomBytes(3).toString('hex')}`;
  const buyer = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  const buyerEmail = `buyer.${family.toLowerCase()}@example.org`;
  await signedUp(buyer.request, buyerEmail);
  const admin = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    locale: 'fr-FR',
  });
  await signInAsStaff(admin.request);

  // Four riders of one family: three rides recorded, one generated at a constant speed. Their cards come back.
  const riders = [];
  for (const [index, prenom] of ['Anne', 'Bruno', 'Chloé', 'Denis'].entries()) {
    const { candidate } = await paidRegistration(buyer.request, { nom: family, prenom, email: buyerEmail });
    const attached = await buyer.request.post(`/api/candidates/${candidate.id}/track`, {
      headers: { 'content-type': 'application/gpx+xml' },
      data: rideFile(index + 11, prenom === 'Denis' ? 'constant' : 'realistic'),
    });
    expect(attached.status(), await attached.text()).toBe(200);
    expect(
      (
        await admin.request.post('/api/admin/scan', { data: { text: candidate.reference, confirm: true } })
      ).status(),
    ).toBe(200);
    riders.push({ prenom, ...candidate });
  }
  const flagged = riders[3]!;

  // The list shows the evidence of each card, with words beside the icons.
  const desk = await admin.newPage();
  await desk.goto(`/fr/administration/homologations?q=${family}`);
  await waitForHydration(desk, 'select-all-clean');
  const rows = desk.getByTestId('candidate-row');
  await expect(rows).toHaveCount(4);
  const rowOf = (reference: string) =>
    desk.locator(`[data-testid="candidate-row"][data-reference="${reference}"]`);
  for (const rider of riders.slice(0, 3))
    await expect(rowOf(rider.reference).getByTestId('evidence')).toContainText('Preuves complètes');
  await expect(rowOf(flagged.reference).getByTestId('evidence')).toContainText('Preuve signalée');
  await expect(rowOf(flagged.reference).getByTestId('evidence-flag')).toContainText('Horaires générés');
  // The flagged card has no box: it is opened, not homologated in the batch.
  await expect(rowOf(flagged.reference).getByRole('checkbox')).toHaveCount(0);

  // The filter by evidence keeps the flagged card alone.
  await desk.getByTestId('evidence-filter').selectOption('flagged');
  await desk.getByRole('button', { name: 'Appliquer' }).click();
  await expect(desk).toHaveURL(/evidence=flagged/);
  await expect(rows).toHaveCount(1);
  const release = await holdScripts(desk);
  await desk.goto(`/fr/administration/homologations?q=${family}`, { waitUntil: 'commit' });
  // On a slow phone the list shows before its script: its boxes wait for it, since a tick would be lost.
  await expect(rowOf(riders[0]!.reference).getByRole('checkbox')).toBeDisabled();
  await release();
  await waitForHydration(desk, 'select-all-clean');
  await expect(rowOf(riders[0]!.reference).getByRole('checkbox')).toBeEnabled();

  // Three clean cards, one confirmation listing them, then each one's number.
  await desk.getByTestId('select-all-clean').click();
  await expect(desk.getByTestId('selection-count')).toHaveText('3 candidats sélectionnés');
  await desk.getByTestId('homologate-selected').click();
  const dialog = desk.getByRole('dialog', { name: 'Homologuer 3 cartes ?' });
  await expect(dialog.getByTestId('batch-confirm-list').getByRole('listitem')).toHaveCount(3);
  await expect(dialog).toContainText(riders[0]!.reference);
  await desk.screenshot({ path: 'test-results/president-desk-confirm-1280.png' });
  await dialog.getByTestId('confirm-batch-homologation').click();
  const results = desk.getByTestId('batch-results');
  await expect(results).toContainText('3 cartes homologuées');
  await expect(results.locator('[data-status="homologated"]')).toHaveCount(3);
  await expect(rows).toHaveCount(1);
  await desk.screenshot({ path: 'test-results/president-desk-results-1280.png', fullPage: true });

  // The flagged card is opened: the report says why, and the volunteer asks the rider.
  await rowOf(flagged.reference)
    .getByRole('link', { name: /Examiner/ })
    .click();
  await expect(desk).toHaveURL(new RegExp(`/fr/administration/candidates/${flagged.id}\\?from=in_progress$`));
  await waitForHydration(desk, 'evidence-request-form');
  const requests = desk.getByTestId('evidence-requests');
  await requests.getByLabel('Message au cycliste').fill('Pouvez-vous envoyer le fichier de votre compteur ?');
  await requests.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(desk.getByTestId('evidence-request-sent')).toBeVisible();
  await expect(requests.getByTestId('evidence-request-state')).toHaveText('En attente de réponse');

  // The rider, on a phone, reads the request on the account page and answers with a recorded ride.
  const phone = await buyer.newPage();
  await phone.goto(`/gb/account?tab=orders#registration-${flagged.reference}`);
  const request = phone.locator(`#registration-${flagged.reference}`).getByTestId('evidence-request');
  await expect(request).toContainText('Pouvez-vous envoyer le fichier de votre compteur ?');
  await request.scrollIntoViewIfNeeded();
  await phone.screenshot({ path: 'test-results/president-desk-request-390.png' });
  await request.getByTestId('answer-evidence-request').click();
  await expect(phone).toHaveURL(new RegExp(`/gb/track-check\\?candidate=${flagged.id}$`));
  await phone.getByLabel('Drop your file here or click to choose it').setInputFiles({
    name: 'edge-530.gpx',
    mimeType: 'application/gpx+xml',
    buffer: rideFile(99),
  });
  await expect(phone.getByTestId('verdict-cingle')).toContainText('Complete');
  await expect(phone.getByRole('combobox', { name: 'Registration' })).toHaveValue(
    `${flagged.reference} · Denis ${family}`,
  );
  await phone.getByTestId('track-attach').click();
  await expect(phone.getByText('The track is attached to the registration.')).toBeVisible();
  await phone.goto('/gb/account?tab=orders');
  await expect(
    phone.locator(`#registration-${flagged.reference}`).getByTestId('evidence-request-answered'),
  ).toBeVisible();

  // The volunteer sees the answer in the list: the new ride is clean.
  await desk.goto(`/fr/administration/homologations?q=${family}`);
  await expect(rowOf(flagged.reference).getByTestId('evidence')).toContainText('Preuves complètes');
  await expect(rowOf(flagged.reference).getByTestId('evidence')).toContainText('Réponse reçue le');

  await buyer.close();
  await admin.close();
});
