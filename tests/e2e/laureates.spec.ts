/**
 * Journeys through the ranking of laureates on the demo set the server seeds at start-up: search, sort, page,
 * filters, the view shared by its address, the palmarès, and the table on a phone.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { normalizeSearchText } from '../../domain/search.ts';
import { demoLaureate } from '../../server/services/platform/demo-data.ts';
import { qrTextOfPdf } from '../support/pdf-qr.ts';
import { expect, pageReady, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';

async function hydrated(page: Page) {
  await pageReady(page);
}

const rows = (page: Page) => page.getByTestId('laureate-row');
const summary = (page: Page) => page.getByTestId('laureates-summary');

/** The total of 'Affichage de x à y sur N'. */
async function totalOf(page: Page): Promise<number> {
  const text = (await summary(page).textContent()) ?? '';
  return Number(/sur ([\d\s  ]+)$/.exec(text)?.[1]?.replace(/\D/g, ''));
}

test('search by name, accents ignored, and open the palmarès', async ({ page }) => {
  const rider = demoLaureate(7);
  await page.goto('/fr/laureates');
  await hydrated(page);
  // Typed without accents and in capitals, as a visitor might.
  await page
    .getByTestId('laureates-search')
    .fill(normalizeSearchText(`${rider.prenom} ${rider.nom}`).toUpperCase());
  await page.getByTestId('laureates-submit').click();
  await expect(page).toHaveURL(/[?&]q=/);
  // Only what differs from the defaults goes into the address.
  expect(new URL(page.url()).search).not.toMatch(/epreuve=|pays=|year=|pageSize=/);
  await expect(rows(page).first()).toContainText(rider.nom);
  for (const row of await rows(page).all()) await expect(row).toContainText(rider.prenom);

  await rows(page)
    .first()
    .getByRole('link', { name: new RegExp(rider.nom) })
    .click();
  await expect(page).toHaveURL(/\/fr\/laureates\/\d+$/);
  await expect(page.getByTestId('palmares-name')).toHaveText(`${rider.prenom} ${rider.nom}`);
  await expect(page.getByTestId('palmares-rides').locator('tbody tr')).toHaveCount(rider.rides.length);
});

test('sort by a column, both ways, with aria-sort', async ({ page }) => {
  await page.goto('/gb/laureates');
  await hydrated(page);
  // The club's paging wording, in English here and in French in the paging journey.
  await expect(summary(page)).toHaveText(/^Showing 1 to 25 of [\d,]+$/);
  const header = page.locator('th', { has: page.getByTestId('sort-nom') });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await expect(page.locator('th[aria-sort="descending"]')).toHaveCount(1);

  await page.getByTestId('sort-nom').click();
  await expect(page).toHaveURL(/sort=nom(&|$)/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const surnames = () => rows(page).getByTestId('laureate-surname').allTextContents();
  const ascending = await surnames();
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, 'en')));

  await page.getByTestId('sort-nom').click();
  await expect(page).toHaveURL(/sort=-nom/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const descending = await surnames();
  expect(descending[0]!.localeCompare(ascending[0]!, 'en')).toBeGreaterThan(0);
});

