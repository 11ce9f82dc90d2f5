/**
 * Shared fixtures: every journey fails on a browser console error or an uncaught page error, as a person
 * would notice something broken. A test that provokes an error on purpose lists it in `expectedErrors`, as ONE
 * pattern in the list (`[/status of (400|404)/]`): Playwright reads a two-item array whose second item is an object
 * as `[value, fixture options]`, so `[/400/, /404/]` would silently become the single pattern /400/.
 */
import { type Page, test as base, expect } from '@playwright/test';

export const test = base.extend<{ expectedErrors: RegExp[]; failOnConsoleErrors: void }>({
  expectedErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, expectedErrors }, use) => {
      const problems: string[] = [];
      const patterns: RegExp[] = [expectedErrors].flat();
      const expected = (text: string) => patterns.some((pattern) => pattern.test(text));
      page.on('console', (message) => {
        if (message.type() === 'error' && !expected(message.text()))
          problems.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems, 'the browser reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the page is ready for a visitor's clicks: hydrated by React, or rendered without the client (its
 * links, forms and popovers work from the first paint; app/lib/page-client.ts).
 */
export async function pageReady(page: Page) {
  await expect(page.locator('html[data-hydrated="true"], html[data-client="none"]')).toHaveCount(1);
}
