/** A slow phone: the page's HTML arrives and shows while its scripts are still on their way. */
import type { Page } from '@playwright/test';

/** Holds the page's scripts back until the answer is called. */
export async function holdScripts(page: Page) {
  const held: (() => Promise<void>)[] = [];
  const pattern = /\/assets\/.*\.js$/;
  await page.route(pattern, (route) => {
    held.push(() => route.continue());
  });
  return async () => {
    await page.unroute(pattern);
    await Promise.all(held.map((release) => release().catch(() => undefined)));
  };
}
