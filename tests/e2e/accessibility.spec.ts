/**
 * axe-core finds no violation on the public pages, in French and in German (long words, other wrapping), with
 * every tab of the rules and every hidden data table of the roads shown in turn.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, pageReady, test } from './fixtures.ts';

const PAGES = ['', '/roads', '/rules', '/club', '/privacy'];
const LANGUAGES = ['fr', 'de'];

/** The violations, reduced to what a person needs to find them: the rule and the elements. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await pageReady(page);
}

for (const lang of LANGUAGES) {
  for (const path of PAGES) {
    test(`no axe violation on /${lang}${path}`, async ({ page }) => {
      await open(page, `/${lang}${path}`);
      expect(await violations(page)).toEqual([]);
    });
  }
}

test('no axe violation on any section of the rules', async ({ page }) => {
  test.slow(); // six analyses
  await open(page, '/fr/rules');
  const links = page.getByTestId('rules-tabs').getByRole('navigation').getByRole('link');
  await expect(links).toHaveCount(6);
  for (let index = 0; index < 6; index += 1) {
    await links.nth(index).click();
    await expect(links.nth(index)).toHaveAttribute('aria-current', 'page');
    expect(await violations(page)).toEqual([]);
  }
});

test('no axe violation with the profile tables open', async ({ page }) => {
  await open(page, '/de/roads');
  const disclosures = page.locator('main details');
  await expect(disclosures).toHaveCount(4);
  for (const disclosure of await disclosures.all()) await disclosure.locator('summary').click();
  await expect(page.locator('main details[open]')).toHaveCount(4);
  expect(await violations(page)).toEqual([]);
});

test('no axe violation on the second and third slides', async ({ page }) => {
  test.slow(); // two analyses
  await open(page, '/de');
  const carousel = page.getByTestId('hero-carousel');
  for (const slide of [2, 3]) {
    await carousel.getByRole('link', { name: `Folie ${slide} anzeigen` }).press('Enter');
    await expect(carousel.getByRole('group', { name: `Folie ${slide} von 3` })).toBeInViewport({
      ratio: 0.5,
    });
    expect(await violations(page)).toEqual([]);
  }
});

/**
 * A link says where it goes (WCAG 2.4.4, and what search engines read): never a bare "learn more" or "here".
 * The phrases are those Lighthouse's link-text audit refuses in the site's languages.
 */
const GENERIC_LINK_TEXTS = new Set([
  'click here',
  'here',
  'learn more',
  'more',
  'more info',
  'more information',
  'read more',
  'en savoir plus',
  'cliquez ici',
  'ici',
  'hier',
  'mehr',
  'mehr erfahren',
  'weiterlesen',
  'más',
  'más información',
  'aquí',
  'leer más',
  'meer',
  'meer informatie',
  'lees meer',
  'qui',
  'altro',
  'maggiori informazioni',
  'scopri di più',
]);

for (const lang of ['fr', 'gb', 'de', 'es', 'nl', 'it']) {
  test(`every link of the public pages says where it goes, in ${lang}`, async ({ page }) => {
    const generic: string[] = [];
    for (const path of [...PAGES, '/laureates', '/stats']) {
      await page.goto(`/${lang}${path}`);
      for (const text of await page.getByRole('link').allInnerTexts())
        if (GENERIC_LINK_TEXTS.has(text.trim().toLowerCase())) generic.push(`/${lang}${path}: ${text}`);
    }
    expect(generic).toEqual([]);
  });
}
