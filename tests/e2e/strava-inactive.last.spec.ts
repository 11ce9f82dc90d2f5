/**
 * Strava refusing the club's application (its 2026 programme: 403 "Inactive" once the owner's subscription lapses),
 * end to end: a rider who clicks "Connect with Strava" comes back to "Check my ride" with a plain message and the
 * file upload, in English on a wide screen and in French on a phone, and an administrator's dashboard says that
 * Strava refuses the club's site. The refusal is club-wide (every rider is kept from Strava for an hour after it),
 * hence the `last` project of playwright.config.ts, which runs once every other journey is done. The stand-in is
 * put back at the end, and a rider already connected then reads their rides, which clears the warning.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Browser } from '@playwright/test';
import { stravaStandInUrl } from '../../playwright.config.ts';
import { accountPayload } from '../support/account-payload.ts';
import { E2E_STRAVA_RIDES } from '../support/strava-e2e-rides.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';

const VIEWPORTS = { fr: { width: 360, height: 780 }, gb: { width: 1280, height: 900 } } as const;
type Lang = keyof typeof VIEWPORTS;

const locale = (lang: Lang, namespace: string) =>
  JSON.parse(fs.readFileSync(`locales/${lang}/${namespace}.json`, 'utf8'));

/** The Strava stand-in's test-only control route (tests/support/strava-stand-in-server.ts). */
async function stravaInactive(request: APIRequestContext, inactive: boolean) {
  const answer = await request.post(`${stravaStandInUrl}/control/refuse-application`, { data: { inactive } });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function signedUpRider(browser: Browser, baseURL: string | undefined, lang: Lang) {
  const rider = await browser.newContext({ baseURL, viewport: VIEWPORTS[lang] });
  const email = `inactive.${crypto.randomBytes(4).toString('hex')}@example.org`;
  const signup = await rider.request.post('/api/signup', { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  const { password } = accountPayload(email);
  expect((await rider.request.post('/api/login', { data: { email, password } })).status()).toBe(200);
  return rider;
}

test("Strava refuses the club's application: riders are told to upload the file, administrators are warned", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  // Connected while Strava still accepts the club: their rides, read at the end, tell the site Strava is back.
  const early = await signedUpRider(browser, baseURL, 'gb');
  const earlyPage = await early.newPage();
  await earlyPage.goto('/gb/track-check');
  await earlyPage.getByTestId('strava-connect').click();
  await expect(earlyPage).toHaveURL(/\/gb\/track-check\?strava=connected$/);
  await expect(earlyPage.getByTestId('strava-rides')).toContainText(E2E_STRAVA_RIDES.cingle.name);

  const admin = await browser.newContext({ baseURL, viewport: VIEWPORTS.gb });
  await signInAsStaff(admin.request);
  const dashboard = await admin.newPage();
  const refusal = dashboard.getByTestId('activity-refusal');
  const refusalTitle: string = locale('gb', 'admin').dashboard.activityRefused.strava.title;

  await stravaInactive(early.request, true);
  try {
    // English first, through Strava and back: the token exchange answers 403 Inactive. Then French, which the
    // site no longer sends to Strava while the refusal is fresh: the same page and message, in its language.
    for (const lang of ['gb', 'fr'] as const) {
      const track = locale(lang, 'track');
      const rider = await signedUpRider(browser, baseURL, lang);
      const page = await rider.newPage();
      await page.goto(`/${lang}/track-check`);
      await page
        .getByRole('link', { name: track.sources.connect.replaceAll('{{service}}', 'Strava') })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/track-check\\?strava=unavailable$`));
      await expect(page.getByTestId('strava-outcome')).toHaveText(track.sources.outcome.unavailable_strava);
      // The upload stays the way forward, and the section still offers to connect later.
      await expect(page.getByTestId('track-drop')).toBeVisible();
      await expect(page.getByText(track.upload.privacy)).toBeVisible();
      await expect(page.getByTestId('strava-connect')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `test-results/strava-inactive-${lang}-${VIEWPORTS[lang].width}.png`,
        fullPage: true,
      });
      await rider.close();
    }

    // The club's business: every administrator's dashboard says Strava refuses the site, and what to do.
    await dashboard.goto('/gb/administration');
    await expect(refusal).toContainText(refusalTitle);
    await expect(refusal).toContainText('inactive');
  } finally {
    await stravaInactive(early.request, false);
  }

  // Strava answers again: the first call that succeeds (the connected rider's rides) takes the warning away.
  await earlyPage.reload();
  await expect(earlyPage.getByTestId('strava-rides')).toContainText(E2E_STRAVA_RIDES.cingle.name);
  await dashboard.reload();
  await expect(dashboard.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(refusal).toHaveCount(0);
  await admin.close();
  await early.close();
});
