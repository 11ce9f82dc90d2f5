/**
 * The route card on the phone (issue 43): a Cinglé at 360 px opens "My route card" from the account page, is told
 * how far away a control is, stamps the foot and the summit of Bédoin, loses the network for the next two controls
 * (the stamps wait on the phone), closes the page, and when the connection is back the reopened page sends them:
 * the server holds each stamp once.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from '@playwright/test';
import type { RouteCard } from '../../contracts/stamps.ts';
import { type ControlId, controlById } from '../../domain/route-card/controls.ts';
import { accountPayload } from '../support/account-payload.ts';
import { expect, pageReady, test } from './fixtures.ts';
import { paidRegistration } from './paid-registration.ts';

const standAt = (context: BrowserContext, control: ControlId) => {
  const { lat, lon } = controlById(control);
  return context.setGeolocation({ latitude: lat, longitude: lon, accuracy: 15 });
};

test('a Cinglé stamps on a phone, offline for two controls, and every stamp reaches the club once', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 800 },
    permissions: ['geolocation'],
  });
  const email = `rider.${crypto.randomBytes(4).toString('hex')}@example.org`;
  expect((await context.request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  const { password } = accountPayload(email);
  expect((await context.request.post('/api/login', { data: { email, password } })).status()).toBe(200);
  const { candidate } = await paidRegistration(context.request, { prenom: 'Lucie', email }, 'email');

  const page = await context.newPage();
  await page.goto('/gb/account?tab=orders');
  await page.getByRole('link', { name: 'Stamp the route card with your phone' }).click();
  await expect(page).toHaveURL(new RegExp(`/gb/account/route-card/${candidate.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'My route card' })).toBeVisible();
  await pageReady(page);
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
  await standAt(context, 'summit');
  await page.getByRole('button', { name: 'Stamp: Summit' }).click();
  await expect(progress).toHaveText('Cinglé: 1 of 3 ascents stamped');
  await expect(page.locator('[data-testid="stamp"][data-status="accepted"]')).toHaveCount(2);

  // No signal on the next ascent: both stamps wait on the phone, and the page already counts them.
  await context.setOffline(true);
  await standAt(context, 'foot-malaucene');
  await page.getByRole('button', { name: 'Stamp: Malaucène (start)' }).click();
  await expect(status).toHaveText('No connection: 1 stamp kept on this phone, sent when it returns.');
  await standAt(context, 'summit');
  await page.getByRole('button', { name: 'Stamp: Summit' }).click();
  await expect(status).toHaveText('No connection: 2 stamps kept on this phone, sent when it returns.');
  await expect(page.locator('[data-testid="stamp"][data-status="pending"]')).toHaveCount(2);
  await expect(progress).toHaveText('Cinglé: 2 of 3 ascents stamped');
  await page.close();

  // Back online, the page opened again sends what the phone kept.
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`/gb/account/route-card/${candidate.id}`);
  await expect(again.getByTestId('outbox-status')).toHaveText('All your stamps are sent.');
  await expect(again.locator('[data-testid="stamp"][data-status="accepted"]')).toHaveCount(4);
  await expect(again.getByRole('button', { name: 'Stamp: Sault (start)' })).toBeVisible();
  const card = (await (
    await context.request.get(`/api/candidates/${candidate.id}/stamps`)
  ).json()) as RouteCard;
  expect(card.stamps.map((stamp) => [stamp.control, stamp.status])).toEqual([
    ['foot-bedoin', 'accepted'],
    ['summit', 'accepted'],
    ['foot-malaucene', 'accepted'],
    ['summit', 'accepted'],
  ]);
  await context.close();
});
