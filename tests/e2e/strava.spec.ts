/**
 * A ride from Strava, in two languages (a phone in French, a wide screen in English), against the Strava
 * stand-in that playwright.config.ts starts beside the site: the buyer of a registration connects from "Check my
 * ride" through Strava's authorization page, sees the rides of the last two weeks (the run is not there), checks
 * the cingle and reads its verdict, attaches it to the registration, then disconnects from the account page.
 * The same forms work before the page's scripts run: the check is posted once with the scripts held back.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { accountPayload } from '../support/account-payload.ts';
import { E2E_STRAVA_RIDES } from '../support/strava-e2e-rides.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { holdScripts } from './hold-scripts.ts';
import { paidRegistration } from './paid-registration.ts';

async function signedUp(request: APIRequestContext, email: string) {
  const signup = await request.post('/api/signup', { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  const { password } = accountPayload(email);
  expect((await request.post('/api/login', { data: { email, password } })).status()).toBe(200);
}

const TEXTS = {
  fr: {
    connect: 'Se connecter avec Strava',
    connected: 'Strava est connecté',
    check: 'Vérifier cette sortie — Trois fois le Ventoux',
    complete: 'Réussi',
    attach: 'Joindre la trace',
    attached: "La trace est jointe à l'inscription.",
    disconnect: 'Déconnecter Strava',
    disconnected: 'Strava est déconnecté.',
  },
  gb: {
    connect: 'Connect with Strava',
    connected: 'Strava is connected',
    check: 'Check this ride — Trois fois le Ventoux',
    complete: 'Complete',
    attach: 'Attach the track',
    attached: 'The track is attached to the registration.',
    disconnect: 'Disconnect Strava',
    disconnected: 'Strava is disconnected.',
  },
} as const;

const VIEWPORTS = { fr: { width: 360, height: 780 }, gb: { width: 1280, height: 900 } } as const;

for (const lang of ['fr', 'gb'] as const) {
  test(`${lang}: connect Strava, pick the ride, read the verdict, attach it, disconnect`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const text = TEXTS[lang];
    const nom = `Strava${crypto.randomBytes(3).toString('hex')}`;
    const rider = await browser.newContext({ baseURL, viewport: VIEWPORTS[lang] });
    await signedUp(rider.request, `strava.${nom.toLowerCase()}@example.org`);
    const { candidate } = await paidRegistration(rider.request, { nom }, 'postal', lang);
    const page = await rider.newPage();

    // Connect: to Strava's authorization page and back, to the page the rider came from.
    await page.goto(`/${lang}/track-check`);
    await page.getByRole('link', { name: text.connect }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/track-check\\?strava=connected$`));
    await expect(page.getByTestId('strava-outcome')).toContainText(text.connected);

    // The rides of the last two weeks: the cingle and the Bédoin climb, not the run.
    const rides = page.getByTestId('strava-rides');
    await expect(rides.getByRole('listitem')).toHaveCount(2);
    await expect(rides).toContainText(E2E_STRAVA_RIDES.cingle.name);
    await expect(rides).toContainText(E2E_STRAVA_RIDES.bedoin.name);
    await expect(rides).not.toContainText(E2E_STRAVA_RIDES.run.name);

    await page.getByRole('button', { name: text.check }).click();
    const result = page.getByTestId('strava-result');
    await expect(result.getByTestId('verdict-cingle')).toContainText(text.complete);
    await expect(result.getByTestId('track-ascents').locator('tbody tr')).toHaveCount(3);
    await page.screenshot({
      path: `test-results/strava-${lang}-${VIEWPORTS[lang].width}.png`,
      fullPage: true,
    });
    expect(
      (await new AxeBuilder({ page }).include('[data-testid="strava-section"]').analyze()).violations,
    ).toEqual([]);

    // Attach it to the registration: stored with Strava as its source.
    await expect(result.getByRole('combobox')).toHaveValue(String(candidate.id));
    await result.getByRole('button', { name: text.attach }).click();
    await expect(result.getByText(text.attached)).toBeVisible();
    const stored = await rider.request.get(`/api/candidates/${candidate.id}/track`);
    expect(await stored.json()).toMatchObject({
      source: 'strava',
      activity_id: String(E2E_STRAVA_RIDES.cingle.id),
      analysis: { verdict: { cingle: 'complete' } },
    });

    // The volunteer's candidate file says where the track came from, with the activity on Strava.
    if (lang === 'gb') {
      const admin = await browser.newContext({ baseURL });
      await signInAsStaff(admin.request);
      const desk = await admin.newPage();
      await desk.goto(`/gb/administration/candidates/${candidate.id}`);
      await expect(desk.getByTestId('track-origin').getByRole('link')).toHaveAttribute(
        'href',
        `https://www.strava.com/activities/${E2E_STRAVA_RIDES.cingle.id}`,
      );
      await admin.close();
    }

    // Disconnect from the account page: the link to connect is back, the rides are gone from the check.
    await page.goto(`/${lang}/account`);
    const card = page.getByTestId('strava-account');
    await card.getByRole('button', { name: text.disconnect }).click();
    await expect(card.getByText(text.disconnected)).toBeVisible();
    await expect(card.getByRole('link', { name: text.connect })).toBeVisible();
    expect((await rider.request.get('/api/strava/activities')).status()).toBe(409);
    await page.screenshot({
      path: `test-results/strava-account-${lang}-${VIEWPORTS[lang].width}.png`,
      fullPage: true,
    });
    await rider.close();
  });
}

test('the check of a Strava ride works before the scripts run', async ({ browser, baseURL }) => {
  const nom = `Early${crypto.randomBytes(3).toString('hex')}`;
  const rider = await browser.newContext({ baseURL, viewport: VIEWPORTS.gb });
  await signedUp(rider.request, `early.${nom.toLowerCase()}@example.org`);
  const page = await rider.newPage();
  await page.goto('/gb/track-check');
  await page.getByRole('link', { name: TEXTS.gb.connect }).click();
  await expect(page.getByTestId('strava-rides')).toBeVisible();

  // The page reloaded with its scripts held back: the form posts to the page's action, as a browser does.
  const release = await holdScripts(page);
  // Not up to `load`, which may wait for the held scripts.
  await page.reload({ waitUntil: 'commit' });
  await page.getByRole('button', { name: TEXTS.gb.check }).click();
  await expect(page.getByTestId('strava-result').getByTestId('verdict-cingle')).toContainText(
    TEXTS.gb.complete,
  );
  await release();
  await rider.close();
});

test('without JavaScript: connect, pick the days, check, attach and disconnect', async ({
  browser,
  baseURL,
}) => {
  const text = TEXTS.fr;
  const nom = `NoJs${crypto.randomBytes(3).toString('hex')}`;
  const rider = await browser.newContext({ baseURL, viewport: VIEWPORTS.fr, javaScriptEnabled: false });
  await signedUp(rider.request, `nojs.${nom.toLowerCase()}@example.org`);
  const { candidate } = await paidRegistration(rider.request, { nom }, 'postal', 'fr');
  const page = await rider.newPage();
  await page.goto('/fr/track-check');
  await page.getByRole('link', { name: text.connect }).click();
  await expect(page.getByTestId('strava-rides').getByRole('listitem')).toHaveCount(2);

  // The days are a plain GET form: one day without a ride says so, and the address keeps the days.
  await page.getByRole('textbox', { name: 'Du', exact: true }).fill('2020-01-01');
  await page.getByRole('textbox', { name: 'Au', exact: true }).fill('2020-01-02');
  await page.getByRole('button', { name: 'Afficher mes sorties' }).click();
  await expect(page).toHaveURL(/after=2020-01-01&before=2020-01-02/);
  await expect(page.getByTestId('strava-no-rides')).toBeVisible();
  await page.goBack();

  await page.getByRole('button', { name: text.check }).click();
  const result = page.getByTestId('strava-result');
  await expect(result.getByTestId('verdict-cingle')).toContainText(text.complete);
  await result.getByRole('button', { name: text.attach }).click();
  await expect(page.getByTestId('strava-result').getByText(text.attached)).toBeVisible();
  expect(await (await rider.request.get(`/api/candidates/${candidate.id}/track`)).json()).toMatchObject({
    source: 'strava',
  });

  await page.goto('/fr/account');
  await page.getByRole('button', { name: text.disconnect }).click();
  await expect(page.getByText(text.disconnected)).toBeVisible();
  await rider.close();
});

for (const lang of ['fr', 'gb'] as const) {
  test(`${lang}: back from Strava refusing the club's application, the page says to send the file instead`, async ({
    browser,
    baseURL,
  }) => {
    // What GET /api/strava/callback sends a rider back to when Strava refuses the club's application (inactive,
    // or at its athlete limit; tests/api/strava.test.ts covers the round trip) or limits its requests.
    const track = JSON.parse(fs.readFileSync(`locales/${lang}/track.json`, 'utf8'));
    const rider = await browser.newContext({ baseURL, viewport: VIEWPORTS[lang] });
    await signedUp(rider.request, `refused.${crypto.randomBytes(4).toString('hex')}@example.org`);
    const page = await rider.newPage();
    for (const outcome of ['unavailable', 'rate_limited']) {
      await page.goto(`/${lang}/track-check?strava=${outcome}`);
      // Strava's own wording where there is one (its 2026 limits), else the one every service shares.
      const said: string = track.sources.outcome[`${outcome}_strava`] ?? track.sources.outcome[outcome];
      await expect(page.getByTestId('strava-outcome')).toHaveText(said.replaceAll('{{service}}', 'Strava'));
    }
    // The upload stays the way forward, on a phone as on a wide screen.
    await expect(page.getByText(track.upload.privacy)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await rider.close();
  });
}