test('page through the ranking, change the page size, and share the address', async ({ page, browser }) => {
  await page.goto('/fr/laureates?sort=rank');
  await hydrated(page);
  const total = await totalOf(page);
  expect(total).toBeGreaterThan(100);
  await expect(rows(page)).toHaveCount(25);

  await page.getByTestId('laureates-pagination').getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(summary(page)).toContainText('Affichage de 26 à 50 sur');

  await page.getByTestId('page-size').selectOption('50');
  await expect(page).toHaveURL(/pageSize=50/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(50);

  await page.getByTestId('filter-epreuve').selectOption('cingle');
  await expect(page).toHaveURL(/epreuve=cingle/);
  await expect(rows(page).first()).toContainText('Cinglé');
  const firstRow = await rows(page).first().textContent();

  // The same address in another browser shows the same view, form included.
  const shared = page.url();
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(shared);
  await expect(again.getByTestId('laureate-row')).toHaveCount(50);
  await expect(again.getByTestId('laureate-row').first()).toHaveText(firstRow!);
  await expect(again.getByTestId('filter-epreuve')).toHaveValue('cingle');
  await expect(again.getByTestId('page-size')).toHaveValue('50');
  // The rank was the homologation number: its order is the number's column's.
  await expect(again.locator('th[aria-sort="ascending"]')).toContainText("N° d'homologation");
  await other.close();

  // Reloading keeps it too.
  await page.reload();
  await expect(rows(page).first()).toHaveText(firstRow!);
});

test('a page past the end is empty, with a way back', async ({ page }) => {
  await page.goto('/fr/laureates?page=999');
  await expect(rows(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Revenir à la première page' }).click();
  await expect(rows(page)).toHaveCount(25);
});

test('filters without JavaScript work as a plain form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fr/laureates');
  await page.getByTestId('filter-epreuve').selectOption('galerien');
  await page.getByTestId('laureates-submit').click();
  await expect(page).toHaveURL(/epreuve=galerien/);
  for (const row of await page.getByTestId('laureate-row').all()) await expect(row).toContainText('Galérien');
  await context.close();
});

test('an unknown rider has no palmarès', async ({ page }) => {
  const response = await page.request.get('/fr/laureates/999999');
  expect(response.status()).toBe(404);
});

/** Where each header and each value of the first row is, and whether the table is one or cards. */
async function layoutOf(page: Page) {
  const table = page.getByTestId('laureates-table');
  return table.evaluate((node) => {
    const box = (element: Element) => {
      const { left, right, width } = element.getBoundingClientRect();
      return { text: element.textContent?.trim() ?? '', left, right, width };
    };
    const firstRow = node.querySelector('tbody tr')!;
    return {
      display: getComputedStyle(node).display,
      scrollWidth: node.scrollWidth,
      clientWidth: node.clientWidth,
      pageWidth: document.documentElement.scrollWidth,
      headers: [...node.querySelectorAll('thead th')].map(box),
      values: [...firstRow.querySelectorAll('th, td')].map(box),
      labels: [...firstRow.querySelectorAll('td > [aria-hidden]')].map((label) => ({
        text: label.textContent?.trim() ?? '',
        shown: getComputedStyle(label).display !== 'none',
      })),
    };
  });
}

for (const lang of ['fr', 'gb'] as const) {
  test(`${lang}: no column of the ranking is out of sight, a table at 1280 px and cards at 360 px`, async ({
    browser,
  }) => {
    for (const width of [1280, 360]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`/${lang}/laureates`);
      const layout = await layoutOf(page);
      // A real table where it fits, one card per ride on a phone.
      expect(layout.display, `${width} px`).toBe(width === 1280 ? 'table' : 'block');
      expect(layout.scrollWidth, `${width} px`).toBeLessThanOrEqual(layout.clientWidth);
      expect(layout.pageWidth, `${width} px`).toBeLessThanOrEqual(width);
      expect(layout.headers).toHaveLength(10);
      for (const cell of [...layout.headers, ...layout.values]) {
        expect(cell.width, `${cell.text} at ${width} px`).toBeGreaterThan(0);
        expect(cell.left, `${cell.text} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(cell.right, `${cell.text} at ${width} px`).toBeLessThanOrEqual(width);
      }
      // On a card each value says what it is; in the table its header does.
      expect(layout.labels).toHaveLength(9);
      for (const label of layout.labels) {
        expect(label.text).not.toBe('');
        expect(label.shown, `${label.text} at ${width} px`).toBe(width === 360);
      }
      await context.close();
    }
  });
}

test('an administrator sees the full birth date where the public sees the year', async ({
  page,
  browser,
}) => {
  // The first demo rider with a known birth date (some are left unknown on purpose).
  const rider = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    .map((index) => demoLaureate(index))
    .find((person) => person.date_naissance !== null)!;
  const search = `/gb/laureates?q=${encodeURIComponent(normalizeSearchText(`${rider.prenom} ${rider.nom}`))}`;
  const fullDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${rider.date_naissance}T00:00:00Z`),
  );

  await page.goto(search);
  await hydrated(page);
  await expect(rows(page).first().getByTestId('laureate-birth')).toHaveText(
    rider.date_naissance!.slice(0, 4),
  );
  await expect(page.getByTestId('laureates-table')).not.toContainText(fullDate);

  const admin = await browser.newPage();
  await signInAsStaff(admin.request);
  await admin.goto(search);
  await hydrated(admin);
  await expect(rows(admin).first().getByTestId('laureate-birth')).toHaveText(fullDate);
  await admin.close();
});

test('an administrator downloads the diploma of one of the club’s earlier records from its palmarès', async ({
  browser,
  page,
}) => {
  const rider = demoLaureate(11);
  const found = await page.request.get(
    `/api/laureates?q=${encodeURIComponent(`${rider.prenom} ${rider.nom}`)}`,
  );
  const { items: listed } = (await found.json()) as { items: { laureateId: number }[] };
  const diplomaColumn = JSON.parse(fs.readFileSync('locales/gb/laureates.json', 'utf8')).palmares.diploma;
  const palmares = `/gb/laureates/${listed[0]!.laureateId}`;

  // A visitor sees the rides, not the diplomas.
  await page.goto(palmares);
  await expect(page.getByTestId('palmares-rides')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: diplomaColumn })).toHaveCount(0);

  const admin = await browser.newPage();
  await signInAsStaff(admin.request);
  await admin.goto(palmares);
  await expect(admin.getByRole('columnheader', { name: diplomaColumn })).toBeVisible();
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByTestId('palmares-rides').getByRole('link').first().click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^diploma-(cingle|galerien|bicingle)-\d+\.pdf$/);
  const [checkUrl] = await qrTextOfPdf(fs.readFileSync(await download.path()));
  await admin.goto(new URL(checkUrl!).pathname);
  await expect(admin.getByTestId('diploma-status')).toHaveAttribute('data-status', 'valid');
  await expect(admin.getByTestId('diploma-name')).toHaveText(`${rider.prenom} ${rider.nom}`);
  await admin.close();
});
