/**
 * The route card on the phone (issue 43): a Cinglé at 360 px sets off at night, opens "My route card" from the
 * account page, is told how far away a control is, stamps the foot and the summit of Bédoin, loses the network for
 * Malaucène (the stamps wait on the phone), closes the page and opens it again without a signal (the service worker
 * answers the copy the page kept), and when the connection is back the stamps leave: the server holds each once.
 * The phone's clock runs from 01:00 and leaps ahead on each climb, so the ascents take as long as real ones; once
 * the card is back at the desk, the president sees a clean row.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from '@playwright/test';
import type { RouteCard } from '../../contracts/stamps.ts';
import { type ControlId, controlById } from '../../domain/route-card/controls.ts';
import { accountPayload } from '../support/account-payload.ts';
import { yesterdayAt } from '../support/stamps.ts';
import { expect, pageReady, test } from './fixtures.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';
import { signInAsStaff } from './staff.ts';

test.use({
  // The browser reports each request the network refused while offline.
  expectedErrors: [/net::ERR_INTERNET_DISCONNECTED/],
});

const standAt = (context: BrowserContext, control: ControlId) => {
  const { lat, lon } = controlById(control);
  return context.setGeolocation({ latitude: lat, longitude: lon, accuracy: 15 });
};

/** The climb from a foot to the summit, on the phone's clock: slower than the road's record, as a rider is. */
const CLIMB = '01:20:00';
/** From one summit down to the next road's foot. */
const DESCENT = '00:40:00';

