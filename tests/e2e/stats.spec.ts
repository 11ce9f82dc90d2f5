/**
 * The statistics page: its charts are in the server's HTML (no chart library, no script needed), each with the
 * same figures as a table, and axe finds nothing to fix, with the charts or with the tables shown.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, pageReady, test } from './fixtures.ts';

const SECTIONS = ['challenge', 'year', 'country', 'nationality', 'age', 'civilite', 'repeat'];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every chart is drawn by the server', async ({ page }) => {
    await page.goto('/fr/stats');
    for (const id of SECTIONS) {
      const chart = page.getByTestId(`stats-${id}`).locator('[aria-hidden="true"]');
      await expect(chart.locator('svg rect, svg circle, span[style*="width"]').first()).toBeAttached();
      await expect(page.getByTestId(`stats-${id}-table`)).toBeAttached();
    }
  });
});

test('a chart gives way to its table and back, and axe finds no violation either way', async ({ page }) => {
  test.slow(); // two analyses
  await page.goto('/gb/stats');
  await pageReady(page);
  const analyse = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(await analyse()).toEqual([]);
  const section = page.getByTestId('stats-year');
  await section.getByRole('button', { name: 'Show the table' }).click();
  await expect(section.getByRole('table')).toBeVisible();
  await page.mouse.move(0, 0); // analyse the page at rest, not the button under the pointer
  await expect(section.locator('svg')).toBeHidden();
  expect(await analyse()).toEqual([]);
  await section.getByRole('button', { name: 'Show the chart' }).click();
  await expect(section.locator('svg')).toBeVisible();
});
