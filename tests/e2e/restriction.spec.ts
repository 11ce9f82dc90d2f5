/**
 * Hiding one's results: a demo rider (known from the deterministic demo set) asks, the verification email
 * lands in the server's outbox, following its link confirms, and the rider is gone from the ranking.
 */
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from '../../playwright.config.ts';
import { demoLaureate } from '../../server/services/platform/demo-data.ts';
import { expect, pageReady, test } from './fixtures.ts';

/** Quoted-printable soft breaks and escapes undone: enough to find the link of an .eml file. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The verification link mailed to `email`, once the message is in the outbox. */
async function verificationLink(email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      for (const file of files) {
        const message = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
        if (!message.includes(`To: ${email}`)) continue;
        link = /https?:\/\/\S+public-display-restriction\?token=[\w-]+/.exec(message)?.[0];
      }
      return link;
    })
    .toBeTruthy();
  return link!;
}

test('a rider hides their results with the emailed link', async ({ page }) => {
  const rider = demoLaureate(1);
  const searchRider = `/fr/laureates?q=${encodeURIComponent(`${rider.nom} ${rider.prenom}`)}`;
  await page.goto(searchRider);
  const riderRows = page.getByTestId('laureate-row').filter({ hasText: rider.prenom });
  await expect(riderRows).toHaveCount(rider.rides.length);
  const palmares = await riderRows.first().locator('th[scope=row] a').getAttribute('href');

  await page.goto('/fr/public-display-restriction');
  await pageReady(page);
  await page.getByLabel('Adresse e-mail').fill(rider.email);
  await page.getByRole('button', { name: 'Envoyer le lien de vérification' }).click();
  await expect(page.getByTestId('restriction-pending')).toContainText('Vérification en cours');
  await expect(page.getByTestId('restriction-pending')).toContainText(rider.email);

  // Until the link is followed, nothing changes.
  await page.goto(searchRider);
  await expect(riderRows).toHaveCount(rider.rides.length);

  const link = await verificationLink(rider.email);
  expect(new URL(link).pathname).toBe('/fr/public-display-restriction');
  await page.goto(link);
  await expect(page.getByTestId('restriction-confirmed')).toContainText('Vos résultats sont masqués');

  await page.getByRole('link', { name: 'Voir le classement' }).click();
  await expect(page).toHaveURL(/\/fr\/laureates$/);
  await page.goto(searchRider);
  await expect(page.getByTestId('laureate-row').filter({ hasText: rider.prenom })).toHaveCount(0);
  expect((await page.request.get(palmares!)).status()).toBe(404);
});

test.describe('a link that does not work', () => {
  test.use({ expectedErrors: [/status of 400/] });

  test('says so and offers a new one', async ({ page }) => {
    await page.goto('/gb/public-display-restriction?token=not-a-real-token');
    await expect(page.getByTestId('restriction-failed')).toContainText('This link does not work');
    await page.getByRole('button', { name: 'Ask for a new link' }).click();
    await expect(page.getByTestId('restriction-form')).toBeVisible();
  });
});

test('the form refuses an address that is not one', async ({ page }) => {
  await page.goto('/de/public-display-restriction');
  await pageReady(page);
  await page.getByLabel('E-Mail-Adresse').fill('nicht-gültig');
  await page.getByRole('button', { name: 'Bestätigungslink senden' }).click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expect(page.getByTestId('restriction-pending')).toHaveCount(0);
});
