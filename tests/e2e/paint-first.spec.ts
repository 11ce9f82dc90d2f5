/**
 * Paint first, then hydrate (app/lib/paint-first.server.ts, decision 0029): a page's JavaScript is fetched only
 * once its HTML and CSS are on screen, and the page still hydrates under its CSP, kept (hashes) or not (nonce).
 * Ordering, not timing: every script must start after the first contentful paint, however fast the machine.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { accountPayload } from '../support/account-payload.ts';

async function openHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return (await response!.text()) ?? '';
}

/** The first contentful paint, and the start of every script the page fetched, in the page's own clock. */
function paintAndScripts(page: Page) {
  return page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scriptStarts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime),
  }));
}

// Two kept pages with the client (the map of the day has none since decision 0041).
for (const path of ['/fr/track-check', '/gb/login/forgot-password']) {
  test(`${path} paints before it fetches a script, then hydrates`, async ({ page }) => {
    const html = await openHydrated(page, path);
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).toContain('type="text/x-deferred-module"');

    const { paint, scriptStarts } = await paintAndScripts(page);
    expect(paint).toBeGreaterThan(0);
    expect(scriptStarts.length).toBeGreaterThan(10);
    for (const start of scriptStarts) expect(start).toBeGreaterThanOrEqual(paint);
  });
}

test('a signed-in page (a nonce, not kept) hydrates the same way, and navigation stays in the page', async ({
  page,
}) => {
  const email = `paint.${Date.now()}@example.org`;
  expect((await page.request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  expect((await page.request.post('/api/login', { data: { email, password: 'Ventoux1910' } })).status()).toBe(
    200,
  );

  await openHydrated(page, '/fr/account');
  const { paint, scriptStarts } = await paintAndScripts(page);
  for (const start of scriptStarts) expect(start).toBeGreaterThanOrEqual(paint);

  // A client-side navigation keeps the document: the marker set on this window survives it.
  await page.evaluate(() => Object.assign(window, { paintFirstMarker: true }));
  await page.getByRole('banner').getByRole('link', { name: 'Lauréats' }).first().click();
  await expect(page).toHaveURL(/\/fr\/laureates$/);
  expect(await page.evaluate(() => 'paintFirstMarker' in window)).toBe(true);
});
