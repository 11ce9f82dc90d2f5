/**
 * The site as an app to install: each language's pages link to that language's manifest, and Chrome finds nothing
 * missing for installing it (the DevTools protocol's installability check).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures.ts';

for (const lang of ['fr', 'de']) {
  test(`${lang}: the pages link to a manifest that starts the app in their language`, async ({ page }) => {
    await page.goto(`/${lang}`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe(`/${lang}/manifest.webmanifest`);
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({ start_url: `/${lang}`, display: 'standalone', theme_color: '#ed1c24' });
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const response = await page.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toContain(icon.type);
    }
  });
}

/**
 * Chrome never offers to install from a private window, and the tests' contexts are private: this one opens a
 * profile of its own, as a person's browser is.
 */
test('Chrome finds nothing missing to install the site', async ({ baseURL }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    baseURL,
  });
  try {
    for (const lang of ['fr', 'de']) {
      const page = await context.newPage();
      await page.goto(`/${lang}`);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
      await page.close();
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('an unknown language has no manifest', async ({ page }) => {
  expect((await page.request.get('/xx/manifest.webmanifest')).status()).toBe(404);
});
