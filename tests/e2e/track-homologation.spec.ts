/**
 * A ride's GPS file from the rider to the volunteer: the buyer goes from the account page to "Check my ride",
 * drops the file (written by the test rides' generator), reads the verdict and attaches it to the registration;
 * an administrator, once the route card is back, finds the same report in the homologation panel of the candidate
 * file, in a few lines with the full report on demand; another user cannot read the file. At desktop and phone
 * widths, with screenshots of the panel.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { accountPayload } from '../support/account-payload.ts';
import { cingleRide } from '../support/rides.ts';
import { toGpx } from '../support/track-files.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';

const ride = cingleRide(undefined, { sampleS: 15 }).points;

async function signedUp(request: APIRequestContext, email: string) {
  const signup = await request.post('/api/signup', { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  const { password } = accountPayload(email);
  expect((await request.post('/api/login', { data: { email, password } })).status()).toBe(200);
}

test('the buyer attaches the ride, the volunteer reads it in the homologation panel, no one else can', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const nom = `Gpx${crypto.randomBytes(3).toString('hex')}`;
  const rider = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await signedUp(rider.request, `rider.${nom.toLowerCase()}@example.org`);
  const { candidate } = await paidRegistration(rider.request, { nom });

  // From the account page to the check, then the attachment.
  const page = await rider.newPage();
  await page.goto('/gb/account?tab=orders');
  await page.getByTestId('account-track-check').click();
  await expect(page).toHaveURL(/\/gb\/track-check$/);
  await page.getByLabel('Drop your file here or click to choose it').setInputFiles({
    name: 'ventoux.gpx',
    mimeType: 'application/gpx+xml',
    buffer: Buffer.from(toGpx(ride)),
  });
  await expect(page.getByTestId('verdict-cingle')).toContainText('Complete');
  await expect(page.getByTestId('track-ascents').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('combobox', { name: 'Registration' })).toHaveValue(
    `${candidate.reference} · Paul ${nom}`,
  );
  await page.getByTestId('track-attach').click();
  await expect(page.getByText('The track is attached to the registration.')).toBeVisible();

  // Someone else, signed in, gets the same answer as for a missing registration.
  const stranger = await browser.newContext({ baseURL });
  await signedUp(stranger.request, `other.${nom.toLowerCase()}@example.org`);
  expect((await stranger.request.get(`/api/candidates/${candidate.id}/track`)).status()).toBe(404);
  expect((await rider.request.get(`/api/candidates/${candidate.id}/track`)).status()).toBe(200);
  await stranger.close();

  // The route card comes back; the volunteer opens the candidate file.
  const admin = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await signInAsStaff(admin.request);
  expect(
    (
      await admin.request.post('/api/admin/scan', { data: { text: candidate.reference, confirm: true } })
    ).status(),
  ).toBe(200);
  const desk = await admin.newPage();
  await desk.goto(`/gb/administration/candidates/${candidate.id}`);
  const panel = desk.getByTestId('homologation-form');
  const summary = panel.getByTestId('homologation-track');
  await expect(summary.getByTestId('summary-verdict-cingle')).toContainText('Complete');
  await expect(summary.getByTestId('summary-verdict-galerien')).toContainText('Incomplete');
  const ascents = summary.getByTestId('summary-ascents').getByRole('listitem');
  await expect(ascents).toHaveCount(3);
  await expect(ascents.nth(0)).toContainText(/From Bédoin: foot \d{1,2}:\d{2}.*, summit .*\(\d h \d{2}\)/);
  // One report on the page: inside the panel, not beside it.
  await expect(desk.locator('#candidate-track')).toHaveCount(0);
  await panel.screenshot({ path: 'test-results/homologation-track-1280.png' });

  await waitForHydration(desk, 'summary-toggle');
  await summary.getByTestId('summary-toggle').click();
  await expect(summary.getByTestId('summary-toggle')).toHaveAttribute('aria-expanded', 'true');
  const report = summary.getByTestId('track-report');
  await expect(report.getByTestId('verdict-cingle')).toContainText('Complete');
  await expect(report.getByTestId('track-ascents').locator('tbody tr')).toHaveCount(3);
  await expect(report.getByTestId('track-line')).toBeVisible();
  await panel.screenshot({ path: 'test-results/homologation-track-1280-expanded.png' });
  const axe = await new AxeBuilder({ page: desk }).include('[data-testid="homologation-form"]').analyze();
  expect(
    axe.violations.map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target),
    })),
  ).toEqual([]);

  await desk.setViewportSize({ width: 360, height: 800 });
  await summary.getByTestId('summary-toggle').click();
  await expect(report).toHaveCount(0);
  await panel.screenshot({ path: 'test-results/homologation-track-360.png' });
  await admin.close();
  await rider.close();
});