test('a Cinglé stamps at night on a phone, offline for two controls, and every stamp reaches the club once', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 800 },
    permissions: ['geolocation'],
    serviceWorkers: 'allow',
  });
  await context.clock.install({ time: yesterdayAt(1, 0) });
  const email = `rider.${crypto.randomBytes(4).toString('hex')}@example.org`;
  expect((await context.request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  const { password } = accountPayload(email);
  expect((await context.request.post('/api/login', { data: { email, password } })).status()).toBe(200);
  const nom = `Night${crypto.randomBytes(3).toString('hex')}`;
  const { candidate } = await paidRegistration(context.request, { nom, prenom: 'Lucie', email }, 'email');

  const page = await context.newPage();
  await page.goto('/gb/account?tab=orders');
  await page.getByRole('link', { name: 'Stamp the route card with your phone' }).click();
  await expect(page).toHaveURL(new RegExp(`/gb/account/route-card/${candidate.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'My route card' })).toBeVisible();
  await pageReady(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const progress = page.getByTestId('route-card-progress');
  await expect(progress).toHaveText('Cinglé: 0 of 3 ascents stamped');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // At the summit, Bédoin's foot is refused at once, with the distance.
  await standAt(context, 'summit');
  await page.getByRole('button', { name: 'Stamp: Bédoin (start)' }).click();
  await expect(page.getByTestId('stamp-problem')).toContainText(
    /You are \d+(\.\d)? km from Bédoin \(start\)/,
  );

  const status = page.getByTestId('outbox-status');
  await standAt(context, 'foot-bedoin');
  await page.getByRole('button', { name: 'Stamp: Bédoin (start)' }).click();
  await expect(status).toHaveText('All your stamps are sent.');
  await context.clock.fastForward(CLIMB);
  await standAt(context, 'summit');
  await page.getByRole('button', { name: 'Stamp: Summit' }).click();
  await expect(progress).toHaveText('Cinglé: 1 of 3 ascents stamped');
  await expect(page.locator('[data-testid="stamp"][data-status="accepted"]')).toHaveCount(2);

  // No signal on the next ascent: both stamps wait on the phone, and the page already counts them.
  await context.setOffline(true);
  await context.clock.fastForward(DESCENT);
  await standAt(context, 'foot-malaucene');
  await page.getByRole('button', { name: 'Stamp: Malaucène (start)' }).click();
  await expect(status).toHaveText('No connection: 1 stamp kept on this phone, sent when it returns.');
  await context.clock.fastForward(CLIMB);
  await standAt(context, 'summit');
  await page.getByRole('button', { name: 'Stamp: Summit' }).click();
  await expect(status).toHaveText('No connection: 2 stamps kept on this phone, sent when it returns.');
  await expect(page.locator('[data-testid="stamp"][data-status="pending"]')).toHaveCount(2);
  await expect(progress).toHaveText('Cinglé: 2 of 3 ascents stamped');
  await page.close();

  // Still no signal: the page opens again from the copy the phone kept, with the stamps that wait.
  const again = await context.newPage();
  await again.goto(`/gb/account/route-card/${candidate.id}`);
  await expect(again.getByRole('heading', { level: 1, name: 'My route card' })).toBeVisible();
  await expect(again.locator('[data-testid="stamp"][data-status="accepted"]')).toHaveCount(2);
  await expect(again.locator('[data-testid="stamp"][data-status="pending"]')).toHaveCount(2);
  await expect(again.getByTestId('route-card-progress')).toHaveText('Cinglé: 2 of 3 ascents stamped');

  // The connection returns: what the phone kept leaves, and the last ascent is stamped online.
  await context.setOffline(false);
  await expect(again.getByTestId('outbox-status')).toHaveText('All your stamps are sent.');
  await expect(again.locator('[data-testid="stamp"][data-status="accepted"]')).toHaveCount(4);
  await context.clock.fastForward(DESCENT);
  await standAt(context, 'foot-sault');
  await again.getByRole('button', { name: 'Stamp: Sault (start)' }).click();
  await expect(again.locator('[data-testid="stamp"][data-status="accepted"]')).toHaveCount(5);
  await context.clock.fastForward(CLIMB);
  await standAt(context, 'summit');
  await again.getByRole('button', { name: 'Stamp: Summit' }).click();
  await expect(again.getByTestId('route-card-complete')).toBeVisible();
  // The card counts a stamp as soon as it is taken; the club has it once the phone has sent it.
  const stampsAtTheClub = async () =>
    (await (await context.request.get(`/api/candidates/${candidate.id}/stamps`)).json()) as RouteCard;
  await expect.poll(async () => (await stampsAtTheClub()).stamps.length).toBe(6);
  const card = await stampsAtTheClub();
  expect(card.stamps.map((stamp) => [stamp.control, stamp.status, stamp.flags])).toEqual([
    ['foot-bedoin', 'accepted', []],
    ['summit', 'accepted', []],
    ['foot-malaucene', 'accepted', []],
    ['summit', 'accepted', []],
    ['foot-sault', 'accepted', []],
    ['summit', 'accepted', []],
  ]);
  expect(card.complete).toBe(true);

  // Signing out forgets the copy kept for the mountain, while the phone still holds the site's pages.
  await expect
    .poll(() => again.evaluate(async () => (await (await caches.open('kept-by-reader')).keys()).length))
    .toBe(1);
  await again.getByRole('button', { name: 'Open the menu' }).click();
  await again.getByRole('button', { name: /^Account menu of / }).click();
  await again.getByRole('button', { name: 'Sign out' }).click();
  await expect(again).toHaveURL(/\/gb$/);
  expect(await again.evaluate(() => caches.has('kept-by-reader'))).toBe(false);
  await context.close();

  // The card is back at the desk: the president finds nothing to look at.
  const president = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await signInAsStaff(president.request);
  const scanned = await president.request.post('/api/admin/scan', {
    data: { text: candidate.reference, confirm: true },
  });
  expect(scanned.status(), await scanned.text()).toBe(200);
  const desk = await president.newPage();
  await desk.goto('/gb/administration/homologations');
  await waitForHydration(desk, 'list-filters');
  await desk.getByRole('searchbox', { name: 'Search' }).fill(nom);
  await desk.getByRole('button', { name: 'Apply' }).click();
  const row = desk.getByTestId('candidate-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('evidence')).toHaveAttribute('data-state', 'clean');
  await expect(row.getByTestId('evidence')).toContainText('Evidence complete');
  await expect(row.getByTestId('evidence-stamps')).toContainText('Electronic stamps: 6, complete');
  await expect(row.getByTestId('evidence-flag')).toHaveCount(0);
  await president.close();
});

test('without scripts, the card shows its buttons unusable and says what stamping needs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 800 },
    javaScriptEnabled: false,
  });
  const email = `rider.${crypto.randomBytes(4).toString('hex')}@example.org`;
  expect((await context.request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  const { password } = accountPayload(email);
  expect((await context.request.post('/api/login', { data: { email, password } })).status()).toBe(200);
  const { candidate } = await paidRegistration(context.request, { prenom: 'Lucie', email }, 'email');
  const page = await context.newPage();
  await page.goto(`/fr/account/route-card/${candidate.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ma carte de route' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tamponner : Bédoin (départ)' })).toBeDisabled();
  // Playwright's text queries skip <noscript>; the browser without scripts shows its content.
  expect(await page.locator('main noscript').evaluate((element) => element.textContent)).toContain(
    'Tamponner demande les scripts de cette page',
  );
  await page.screenshot({ path: 'test-results/route-card-without-scripts-360.png' });
  await context.close();
});
