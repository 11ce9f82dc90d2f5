/**
 * Shared fixtures: every journey fails on a browser console error or an uncaught page error, as a person
 * would notice something broken. A test that provokes an error on purpose lists it in `expectedErrors`.
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ expectedErrors: RegExp[]; failOnConsoleErrors: void }>({
  expectedErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, expectedErrors }, use) => {
      const problems: string[] = [];
      const expected = (text: string) => expectedErrors.some((pattern) => pattern.test(text));
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
