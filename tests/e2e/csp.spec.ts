/**
 * The CSP holds without exceptions: no page makes the browser report a Content Security Policy issue (an inline
 * script without its nonce or hash, an `eval`, even a probe that fails quietly such as Zod's). Chrome's own issue
 * list is read through the DevTools protocol, as Lighthouse's best-practices audit reads it.
 */
import { expect, pageReady, test } from './fixtures.ts';
import { waitForHydration } from './hydration.ts';

const PAGES = [
  '/fr',
  '/fr/roads',
  '/fr/rules',
  '/fr/club',
  '/fr/privacy',
  '/fr/laureates',
  '/fr/stats',
  '/fr/signup',
  '/gb/track-check',
];

test('no page makes the browser report a CSP issue', async ({ page }) => {
  test.slow(); // eleven pages loaded one after the other
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue')
      issues.push(`${page.url()}: ${JSON.stringify(issue.details)}`);
  });
  await cdp.send('Audits.enable');
  for (const path of PAGES) {
    await page.goto(path);
    await pageReady(page);
  }
  // A filtered ranking, and a form that builds and runs its Zod schemas in the browser (the sign-up page has no
  // client since decision 0041: the forgotten password's page has).
  await page.goto('/fr/laureates?epreuve=cingle');
  await pageReady(page);
  await page.goto('/gb/login/forgot-password');
  await waitForHydration(page, 'forgot-form');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('forgot-form').locator('#field-email-error')).toHaveText(
    'Enter a valid email address.',
  );
  // Issues are reported asynchronously: a round trip through the protocol lets the last ones arrive.
  await cdp.send('Runtime.evaluate', { expression: '1' });
  expect(issues).toEqual([]);
});
