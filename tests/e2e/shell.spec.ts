import type { Page } from '@playwright/test';
import { expect, pageReady, test } from './fixtures.ts';
import { accountPayload } from '../support/account-payload.ts';

/** Opens a page and waits until React has hydrated it, so that clicks go through React. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await pageReady(page);
}

test.describe('locale routing', () => {
  test('a page path without locale redirects to French by default', async ({ page }) => {
    const response = await page.request.get('/roads?from=test', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/fr/roads?from=test');
  });

  test('a German browser lands on the German page', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/roads');
    await expect(page).toHaveURL(/\/de\/roads$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await context.close();
  });

  test('switching language keeps the page and remembers the choice', async ({ page, context }) => {
    await open(page, '/fr/rules');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/gb\/rules$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    const cookie = (await context.cookies()).find((item) => item.name === 'i18n');
    expect(cookie?.value).toBe('gb');
    expect(cookie?.path).toBe('/');
    // About 365 days from now.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
    const response = await page.request.get('/club', { maxRedirects: 0 });
    expect(response.headers().location).toBe('/gb/club');
  });

  test('the language list works with the keyboard and closes on Escape or a click outside', async ({
    page,
  }) => {
    await open(page, '/gb/roads');
    const button = page.getByTestId('language-switcher');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const deutsch = page.getByRole('link', { name: 'Deutsch' });
    await expect(deutsch).toHaveAttribute('href', '/de/roads');
    await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Escape');
    await expect(deutsch).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await expect(deutsch).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(deutsch).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('every page has canonical and hreflang links', async ({ page }) => {
    await page.goto('/nl/roads');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/nl\/roads$/);
    await expect(page.locator('link[rel="alternate"][hreflang="en-GB"]')).toHaveAttribute(
      'href',
      /\/gb\/roads$/,
    );
    await expect(page.locator('link[rel="alternate"]')).toHaveCount(7);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ed1c24');
  });
});

test.describe('not found', () => {
  test.use({ expectedErrors: [/status of 404/] });

  test('an unknown page answers 404 with the localized not-found page', async ({ page }) => {
    const response = await page.goto('/fr/nowhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-subtitle')).toHaveText('Cette page est introuvable.');
    await page.goto('/gb/nowhere/deeper');
    await expect(page.getByTestId('error-subtitle')).toHaveText('This page could not be found.');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/gb$/);
  });
});

test.describe('nav bar', () => {
  test('on a 1280 px screen the links are in the bar', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, '/gb');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Roads' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Shop/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('button', { name: 'Open the menu' })).toBeHidden();
    await expect(page.getByTestId('register-button')).toHaveAttribute('href', /\/gb\/login/);
    await nav.getByRole('link', { name: 'Rules' }).click();
    await expect(page).toHaveURL(/\/gb\/rules$/);
  });

  test('on a 360 px phone the links fold into a burger menu', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, '/gb');
    await expect(page.locator('header').getByRole('link', { name: 'Roads' })).toBeHidden();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const panel = page.getByTestId('mobile-navigation');
    await panel.getByRole('link', { name: 'Laureates' }).click();
    await expect(page).toHaveURL(/\/gb\/laureates$/);
    await expect(panel).toBeHidden();
    // Nothing overflows the phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('on a phone the account list keeps off the screen edges and closes with the page it opens', async ({
  page,
}) => {
  const email = `menu.${Date.now()}@example.org`;
  const signup = await page.request.post('/api/signup', { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  expect((await page.request.post('/api/login', { data: { email, password: 'Ventoux1910' } })).status()).toBe(
    200,
  );
  await page.setViewportSize({ width: 360, height: 740 });
  // The account page ships the client: the header stays across the navigation.
  await open(page, '/gb/account?tab=orders');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const panel = page.getByTestId('mobile-navigation');
  await panel.getByTestId('mobile-user-menu').click();
  const list = panel.getByRole('link', { name: 'My account' }).locator('xpath=ancestor::*[@popover][1]');
  await expect(list).toBeVisible();
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(8);
  expect(box.x + box.width).toBeLessThanOrEqual(360 - 8);

  await panel.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/gb\/account\?tab=password$/);
  await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toBeHidden();
  await expect(list).toBeHidden();
  await expect(page.getByTestId('password-form')).toBeInViewport();
});

test.describe('notices', () => {
  test('the cookie notice and banners stay dismissed', async ({ page }) => {
    await open(page, '/gb');
    await expect(page.getByTestId('cookie-notice')).toBeVisible();
    await page.getByTestId('cookie-notice').getByRole('button', { name: 'Got it' }).click();
    await expect(page.getByTestId('cookie-notice')).toBeHidden();
    await page.getByTestId('banner-medals').getByRole('button', { name: 'Dismiss this message' }).click();
    await expect(page.getByTestId('banner-medals')).toBeHidden();
    await page.reload();
    await pageReady(page);
    await expect(page.getByTestId('cookie-notice')).toBeHidden();
    await expect(page.getByTestId('banner-medals')).toBeHidden();
    await expect(page.getByTestId('banner-new-account')).toBeVisible();
  });

  test('on a phone the notices leave most of the first screen to the page', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await open(page, '/fr');
    const heights = await Promise.all(
      ['banner-medals', 'banner-new-account', 'cookie-notice'].map(async (id) => {
        const box = await page.getByTestId(id).boundingBox();
        expect(box, id).not.toBeNull();
        return box!.height;
      }),
    );
    // Before they were stacked compactly, the three took about 60 % of this screen.
    expect(heights.reduce((sum, height) => sum + height, 0)).toBeLessThanOrEqual(780 * 0.35);
    // Accepting cookies stays one tap away on a phone (the cross is hidden there).
    await page.getByTestId('cookie-notice').getByRole('button', { name: "J'ai compris" }).click();
    await expect(page.getByTestId('cookie-notice')).toBeHidden();
  });

  test('the new-account banner is for visitors, not for a signed-in account', async ({ page }) => {
    await open(page, '/gb');
    await expect(page.getByTestId('banner-new-account')).toBeVisible();
    const email = `banner.${Date.now()}@example.org`;
    const signup = await page.request.post('/api/signup', {
      data: accountPayload(email),
    });
    expect(signup.status(), await signup.text()).toBe(201);
    expect(
      (await page.request.post('/api/login', { data: { email, password: 'Ventoux1910' } })).status(),
    ).toBe(200);
    await open(page, '/gb');
    await expect(page.getByTestId('banner-medals')).toBeVisible();
    await expect(page.getByTestId('banner-new-account')).toHaveCount(0);
  });

  test('the cookie notice links to the privacy page', async ({ page }) => {
    await open(page, '/gb');
    await page.getByTestId('cookie-notice').getByRole('link', { name: 'Privacy and cookies' }).click();
    await expect(page).toHaveURL(/\/gb\/privacy$/);
  });
});
