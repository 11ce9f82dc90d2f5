/**
 * Script budgets (decision 0041, which replaces 0009's floor):
 *
 * - The public pages render without the client: measured in the browser on a first visit with the service worker
 *   blocked, they may carry at most 15 KB of gzip script, inline starter and speculation rules included, and load
 *   no script file.
 * - The pages that keep the client are read from the production build's manifest (no browser, no timing): the
 *   client entry and the modules of every route from the root to the page, each file counted once, gzip. Their
 *   ceilings are their sizes before the public pages left the client, so they can only shrink.
 *
 * Stylesheets block the first paint, so the public pages have a CSS budget too: they load only the Mantine styles
 * they use (app/styles/mantine-public.ts); the full Mantine set (34 KB gzip on its own) must never reach them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, test } from '@playwright/test';

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
}

/**
 * Pages that keep the client: their sizes before the public pages left it (decision 0041), so they can only shrink.
 * The shell lost its lazily loaded drawer and its click-outside code, which every one of them carried. Two grew by
 * what this round added to them: "Check my ride" its flags and the club's requests (+1.1 KB), the account page the
 * cancellation request, the copy of one's data and the club's requests (+2 KB). Then the newcomer's round (issue 46):
 * what a ride still lacks, said per challenge, with the ascents as cards on a phone ("Check my ride" +1.3 KB), and on
 * the account and order pages the club's postal address, the guardian's notice and the ride's warning step. Then
 * the services beside Strava (issue 44): "Check my ride" shows a section per service, its words naming the service
 * (228.5 KB measured; the account page's cards stayed within its ceiling). Then the club's settings (issue 47): the
 * heat warning's period and the price of the day come from the settings the root reads, and the order form says
 * when registrations are closed, and the shell names the settings page for those who may open it (account 357.2
 * KB, order 342.1 KB measured). Then the club's notice, which the site's frame shows above every page on its days,
 * and the order form's next price (+1.1 KB on each: "Check my ride" 229.8, account 358.1, order 343.2 KB measured).
 */
const CEILINGS_KB: Record<string, number> = {
  'track-check': 230,
  account: 359,
  order: 344,
};

/**
 * The public pages rendered without the client (app/lib/page-client.ts, decision 0041): measured in the browser
 * on a first visit (service worker blocked, as in every journey), script files transferred plus the page's inline
 * scripts, gzip.
 */
const WITHOUT_CLIENT_KB = 15;
const PUBLIC_PAGES: Record<string, string> = {
  home: '/fr',
  rules: '/fr/rules',
  roads: '/fr/roads',
  club: '/fr/club',
  privacy: '/fr/privacy',
  laureates: '/fr/laureates',
  stats: '/fr/stats',
  map: '/fr/map',
};
/** The sign-in pages left the client too (their forms post to their actions); they keep the full Mantine styles. */
const PAGES_WITHOUT_CLIENT: Record<string, string> = {
  ...PUBLIC_PAGES,
  login: '/fr/login',
  signup: '/fr/signup',
};

/** A palmarès of the demo's laureates: its address holds an id the database chose. */
async function palmaresUrl(request: APIRequestContext): Promise<string> {
  const found = await request.get('/api/laureates');
  const { items } = (await found.json()) as { items: { laureateId: number }[] };
  return `/fr/laureates/${items[0]!.laureateId}`;
}

const clientDir = path.resolve('build/client');

async function manifest(): Promise<Manifest> {
  const build = (await import(path.resolve('build/server/index.js'))) as { assets: Manifest };
  return build.assets;
}

function scriptsOf(assets: Manifest, pageId: string): Set<string> {
  const files = new Set([assets.entry.module, ...assets.entry.imports]);
  for (
    let route = assets.routes[pageId];
    route;
    route = route.parentId ? assets.routes[route.parentId] : undefined
  ) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

/** The stylesheets linked in the page's head: the entry's and those of every route from the root to the page. */
function stylesheetsOf(assets: Manifest, pageId: string): Set<string> {
  // React Router marks some entries with a trailing `#` (to tell them apart in its link keys).
  const file = (href: string) => href.replace(/#$/, '');
  const files = new Set((assets.entry.css ?? []).map(file));
  for (
    let route = assets.routes[pageId];
    route;
    route = route.parentId ? assets.routes[route.parentId] : undefined
  )
    for (const href of route.css ?? []) files.add(file(href));
  return files;
}

/** Gzip KB of render-blocking CSS per public page: 35–37 KB before the public pages left out unused Mantine styles. */
const CSS_BUDGET_KB = 20;

const gzipKb = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(clientDir, file))).length, 0) /
  1024;

test.describe('JavaScript budget of the pages with the client', () => {
  for (const [pageId, budget] of Object.entries(CEILINGS_KB)) {
    test(`${pageId} loads at most ${budget} KB of gzip JavaScript`, async () => {
      const assets = await manifest();
      expect(assets.routes[pageId], `route ${pageId} in the build`).toBeDefined();
      const kb = gzipKb(scriptsOf(assets, pageId));
      test.info().annotations.push({ type: 'gzip KB', description: kb.toFixed(1) });
      expect(kb).toBeGreaterThan(50); // the manifest was read: React alone is more
      expect(kb).toBeLessThanOrEqual(budget);
    });
  }
});

