/**
 * The site on the mountain: the service worker keeps the public pages of the language being read and opens them
 * with no network (the home, the roads, every section of the rules, the map, "Check my ride"), shows its offline
 * page for anything else, keeps nothing personal, takes a ride shared from another app, and offers a new version
 * without breaking the page. The other journeys block the worker (playwright.config.ts); these allow it, one after
 * the other, as the last one swaps the worker's script for a new version.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { dataDir } from '../../playwright.config.ts';
import { offlinePaths } from '../../app/service-worker/offline-scope.ts';
import type { Locale } from '../../domain/locales.ts';
import { accountPayload } from '../support/account-payload.ts';
import { verifyEmailFromOutbox } from '../support/outbox.ts';
import { cingleRide } from '../support/rides.ts';
import { toGpx } from '../support/track-files.ts';
import { PASSWORD } from '../support/users.ts';
import { expect, pageReady, test } from './fixtures.ts';
import { paidRegistration } from './paid-registration.ts';

test.describe.configure({ mode: 'serial' });
test.use({
  serviceWorkers: 'allow',
  // The browser reports each request the network refused while offline.
  expectedErrors: [/net::ERR_INTERNET_DISCONNECTED/],
});

const ride = toGpx(cingleRide(undefined, { sampleS: 15 }).points);

function catalogue<T = { heading: string }>(lang: string, namespace: string): T {
  return JSON.parse(fs.readFileSync(`locales/${lang}/${namespace}.json`, 'utf8')) as T;
}

const heading = (lang: string, namespace: string) => catalogue(lang, namespace).heading;

/** Every address the worker holds, cache by cache (run in the page). */
async function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      contents[name] = requests.map((request) => {
        const url = new URL(request.url);
        return `${url.pathname}${url.search}`;
      });
    }
    return contents;
  });
}

/** Waits for the worker to control the page and to have kept the offline pages of a language. */
async function waitForOfflinePages(page: Page, lang: Locale) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(async () => {
      const kept = Object.entries(await cacheContents(page)).find(([name]) => name.startsWith('pages-'));
      return (kept?.[1] ?? []).filter((address) => address.startsWith(`/${lang}`)).sort();
    })
    .toEqual(offlinePaths(lang).sort());
}

async function signedInContext(context: BrowserContext, email: string, lang: string) {
  const signup = await context.request.post(`/api/signup?lang=${lang}`, { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  await verifyEmailFromOutbox(context.request, dataDir, email);
  const login = await context.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
}

for (const lang of ['fr', 'de'] as const) {
  test(`${lang}: with no network, the kept pages open and any other page says so`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`/${lang}/roads`);
    await waitForOfflinePages(page, lang);
    await context.setOffline(true);

    const h1 = page.getByRole('heading', { level: 1 });
    await page.goto(`/${lang}`);
    await expect(h1).toHaveText(heading(lang, 'home'));
    await page.goto(`/${lang}/roads`);
    await expect(h1).toHaveText(heading(lang, 'roads'));
    await expect(page.locator('[data-testid^="profile-"]').first()).toBeVisible();

    // The route card's instructions: the checks section of the rules, on screen from the first paint.
    await page.goto(`/${lang}/rules?tab=checks`);
    await expect(h1).toHaveText(heading(lang, 'rules'));
    const rules = catalogue<{ tabs: { checks: { tab: string } } }>(lang, 'rules');
    await expect(page.getByRole('link', { name: rules.tabs.checks.tab, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goto(`/${lang}/map`);
    await expect(h1).toHaveText(heading(lang, 'map'));
    await expect(page.getByTestId('day-map').getByTestId('map-town')).toHaveCount(3);

    await page.goto(`/${lang}/track-check`);
    await expect(h1).toHaveText(heading(lang, 'track'));

    // A navigation inside the page, to a page the worker keeps.
    await page.goto(`/${lang}/roads`);
    await pageReady(page);
    await page.getByTestId('roads-map').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/map$`));
    await expect(h1).toHaveText(heading(lang, 'map'));

    // A page it does not keep: the offline page, whose "Try again" returns there.
    const offline = catalogue(lang, 'offline');
    await page.goto(`/${lang}/laureates`);
    await expect(h1).toHaveText(offline.heading);
    await expect(page.getByTestId('offline-retry')).toHaveAttribute('href', `/${lang}/laureates`);
    await expect(page.getByTestId('offline-kept').getByRole('link')).toHaveCount(6);
    await page.screenshot({ path: `test-results/offline-${lang}-360.png`, fullPage: true });

    // The bare address opens the kept home of the language last read.
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/${lang}$`));
    await expect(h1).toHaveText(heading(lang, 'home'));

    await context.setOffline(false);
    await page.goto(`/${lang}/laureates`);
    await expect(h1).toHaveText(heading(lang, 'laureates'));
    await context.close();
  });
}

test('the offline page at desktop width', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/gb/map');
  await waitForOfflinePages(page, 'gb');
  await context.setOffline(true);
  await page.goto('/gb/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading('gb', 'offline'));
  await page.screenshot({ path: 'test-results/offline-gb-1280.png', fullPage: true });
  await context.close();
});

test('after a signed-in visit, the worker holds nothing personal, and signing out forgets a shared ride', async ({
  browser,
  baseURL,
}) => {
  const email = `offline-${Date.now()}@example.test`;
  const context = await browser.newContext({ baseURL });
  await signedInContext(context, email, 'gb');
  const { candidate } = await paidRegistration(context.request, { email }, 'postal', 'gb');
  const page = await context.newPage();
  await page.goto('/gb');
  await waitForOfflinePages(page, 'gb');
  for (const address of [
    '/gb/account',
    '/gb/account?tab=orders',
    `/gb/account/registrations/${candidate.id}`,
    '/gb/order',
    '/gb/track-check',
    '/gb/administration',
  ])
    await page.goto(address);
  await page.evaluate(async () => {
    await fetch('/api/me');
    await fetch('/api/orders');
  });

  const contents = await cacheContents(page);
  // Build files are the same for everyone (the route card's scripts and catalogues among them, issue 43).
  const addresses = Object.values(contents)
    .flat()
    .filter((address) => !address.startsWith('/assets/'));
  for (const address of addresses)
    expect(address).not.toMatch(/^\/(api|documents)\/|\/(account|order|payment|administration)/);
  // The kept copies are the anonymous ones: the signed-in rider's name and address are in none of them.
  const kept = await page.evaluate(async () => {
    const bodies: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('pages-')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) bodies.push(await (await cache.match(request))!.text());
    }
    return bodies;
  });
  expect(kept.length).toBe(offlinePaths('gb').length);
  for (const body of kept) expect(body).not.toContain(email);

  // A ride shared from another app and not yet checked is the worker's only personal file: signing out drops it.
  await page.evaluate(async () => {
    await (await caches.open('shared-ride')).put('/shared-ride/file', new Response('<gpx/>'));
  });
  await page.goto('/gb/account');
  await pageReady(page);
  await page.getByTestId('user-menu').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/gb$/);
  expect(await page.evaluate(() => caches.has('shared-ride'))).toBe(false);
  await context.close();
});

