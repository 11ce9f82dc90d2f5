/**
 * Draws the web app's PNG icons (public/icons/) from their SVG sources with the browser the tests use, so the icons
 * stay the club's logo: run `node scripts/render-icons.ts` after changing public/favicon.svg or
 * public/icons/maskable.svg, and commit the PNGs.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const ICONS = [
  { source: 'public/favicon.svg', target: 'public/icons/icon-192.png', size: 192 },
  { source: 'public/favicon.svg', target: 'public/icons/icon-512.png', size: 512 },
  // Full-bleed red with the mountain inside the safe zone, for launchers that crop icons to their own shape.
  { source: 'public/icons/maskable.svg', target: 'public/icons/maskable-512.png', size: 512 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
const page = await browser.newPage();
for (const icon of ICONS) {
  const svg = fs.readFileSync(icon.source, 'utf8');
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.size}px;height:${icon.size}px}</style>${svg}`,
  );
  await page.screenshot({ path: icon.target, omitBackground: true });
  console.log(`${icon.target} (${icon.size}×${icon.size})`);
}
await browser.close();