test.describe('Script of the public pages without the client', () => {
  for (const [pageId, address] of Object.entries({ ...PAGES_WITHOUT_CLIENT, laureate: null })) {
    test(`${pageId} loads at most ${WITHOUT_CLIENT_KB} KB of gzip script`, async ({ page }) => {
      const url = address ?? (await palmaresUrl(page.request));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const scriptRequests = new Set<string>();
      let transferred = 0;
      cdp.on('Network.responseReceived', ({ requestId, type }) => {
        if (type === 'Script') scriptRequests.add(requestId);
      });
      cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
        if (scriptRequests.has(requestId)) transferred += encodedDataLength;
      });
      await page.goto(url, { waitUntil: 'load' });
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('script:not([src])')]
          .map((script) => script.textContent ?? '')
          .join(''),
      );
      const kb = (transferred + gzipSync(inline).length) / 1024;
      test.info().annotations.push({ type: 'gzip KB', description: kb.toFixed(1) });
      expect(scriptRequests.size, 'script files').toBe(0);
      expect(inline.length).toBeGreaterThan(0); // the starter and the speculation rules were read
      expect(kb).toBeLessThanOrEqual(WITHOUT_CLIENT_KB);
    });
  }
});

test.describe('CSS budget of the public pages', () => {
  for (const pageId of Object.keys(PUBLIC_PAGES)) {
    test(`${pageId} blocks its first paint on at most ${CSS_BUDGET_KB} KB of gzip CSS`, async () => {
      const assets = await manifest();
      const stylesheets = stylesheetsOf(assets, pageId);
      const kb = gzipKb(stylesheets);
      test.info().annotations.push({ type: 'gzip KB', description: kb.toFixed(1) });
      expect(stylesheets.size).toBeGreaterThan(0);
      expect([...stylesheets].some((file) => file.includes('mantine-all'))).toBe(false);
      expect(kb).toBeLessThanOrEqual(CSS_BUDGET_KB);
    });
  }
});

test.describe('Stylesheet requests of the public pages', () => {
  // Each stylesheet file costs a phone a round trip before the first paint: the small ones are written into the
  // page (app/lib/inline-stylesheets.server.ts) and the layout's one is sent as the build's best Brotli copy.
  for (const [pageId, address] of Object.entries(PUBLIC_PAGES)) {
    test(`${pageId} loads one stylesheet file, Brotli from the build`, async ({ page }) => {
      const stylesheets: { url: string; encoding: string | undefined; bytes: number }[] = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'stylesheet') return;
        const headers = await response.allHeaders();
        stylesheets.push({
          url: response.url(),
          encoding: headers['content-encoding'],
          bytes: Number(headers['content-length']),
        });
      });
      await page.goto(address, { waitUntil: 'load' });
      expect(stylesheets.map((sheet) => sheet.url)).toHaveLength(1);
      const [sheet] = stylesheets;
      expect(sheet?.encoding).toBe('br');
      const built = path.join(clientDir, `${new URL(sheet?.url ?? '').pathname}.br`);
      expect(sheet?.bytes).toBe(fs.statSync(built).size);
      expect(await page.locator('head style').count()).toBeGreaterThan(0);
    });
  }
});

test.describe('Document of the public pages', () => {
  // A new connection sends about 14.6 KB (ten segments) before its first acknowledgement: a page whose document,
  // headers included, fits paints a round trip earlier on a phone network (decision 0041). The theme's CSS
  // variables, the same on every page, come with the shared stylesheet (app/lib/theme-stylesheet.ts).
  const FIRST_ROUND_TRIP_BYTES = 14_600;
  for (const [pageId, address] of Object.entries(PUBLIC_PAGES)) {
    test(`${pageId} fits a new connection's first round trip`, async ({ page }) => {
      const response = await page.goto(address, { waitUntil: 'load' });
      const sizes = await response!.request().sizes();
      const bytes = sizes.responseHeadersSize + sizes.responseBodySize;
      test.info().annotations.push({ type: 'bytes', description: String(bytes) });
      expect(await response!.headerValue('content-encoding')).toBe('br');
      expect(bytes).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
      expect(await page.locator('style[data-mantine-styles="true"]').count()).toBe(0);
      expect(
        await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-club-filled'),
        ),
      ).not.toBe('');
    });
  }

  test("the tab's icon is written into the page: no request for it", async ({ page }) => {
    const icons: string[] = [];
    page.on('request', (request) => {
      if (/favicon/.test(request.url())) icons.push(request.url());
    });
    await page.goto(PUBLIC_PAGES.home!, { waitUntil: 'load' });
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    expect(icons).toEqual([]);
  });

  test("the ranking's small flags are written into it: no request for them", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/flags/')) requested.push(pathname);
    });
    await page.goto(PUBLIC_PAGES.laureates!, { waitUntil: 'load' });
    const sources = await page
      .getByTestId('laureates-table')
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
    expect(sources.filter((source) => source.startsWith('data:image/svg+xml,')).length).toBeGreaterThan(0);
    // Only the header's flag, and a large flag kept as a file, are asked for.
    const files = new Set([...sources.filter((source) => source.startsWith('/flags/')), '/flags/fr.svg']);
    for (const pathname of requested) expect(files).toContain(pathname);
  });
});
