/**
 * Draws the web app's PNG icons (public/icons/) from their SVG sources with the browser the tests use, so the icons
 * stay the club's logo, and public/favicon.ico (16, 32 and 48 px PNGs in one ICO file) for what asks
 * `/favicon.ico` without reading the page (feed readers, bookmarks, older browsers): run
 * `node scripts/render-icons.ts` after changing public/favicon.svg or public/icons/maskable.svg, and commit them.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const ICONS = [
  { source: 'public/favicon.svg', target: 'public/icons/icon-192.png', size: 192 },
  { source: 'public/favicon.svg', target: 'public/icons/icon-512.png', size: 512 },
  // Full-bleed red with the mountain inside the safe zone, for launchers that crop icons to their own shape.
  { source: 'public/icons/maskable.svg', target: 'public/icons/maskable-512.png', size: 512 },
];

const FAVICON_SIZES = [16, 32, 48];

/** An ICO file holding PNG images (PNG inside ICO, read by every current browser). */
function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
const page = await browser.newPage();
async function render(source: string, size: number): Promise<Buffer> {
  const svg = fs.readFileSync(source, 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  return page.screenshot({ omitBackground: true });
}
for (const icon of ICONS) {
  fs.writeFileSync(icon.target, await render(icon.source, icon.size));
  console.log(`${icon.target} (${icon.size}×${icon.size})`);
}
const favicons = [];
for (const size of FAVICON_SIZES) favicons.push({ size, png: await render('public/favicon.svg', size) });
fs.writeFileSync('public/favicon.ico', icoOf(favicons));
console.log(`public/favicon.ico (${FAVICON_SIZES.join(', ')})`);
await browser.close();
