/**
 * The electronic route card at the desk (issue 43): a Cinglé's phone has sent the day's stamps, one taken without a
 * position and one refused for being far from its control; the card comes back. On a wide screen the president
 * reads the stamps in the in-progress list, then on the candidate's page as a timeline that says, in words, what
 * was accepted, refused and flagged, and on the map of the day, numbered alike.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { accountPayload } from '../support/account-payload.ts';
import { phoneStamp, stampedDay, yesterdayAt } from '../support/stamps.ts';
import { controlById } from '../../domain/route-card/controls.ts';
import { expect, test } from './fixtures.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';
import { signInAsStaff } from './staff.ts';

test('the president reads a route card’s stamps in the list and as a timeline on the candidate’s page', async ({
  browser,
  baseURL,
}) => {
  const nom = `Stamp${crypto.randomBytes(3).toString('hex')}`;
  const rider = await browser.newContext({ baseURL });
  const email = `rider.${nom.toLowerCase()}@example.org`;
  expect((await rider.request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  const { password } = accountPayload(email);
  expect((await rider.request.post('/api/login', { data: { email, password } })).status()).toBe(200);
  const { candidate } = await paidRegistration(rider.request, { nom, prenom: 'Lucie', email }, 'email');

  // The whole Cinglé, the second foot without a position; and a summit "stamp" taken down in Bédoin.
  const day = stampedDay('cingle');
  day[2] = { ...day[2]!, lat: null, lon: null, accuracy_m: null };
  const bedoin = controlById('foot-bedoin');
  const tooFar = phoneStamp('summit', yesterdayAt(23, 30), { lat: bedoin.lat, lon: bedoin.lon });
  const sent = await rider.request.post(`/api/candidates/${candidate.id}/stamps`, {
    data: { stamps: [...day, tooFar] },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await rider.close();

  const president = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await signInAsStaff(president.request);
  const scanned = await president.request.post('/api/admin/scan', {
    data: { text: candidate.reference, confirm: true },
  });
  expect(scanned.status(), await scanned.text()).toBe(200);

  const page = await president.newPage();
  await page.goto('/gb/administration/homologations');
  await waitForHydration(page, 'list-filters');
  await page.getByRole('searchbox', { name: 'Search' }).fill(nom);
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.getByTestId('candidate-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('evidence-stamps')).toContainText('Electronic stamps: 6, complete');
  await expect(row.getByTestId('evidence-flag')).toHaveText('No position: the rider’s word');

  await page.goto(`/gb/administration/candidates/${candidate.id}`);
  const section = page.getByRole('region', { name: 'Electronic route card' });
  await expect(section).toBeVisible();
  await expect(section.getByTestId('route-card-summary')).toHaveText(
    '6 stamps accepted: the challenge is complete.',
  );
  const stamps = section.getByTestId('route-card-stamp');
  await expect(stamps).toHaveCount(7);
  await expect(section.getByRole('listitem').first()).toContainText('Bédoin (start)');
  await expect(section.locator('[data-status="refused"]')).toContainText('Refused: too far from the control');
  await expect(section.getByTestId('route-card-stamp-flag')).toHaveText('No position: the rider’s word');
  await expect(stamps.nth(2)).toContainText('no position');
  // The map of the day: a numbered mark per stamp with a position (the third has none), as in the timeline.
  const marks = section.getByTestId('stamp-mark');
  await expect(marks).toHaveCount(6);
  await expect(section.locator('[data-testid="stamp-mark"][data-state="refused"]')).toHaveCount(1);
  await expect(marks.first().locator('title')).toHaveText('1. Bédoin (start): accepted');
  await expect(
    section.getByRole('img', { name: /^Map of the day: where the phone took 6 stamps/ }),
  ).toBeVisible();
  await expect(section.getByRole('listitem').first()).toContainText('1. Bédoin (start)');
  await section.screenshot({ path: 'test-results/route-card-desk-1280.png' });
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(section.getByTestId('track-map')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await section.screenshot({ path: 'test-results/route-card-desk-360.png' });
  const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="candidate-stamps"]').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await president.close();
});
