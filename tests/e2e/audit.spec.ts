/**
 * The audit log's page (issue 42): an administrator filters the log by a kind of act, reads who did it and on what,
 * and downloads the same as a CSV in their language. In French on a 360 px phone, in English on a wide screen.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { waitForHydration } from './hydration.ts';
import { signInAsStaff } from './staff.ts';

const VIEWPORTS = { fr: { width: 360, height: 780 }, gb: { width: 1280, height: 900 } } as const;

for (const lang of ['fr', 'gb'] as const) {
  test(`an administrator reads the audit log and downloads it (${lang})`, async ({ browser, baseURL }) => {
    const admin = JSON.parse(fs.readFileSync(`locales/${lang}/admin.json`, 'utf8'));
    const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[lang] });
    // The volunteer's own account was made by the command line: the log has its `user.create`, by the site.
    const volunteer = await signInAsStaff(context.request);
    const page = await context.newPage();
    await page.goto(`/${lang}/administration/audit`);
    await waitForHydration(page, 'admin-sidebar');
    await expect(page.getByRole('heading', { level: 1, name: admin.audit.title })).toBeVisible();

    const filters = page.getByTestId('audit-filters');
    await filters.getByRole('combobox', { name: admin.audit.action }).selectOption('user.create');
    await filters.getByRole('button', { name: admin.audit.apply }).click();
    await expect(page).toHaveURL(/action=user\.create/);
    const entries = page.getByTestId('audit-entry');
    await expect(entries.first()).toHaveAttribute('data-action', 'user.create');
    await expect(entries.first()).toContainText(admin.actions.user_create);
    await expect(entries.first()).toContainText(admin.audit.system);
    // Polled: the rows of the unfiltered list may still be on screen for a moment after the address changes.
    await expect
      .poll(() => entries.evaluateAll((rows) => rows.every((row) => row.dataset.action === 'user.create')))
      .toBe(true);
    await expect(page.getByTestId('audit-log')).toContainText(volunteer.email.split('@')[0]!.split('.')[1]!);

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-csv').click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace('\uFEFF', '');
    const header = csv.split('\n')[0]!;
    expect(header).toContain(admin.audit.csv.act);
    expect(header.includes(';')).toBe(lang === 'fr');
    expect(csv).toContain(admin.actions.user_create);
    await context.close();
  });
}
