/**
 * A ride from Ride with GPS (issue 44), in two languages (a phone in French, a wide screen in English), against
 * the Ride with GPS stand-in that playwright.config.ts starts beside the site: the buyer of a registration connects
 * from "Check my ride" through the service's authorization page, sees the rides of the last days (the run is not
 * there), checks the cingle and reads its verdict, attaches it to the registration, then disconnects from the
 * account page.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { accountPayload } from '../support/account-payload.ts';
import { E2E_RWGPS_TRIPS } from '../support/ridewithgps-e2e-trips.ts';
import { expect, test } from './fixtures.ts';
import { paidRegistration } from './paid-registration.ts';
import { signInAsStaff } from './staff.ts';

async function signedUp(request: APIRequestContext, email: string) {
  const signup = await request.post('/api/signup', { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  const { password } = accountPayload(email);
  expect((await request.post('/api/login', { data: { email, password } })).status()).toBe(200);
}

const TEXTS = {
  fr: {
    connect: 'Se connecter avec Ride with GPS',
    connected: 'Ride with GPS est connecté',
    check: `Vérifier cette sortie — ${E2E_RWGPS_TRIPS.cingle.name}`,
    complete: 'Réussi',
    attach: 'Joindre la trace',
    attached: "La trace est jointe à l'inscription.",
    disconnect: 'Déconnecter Ride with GPS',
    disconnected: 'Ride with GPS est déconnecté.',
  },
  gb: {
    connect: 'Connect with Ride with GPS',
    connected: 'Ride with GPS is connected',
    check: `Check this ride — ${E2E_RWGPS_TRIPS.cingle.name}`,
    complete: 'Complete',
    attach: 'Attach the track',
    attached: 'The track is attached to the registration.',
    disconnect: 'Disconnect Ride with GPS',
    disconnected: 'Ride with GPS is disconnected.',
  },
} as const;

const VIEWPORTS = { fr: { width: 360, height: 780 }, gb: { width: 1280, height: 900 } } as const;

for (const lang of ['fr', 'gb'] as const) {
  test(`${lang}: connect Ride with GPS, pick the ride, read the verdict, attach it, disconnect`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const text = TEXTS[lang];
    const nom = `Rwgps${crypto.randomBytes(3).toString('hex')}`;
    const rider = await browser.newContext({ baseURL, viewport: VIEWPORTS[lang] });
    await signedUp(rider.request, `rwgps.${nom.toLowerCase()}@example.org`);
    const { candidate } = await paidRegistration(rider.request, { nom }, 'postal', lang);
    const page = await rider.newPage();

    // Connect: to Ride with GPS's authorization page and back, to the page the rider came from.
    await page.goto(`/${lang}/track-check`);
    const section = page.getByTestId('ridewithgps-section');
    await section.getByRole('link', { name: text.connect }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/track-check\\?ridewithgps=connected$`));
    await expect(page.getByTestId('ridewithgps-outcome')).toContainText(text.connected);

    // The trips of the last days: the cingle, not the run.
    const rides = page.getByTestId('ridewithgps-rides');
    await expect(rides.getByRole('listitem')).toHaveCount(1);
    await expect(rides).toContainText(E2E_RWGPS_TRIPS.cingle.name);
    await expect(rides).not.toContainText(E2E_RWGPS_TRIPS.run.name);

    await rides.getByRole('button', { name: text.check }).click();
    const result = page.getByTestId('ridewithgps-result');
    await expect(result.getByTestId('verdict-cingle')).toContainText(text.complete);
    await expect(result.getByTestId('track-ascents').locator('tbody tr')).toHaveCount(3);
    await page.screenshot({
      path: `test-results/ridewithgps-${lang}-${VIEWPORTS[lang].width}.png`,
      fullPage: true,
    });
    expect(
      (await new AxeBuilder({ page }).include('[data-testid="ridewithgps-section"]').analyze()).violations,
    ).toEqual([]);

    // Attach it to the registration: stored with Ride with GPS as its source.
    await expect(result.getByRole('combobox')).toHaveValue(String(candidate.id));
    await result.getByTestId('ridewithgps-attach').click();
    await expect(result.getByText(text.attached)).toBeVisible();
    const stored = await rider.request.get(`/api/candidates/${candidate.id}/track`);
    expect(await stored.json()).toMatchObject({
      source: 'ridewithgps',
      activity_id: String(E2E_RWGPS_TRIPS.cingle.id),
      analysis: { verdict: { cingle: 'complete' } },
    });

    // The volunteer's candidate file links the trip on Ride with GPS.
    if (lang === 'gb') {
      const admin = await browser.newContext({ baseURL });
      await signInAsStaff(admin.request);
      const desk = await admin.newPage();
      await desk.goto(`/gb/administration/candidates/${candidate.id}`);
      await expect(desk.getByTestId('track-origin').getByRole('link')).toHaveAttribute(
        'href',
        `https://ridewithgps.com/trips/${E2E_RWGPS_TRIPS.cingle.id}`,
      );
      await admin.close();
    }

    // Disconnect from the account page: the link to connect is back, the rides answer "not connected".
    await page.goto(`/${lang}/account`);
    const card = page.getByTestId('ridewithgps-account');
    await card.getByRole('button', { name: text.disconnect }).click();
    await expect(card.getByText(text.disconnected)).toBeVisible();
    await expect(card.getByRole('link', { name: text.connect })).toBeVisible();
    // Strava's card is untouched by it.
    await expect(page.getByTestId('strava-account')).toBeVisible();
    expect((await rider.request.get('/api/rides/ridewithgps/activities')).status()).toBe(409);
    await page.screenshot({
      path: `test-results/ridewithgps-account-${lang}-${VIEWPORTS[lang].width}.png`,
      fullPage: true,
    });
    await rider.close();
  });
}
