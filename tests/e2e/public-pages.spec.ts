/**
 * Journeys through the public pages: each renders in each language (also without JavaScript), the carousel
 * obeys the keyboard, the rules tabs are linkable, the ascent profiles have one band per kilometre, the home
 * page shows the laureates or invites the first one, and search engines find the sitemap.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { LOCALES, LOCALE_TAGS, type Locale } from '../../domain/locales.ts';
import { BREVET_COUNTS } from '../../domain/ventoux.ts';
import { expect, pageReady, test } from './fixtures.ts';

const catalogue = (locale: Locale, namespace: string) =>
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, `../../locales/${locale}/${namespace}.json`), 'utf8'),
  ) as { heading: string } & Record<string, unknown>;

/** Each page with one figure that must be on it, whatever the language. */
const PAGES: { namespace: string; path: string; figure: (locale: Locale) => string }[] = [
  { namespace: 'home', path: '', figure: () => '137 km' },
  { namespace: 'roads', path: '/roads', figure: () => '1910 m' },
  { namespace: 'rules', path: '/rules', figure: () => '137 km' },
  {
    namespace: 'club',
    path: '/club',
    figure: (locale) =>
      new Intl.NumberFormat(LOCALE_TAGS[locale], { useGrouping: 'min2' }).format(BREVET_COUNTS.total),
  },
  { namespace: 'privacy', path: '/privacy', figure: () => 'contact@clubcinglesventoux.org' },
];

async function hydrated(page: Page) {
  await pageReady(page);
}

