/**
 * The public pages rendered without the client (app/lib/page-client.ts, decision 0041): with JavaScript off they
 * work as they do for everyone, through the web platform (popovers for the menus, plain links, the ranking's GET
 * form); with JavaScript on they load no script file, only their small inline starter and speculation rules.
 */
import { expect, pageReady, test } from './fixtures.ts';

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the phone menu opens, closes and leads to another page', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/gb/club');
    const panel = page.getByTestId('mobile-navigation');
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Close the menu' }).click();
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await panel.getByRole('link', { name: 'Roads' }).click();
    await expect(page).toHaveURL(/\/gb\/roads$/);
    await expect(page.getByTestId('mobile-navigation')).toBeHidden();
  });

  test('the language list opens, closes on Escape and switches the page to another language', async ({
    page,
  }) => {
    await page.goto('/fr/privacy');
    const deutsch = page.getByRole('link', { name: 'Deutsch' });
    await expect(deutsch).toBeHidden();
    await page.getByTestId('language-switcher').click();
    await expect(deutsch).toHaveAttribute('href', '/de/privacy');
    await page.keyboard.press('Escape');
    await expect(deutsch).toBeHidden();
    await page.getByTestId('language-switcher').click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/gb\/privacy$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  });

  test("the ranking's filters and pages work as a plain form and plain links", async ({ page }) => {
    await page.goto('/gb/laureates');
    await page.getByTestId('filter-epreuve').selectOption('cingle');
    await page.getByTestId('laureates-submit').click();
    // Only what differs from the defaults stays in the address (the server brings the form's address back to it).
    await expect(page).toHaveURL(/\/gb\/laureates\?epreuve=cingle$/);
    await expect(page.getByTestId('filter-epreuve')).toHaveValue('cingle');
    const rows = page.getByTestId('laureate-row');
    await expect(rows.first()).toBeVisible();
    await page.getByTestId('laureates-pagination').getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\?epreuve=cingle&page=2$/);
    await expect(page.getByTestId('laureates-summary')).toContainText('Showing 26 to 50');
  });

  test("the ranking's country filter offers only the countries it holds", async ({ page }) => {
    await page.goto('/gb/laureates');
    const codes = await page
      .getByTestId('filter-pays')
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    expect(codes.length).toBeGreaterThan(1);
    expect(codes.length).toBeLessThan(60);
    for (const code of codes) {
      const answer = await page.request.get(`/api/laureates?pays=${code}`);
      expect(((await answer.json()) as { total: number }).total, code).toBeGreaterThan(0);
    }
  });
});

test.describe('with JavaScript on', () => {
  test('the page carries no script file, its speculation rules and a starter', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto('/fr/roads');
    await pageReady(page);
    const html = (await response!.text()) ?? '';
    expect(html).not.toMatch(/rel="modulepreload"|type="module"|__reactRouterContext/);
    const rules = JSON.parse(
      await page
        .locator('script[type="speculationrules"]')
        .textContent()
        .then((text) => text ?? ''),
    ) as { prefetch: { where: { and: { href_matches?: string[] }[] } }[] };
    expect(rules.prefetch[0]!.where.and[0]!.href_matches).toEqual(expect.arrayContaining(['/fr/club']));
    expect(rules.prefetch[0]!.where.and[0]!.href_matches).not.toContain('/fr/account');
    expect(scripts).toEqual([]);
  });

  test('the starter remembers the language and the dismissed notices, and says when a list is open', async ({
    page,
    context,
  }) => {
    await page.goto('/gb/club');
    await pageReady(page);
    await page.getByTestId('cookie-notice').getByRole('button', { name: 'Got it' }).click();
    await expect(page.getByTestId('cookie-notice')).toBeHidden();
    await page.getByTestId('banner-medals').getByRole('button', { name: 'Dismiss this message' }).click();
    await expect(page.getByTestId('banner-medals')).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
    await expect(page.getByTestId('banner-medals')).toHaveCount(0);

    const button = page.getByTestId('language-switcher');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'Nederlands' }).click();
    await expect(page).toHaveURL(/\/nl\/club$/);
    const cookie = (await context.cookies()).find((item) => item.name === 'i18n');
    expect(cookie?.value).toBe('nl');
  });

  test("a select of the ranking's filters applies at once", async ({ page }) => {
    await page.goto('/fr/laureates');
    await pageReady(page);
    await page.getByTestId('page-size').selectOption('50');
    await expect(page).toHaveURL(/\/fr\/laureates\?pageSize=50$/);
    await expect(page.getByTestId('laureate-row')).toHaveCount(50);
  });

  test.describe('a refused sign-in', () => {
    test.use({ expectedErrors: [/status of 401/] });

    test('the sign-in form shows and hides the password, and a refusal comes back from the server', async ({
      page,
    }) => {
      await page.goto('/gb/login');
      await pageReady(page);
      await expect(page.locator('html[data-client="none"]')).toHaveCount(1);
      const password = page.getByRole('textbox', { name: 'Password', exact: true });
      await password.fill('Ventoux1910');
      const reveal = page.getByRole('button', { name: 'Show the password' });
      await expect(reveal).toHaveAttribute('aria-pressed', 'false');
      await reveal.click();
      await expect(password).toHaveAttribute('type', 'text');
      await expect(reveal).toHaveAttribute('aria-pressed', 'true');
      await reveal.click();
      await expect(password).toHaveAttribute('type', 'password');
      await expect(password).toHaveValue('Ventoux1910');
      // A refusal comes back from the server with the address typed, as before the scripts ran.
      await page.getByLabel('Email address').fill('nobody@example.org');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByTestId('error-summary')).toBeVisible();
      await expect(page.getByTestId('error-summary')).toBeFocused();
      await expect(page.getByLabel('Email address')).toHaveValue('nobody@example.org');
    });
  });
});
