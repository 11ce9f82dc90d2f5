/**
 * The plausibility flags from the rider to the volunteer (decision 0038): a rider in French, on a phone, checks a
 * ride whose times a generator wrote (one speed up every gradient) and reads why a volunteer will look, the
 * verdict unchanged; a second buyer, in English, attaches the same ride with shifted times and is told it is
 * attached elsewhere; the volunteer reads both flags, with the other registration's reference, in the
 * homologation panel, at desktop and phone widths.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { accountPayload } from '../support/account-payload.ts';
import { cingleRide } from '../support/rides.ts';
import { toGpx } from '../support/track-files.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { paidRegistration } from './paid-registration.ts';

const generated = cingleRide('2026-07-14T04:00:00Z', { sampleS: 15, pacing: 'constant' }).points;
const copy = generated.map((point) => ({ ...point, time: point.time! + 3 * 3600_000 }));

async function buyer(
  browser: Browser,
  baseURL: string | undefined,
  nom: string,
  width: number,
  lang: string,
) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const request: APIRequestContext = context.request;
  const email = `${nom.toLowerCase()}@example.org`;
  expect((await request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  const { password } = accountPayload(email);
  expect((await request.post('/api/login', { data: { email, password } })).status()).toBe(200);
  const { candidate } = await paidRegistration(request, { nom }, 'postal', lang);
  return { context, candidate };
}

/** Opens "Check my ride" in the buyer's language and drops the ride there as a GPX file. */
async function checkRide(page: Page, lang: 'fr' | 'gb', points: typeof generated) {
  await page.goto(`/${lang}/track-check`);
  await page.getByTestId('track-file').setInputFiles({
    name: 'ventoux.gpx',
    mimeType: 'application/gpx+xml',
    buffer: Buffer.from(toGpx(points)),
  });
}

test('a generated ride and a ride attached twice are flagged for the volunteer, never refused', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = crypto.randomBytes(3).toString('hex');

  // The first rider checks the file on a phone, in French, and attaches it.
  const first = await buyer(browser, baseURL, `Gen${tag}`, 360, 'fr');
  const phone = await first.context.newPage();
  await checkRide(phone, 'fr', generated);
  const report = phone.getByTestId('track-report');
  await expect(report.getByTestId('verdict-cingle')).toContainText('Réussi');
  await expect(report.getByRole('heading', { name: 'À regarder par un bénévole' })).toBeVisible();
  const flag = report.getByTestId('track-flags').getByRole('listitem');
  await expect(flag).toHaveCount(1);
  await expect(flag).toHaveAttribute('data-code', 'synthetic_timing');
  await expect(flag).toContainText(
    /^Depuis [^,]+, km [\d,]+ du fichier, vers \d{1,2}:\d{2} : la vitesse ne suit pas la pente/,
  );
  await report.getByRole('heading', { name: 'À regarder par un bénévole' }).scrollIntoViewIfNeeded();
  await phone.screenshot({ path: 'test-results/track-flags-check-360.png' });
  await phone.getByTestId('track-attach').click();
  await expect(
    phone.getByRole('status').filter({ hasText: "La trace est jointe à l'inscription." }),
  ).toBeVisible();

  // The second buyer, in English on a desktop, attaches the same ride three hours later: told, not refused.
  const second = await buyer(browser, baseURL, `Copy${tag}`, 1280, 'gb');
  const desktop = await second.context.newPage();
  await checkRide(desktop, 'gb', copy);
  await expect(desktop.getByTestId('verdict-cingle')).toContainText('Complete');
  await desktop.getByTestId('track-attach').click();
  const attached = desktop
    .getByRole('status')
    .filter({ hasText: 'The track is attached to the registration.' });
  await expect(attached.getByRole('listitem')).toHaveText(
    'The same track (the same recorded points) is attached to another registration: a volunteer will check whose it is.',
  );
  await desktop.screenshot({ path: 'test-results/track-flags-attached-1280.png', fullPage: true });

  // The volunteer, once the route card is back, reads both flags in the homologation panel.
  const admin = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await signInAsStaff(admin.request);
  expect(
    (
      await admin.request.post('/api/admin/scan', {
        data: { text: second.candidate.reference, confirm: true },
      })
    ).status(),
  ).toBe(200);
  const desk = await admin.newPage();
  await desk.goto(`/gb/administration/candidates/${second.candidate.id}`);
  const panel = desk.getByTestId('homologation-form');
  const summary = panel.getByTestId('homologation-track');
  await expect(summary.getByTestId('summary-verdict-cingle')).toContainText('Complete');
  const flags = summary.getByTestId('track-flags').getByRole('listitem');
  await expect(flags).toHaveCount(2);
  await expect(flags.nth(0)).toContainText('the speed does not follow the gradient');
  await expect(flags.nth(1)).toHaveText(
    `The same track (the same recorded points) is attached to registration ${first.candidate.reference}: one ride for two registrations?`,
  );
  await panel.screenshot({ path: 'test-results/track-flags-panel-1280.png' });
  const axe = await new AxeBuilder({ page: desk }).include('[data-testid="homologation-form"]').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await desk.setViewportSize({ width: 360, height: 800 });
  await panel.screenshot({ path: 'test-results/track-flags-panel-360.png' });

  await admin.close();
  await second.context.close();
  await first.context.close();
});