test.describe('every public page in every language', () => {
  for (const locale of LOCALES) {
    for (const entry of PAGES) {
      test(`${entry.namespace} in ${locale}`, async ({ page }) => {
        const response = await page.goto(`/${locale}${entry.path}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          catalogue(locale, entry.namespace).heading,
        );
        await expect(page.locator('main')).toContainText(entry.figure(locale));
        await expect(page.locator('html')).toHaveAttribute('lang', LOCALE_TAGS[locale]);
        await hydrated(page);
      });
    }
  }
});

test.describe('server rendering', () => {
  test.use({ javaScriptEnabled: false });

  test('every page is complete HTML before any script runs', async ({ page }) => {
    for (const entry of PAGES) {
      await page.goto(`/de${entry.path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        catalogue('de', entry.namespace).heading,
      );
      await expect(page.locator('main')).toContainText(entry.figure('de'));
    }
  });

  test('each page has a title, a description and an Open Graph picture', async ({ page }) => {
    await page.goto('/it/roads');
    await expect(page).toHaveTitle(/Mont Ventoux/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/og-image\.png$/);
    const picture = await page.request.get(image!);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/png');
  });
});

test.describe('home carousel', () => {
  test.use({ javaScriptEnabled: false });

  test('moves with its slide links, without any script, and marks the slide in view', async ({ page }) => {
    await page.goto('/gb');
    const carousel = page.getByTestId('hero-carousel');
    const slide = (id: string) => carousel.locator(`[data-slide="${id}"]`);
    const marked = (index: number) =>
      expect
        .poll(() =>
          page.getByTestId(`carousel-go-${index}`).evaluate((link) => link.matches(':target-current')),
        )
        .toBe(true);
    await expect(slide('giant')).toHaveAttribute('aria-label', 'Slide 1 of 3');
    await expect(slide('giant')).toBeInViewport({ ratio: 0.5 });
    await expect(slide('laureates')).not.toBeInViewport();
    await marked(1);

    await carousel.getByRole('link', { name: 'Show slide 3' }).click();
    await expect(slide('laureates')).toBeInViewport({ ratio: 0.5 });
    await expect(slide('giant')).not.toBeInViewport();
    await marked(3);
    await carousel.getByRole('link', { name: 'Show slide 2' }).click();
    await expect(slide('threeRoads')).toBeInViewport({ ratio: 0.5 });
    await marked(2);
  });

  test("moves with the arrow keys once it has the keyboard's focus", async ({ page }) => {
    await page.goto('/gb');
    const carousel = page.getByTestId('hero-carousel');
    await carousel.getByRole('link', { name: 'Discover the roads' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(carousel.locator('[data-slide="threeRoads"]')).toBeInViewport({ ratio: 0.5 });
    await expect(carousel.locator('[data-slide="giant"]')).not.toBeInViewport();
  });
});

test.describe('home page', () => {
  test('links each challenge to its rules and to registration', async ({ page }) => {
    await page.goto('/gb');
    const cingle = page.getByTestId('challenge-cingle');
    await expect(cingle).toContainText('137 km');
    await expect(cingle).toContainText('4400 m');
    await expect(page.getByTestId('challenge-galerien')).toContainText('183 km');
    await expect(page.getByTestId('challenge-bicingle')).toContainText('6 ascents');
    await expect(cingle.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/gb/order');
    await cingle.getByRole('link', { name: 'Read the rules' }).click();
    await expect(page).toHaveURL(/\/gb\/rules\?tab=options$/);
    await expect(page.getByRole('link', { name: 'Challenges', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('shows the latest laureates with their total, or invites the first one', async ({ page }) => {
    await page.goto('/gb');
    const teaser = page.getByTestId('laureates-teaser');
    const empty = page.getByTestId('laureates-empty');
    await expect(teaser.or(empty)).toBeVisible();
    if (await empty.isVisible()) {
      await expect(empty).toContainText('The roll of honour is still waiting for its first name.');
      await expect(empty.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/gb/order');
    } else {
      await expect(page.getByTestId('laureates-total')).toHaveText(/^[\d,]+ certified laureates?$/);
      await expect(teaser.getByRole('listitem')).not.toHaveCount(0);
      await expect(teaser.getByRole('listitem').first().getByRole('link')).toHaveAttribute(
        'href',
        /^\/gb\/laureates\/\d+$/,
      );
      await expect(teaser.getByRole('link', { name: 'See the ranking' })).toHaveAttribute(
        'href',
        '/gb/laureates',
      );
    }
  });

  test('shows the history and the organisers', async ({ page }) => {
    await page.goto('/de');
    for (const year of ['1988', '1998', '2007']) await expect(page.locator('main')).toContainText(year);
    await expect(page.getByRole('heading', { name: 'Die Organisatoren' })).toBeVisible();
  });
});

test.describe('rules sections', () => {
  const current = (page: Page, name: string) =>
    expect(
      page.getByTestId('rules-tabs').getByRole('navigation').getByRole('link', { name, exact: true }),
    ).toHaveAttribute('aria-current', 'page');

  test('open on the section named in the query, without any script', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/gb/rules?tab=homologation');
    await current(page, 'Certification');
    await expect(page.getByRole('heading', { name: 'Certification', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The three challenges' })).toBeHidden();
    // Where to post the route card: on this test site, the demonstration address, said to be one.
    const address = page.getByTestId('rules-return-address');
    await expect(address.getByRole('heading', { name: 'Where to post your route card' })).toBeVisible();
    await expect(address.locator('address')).toContainText('84410 Bédoin');
    await expect(address).toContainText('Demonstration address');
    await context.close();
  });

  test('open on the section named in the hash, without any script', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/gb/rules#rewards');
    await expect(page.getByRole('heading', { name: 'Rewards', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The three challenges' })).toBeHidden();
    await context.close();
  });

  test('each section has its own address, reached by its link', async ({ page }) => {
    await page.goto('/fr/rules');
    await current(page, 'Défis');
    await page.getByRole('link', { name: 'Sécurité', exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/rules\?tab=safety$/);
    await expect(page.getByRole('heading', { name: 'Sécurité et équipement' })).toBeVisible();
    await current(page, 'Sécurité');
    await page.reload();
    await current(page, 'Sécurité');
  });
});

test.describe('roads', () => {
  test('draw one coloured band per kilometre of each profile', async ({ page }) => {
    await page.goto('/fr/roads');
    const bedoin = page.getByTestId('profile-bedoin');
    await expect(bedoin).toHaveAttribute('data-km-count', '22');
    await expect(bedoin.locator('polygon')).toHaveCount(22);
    await expect(bedoin).toHaveAttribute('role', 'img');
    // The catalogues keep numbers and units together with no-break spaces.
    await expect(bedoin).toHaveAttribute('aria-label', /^Profil de 21,3\skm, de 313\sm à 1876\sm$/);
    await expect(page.getByTestId('profile-forest')).toHaveAttribute('data-km-count', '9');
    await expect(page.getByTestId('profile-sault')).toHaveAttribute('data-km-count', '26');
  });

  test('give the profile as a table too, and say what is not known of the forest road', async ({ page }) => {
    await page.goto('/gb/roads');
    const bedoin = page.getByTestId('road-bedoin');
    await bedoin.getByText('Show the profile data').click();
    await expect(bedoin.getByRole('table').getByRole('row')).toHaveCount(23);
    const forest = page.getByTestId('road-forest');
    await expect(forest).toContainText('Only the first 9 km of this road have a measured profile');
    await expect(forest).toContainText('about 23 km');
    await expect(forest.getByRole('img')).toHaveAttribute('aria-label', /Profile unknown beyond km\s9/);
  });

  test('compare the four roads in one table', async ({ page }) => {
    await page.goto('/gb/roads');
    const table = page.getByTestId('roads-comparison');
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(table.getByRole('row', { name: /From Malaucène/ })).toContainText('14%');
  });
});

test.describe('privacy', () => {
  test('links to the page that hides one’s results', async ({ page }) => {
    await page.goto('/nl/privacy');
    await expect(page.getByRole('link', { name: 'contact@clubcinglesventoux.org' }).first()).toHaveAttribute(
      'href',
      'mailto:contact@clubcinglesventoux.org',
    );
    const hide = page.locator('main a[href="/nl/public-display-restriction"]');
    await expect(hide).toHaveCount(1);
  });
});

test.describe('search engines', () => {
  test('find the sitemap through robots.txt', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(await robots.text())?.[1];
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
    const sitemap = await request.get(sitemapUrl!);
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('/es/roads</loc>');
  });
});
