/**
 * The look of the seven public pages, in two languages, on a phone and on a wide screen, compared with the
 * reference images beside this file. It guards the stylesheets: the public pages load only the Mantine styles
 * they use (app/styles/mantine-public.ts), so a component whose styles are forgotten, or a stylesheet that no
 * longer loads, changes the picture and fails here.
 *
 * Figures that follow the demo data (they move with the date and with the other journeys' homologations) are
 * masked; pages whose length follows that data are compared on their first screen only.
 *
 * After an intended change of look: `npx playwright test tests/e2e/visual.spec.ts --update-snapshots`, then look
 * at every updated image before committing it.
 */
import { expect, pageReady, test } from './fixtures.ts';

interface PublicPage {
  path: string;
  /** Compare the whole page; otherwise the first screen. */
  fullPage: boolean;
  /** Elements whose content follows the data. */
  masked: string[];
}

const PAGES: Record<string, PublicPage> = {
  home: { path: '', fullPage: false, masked: ['[data-testid="laureates-teaser"]'] },
  roads: { path: '/roads', fullPage: true, masked: [] },
  rules: { path: '/rules', fullPage: true, masked: [] },
  club: { path: '/club', fullPage: true, masked: [] },
  privacy: { path: '/privacy', fullPage: true, masked: [] },
  laureates: {
    path: '/laureates',
    fullPage: false,
    masked: ['[data-testid="laureates-table"]', '[data-testid="laureates-summary"]'],
  },
  stats: { path: '/stats', fullPage: false, masked: ['main [data-testid]'] },
};

const WIDTHS = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'wide', width: 1280, height: 900 },
];

test.describe.configure({ mode: 'parallel' });

for (const [name, publicPage] of Object.entries(PAGES))
  for (const lang of ['fr', 'gb'])
    for (const viewport of WIDTHS)
      test(`${name} in ${lang} looks as designed on a ${viewport.name} (${viewport.width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.goto(`/${lang}${publicPage.path}`);
        await pageReady(page);
        await page.evaluate(() => document.fonts.ready);
        await expect(page).toHaveScreenshot(`${name}-${lang}-${viewport.width}.png`, {
          fullPage: publicPage.fullPage,
          mask: publicPage.masked.map((selector) => page.locator(selector)),
          animations: 'disabled',
          caret: 'hide',
          // Anti-aliasing differs by a few pixels between runs; a missing stylesheet changes far more.
          maxDiffPixelRatio: 0.01,
        });
      });