test('a ride shared from another app opens "Check my ride" with its verdict, ready to attach', async ({
  browser,
  baseURL,
}) => {
  const email = `share-${Date.now()}@example.test`;
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
  await signedInContext(context, email, 'gb');
  const { candidate } = await paidRegistration(context.request, { email }, 'postal', 'gb');
  const page = await context.newPage();
  await page.goto('/gb/track-check');
  await waitForOfflinePages(page, 'gb');
  const manifest = await (await page.request.get('/gb/manifest.webmanifest')).json();
  const target = manifest.share_target as { action: string; params: { files: { name: string }[] } };

  // What Android does when the rider shares a file with the installed app: a POST of the form to the target.
  await page.evaluate(
    ({ action, field, gpx }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = action;
      const input = document.createElement('input');
      input.type = 'file';
      input.name = field;
      const files = new DataTransfer();
      files.items.add(new File([gpx], 'Morning ride.gpx', { type: 'application/gpx+xml' }));
      input.files = files.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { action: target.action, field: target.params.files[0]!.name, gpx: ride },
  );
  await expect(page).toHaveURL(/\/gb\/track-check$/);
  await expect(page.getByTestId('verdict-cingle')).toContainText('Complete');
  expect(await page.evaluate(() => caches.has('shared-ride'))).toBe(false);

  await page.getByTestId('track-attach').click();
  await expect(page.getByText('The track is attached to the registration.')).toBeVisible();
  const stored = await context.request.get(`/api/candidates/${candidate.id}/track`);
  expect(stored.status()).toBe(200);
  await context.close();
});

test('a ride chosen with no network waits on the page and is checked when the network returns', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto('/fr/track-check');
  await waitForOfflinePages(page, 'fr');
  await context.setOffline(true);
  await page.goto('/fr/track-check');
  await pageReady(page);
  await page.getByTestId('track-file').setInputFiles({
    name: 'ventoux.gpx',
    mimeType: 'application/gpx+xml',
    buffer: Buffer.from(ride),
  });
  const waiting = page.getByTestId('track-offline');
  await expect(waiting).toContainText('ventoux.gpx');
  await page.getByTestId('track-offline-consent').click();
  await expect(waiting).toContainText('Gardez cette page ouverte');
  await page.screenshot({ path: 'test-results/offline-track-check-360.png', fullPage: true });
  await context.setOffline(false);
  await expect(page.getByTestId('verdict-cingle')).toContainText('Réussi');
  await expect(waiting).toHaveCount(0);
  await context.close();
});

test('a new version waits for the rider, who reloads onto it', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // The prompt lives on the pages with the client (decision 0041); the rules ship none.
  await page.goto('/gb/track-check');
  await waitForOfflinePages(page, 'gb');
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);

  // A deployment: the worker's script changes on the server.
  const script = path.join('build/client/sw.js');
  const original = fs.readFileSync(script, 'utf8');
  try {
    fs.writeFileSync(script, `${original}\n// next version\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('A new version of the site is ready.');
    await page.screenshot({ path: 'test-results/update-prompt-1280.png' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: 'test-results/update-prompt-360.png' });
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await pageReady(page);
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBeFalsy();
  } finally {
    fs.writeFileSync(script, original);
  }
  await context.close();
});
