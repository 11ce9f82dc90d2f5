/**
 * Deleting one's account from the account page, in French: the dialog says what goes and what stays, a wrong
 * password is refused, the right one deletes the account and signs out; the address no longer signs in. At phone
 * and desktop widths, with screenshots of the dialog.
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { accountPayload } from '../support/account-payload.ts';
import { expect, test } from './fixtures.ts';
import { waitForHydration } from './hydration.ts';

test.describe('deleting the account', () => {
  // The wrong password answers 400, which the browser reports in its console.
  test.use({ expectedErrors: [/status of 400/] });
  test.beforeEach(async ({ context, baseURL }) => {
    // The cookie notice floats over the bottom of the page; the journey is not about it.
    await context.addCookies([{ name: 'dismissed', value: 'cookies.medals.new-account', url: baseURL! }]);
  });

  for (const width of [360, 1280]) {
    test(`a member deletes the account after a wrong password, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const email = `adieu.${crypto.randomBytes(4).toString('hex')}@example.org`;
      const { password } = accountPayload(email);
      expect((await page.request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
      expect((await page.request.post('/api/login', { data: { email, password } })).status()).toBe(200);

      await page.goto('/fr/account');
      await waitForHydration(page, 'delete-account-open');
      const section = page.getByTestId('delete-account');
      await expect(section.getByRole('heading', { name: 'Supprimer mon compte' })).toBeVisible();
      await section.getByRole('button', { name: 'Supprimer mon compte…' }).click();

      const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
      await expect(dialog).toContainText('Les commandes payées sont conservées');
      const field = dialog.getByLabel('Mot de passe actuel');
      await expect(field).toBeFocused();
      await field.fill('Mauvais1910');
      await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
      await expect(dialog).toContainText('Vérifiez le mot de passe actuel et réessayez.');
      await page.screenshot({ path: `test-results/account-deletion-${width}.png` });
      const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      expect(
        axe.violations.map((violation) => ({
          rule: violation.id,
          targets: violation.nodes.map((node) => node.target),
        })),
      ).toEqual([]);

      await field.fill(password);
      await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
      await expect(page).toHaveURL(/\/fr$/);
      expect((await page.request.get('/api/me')).status()).toBe(401);
      const login = await page.request.post('/api/login', { data: { email, password } });
      expect(login.status()).toBe(401);
    });
  }
});
