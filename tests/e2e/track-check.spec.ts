/**
 * "Check my ride": a rider drops a GPS file and reads the verdicts, the ascents, the map and the profiles; a
 * damaged file gets a clear message. In French and in English, at phone and desktop widths.
 */
import { cingleRide, withoutTimes } from '../support/rides.ts';
import { gzip, toFit, toGpx } from '../support/track-files.ts';
import { expect, test } from './fixtures.ts';

const ride = cingleRide(undefined, { sampleS: 15 }).points;

test('a rider checks a gzipped GPX in French and sees the cingle done', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/fr/rules?tab=homologation');
  await page.getByTestId('rules-track-check').click();
  await expect(page).toHaveURL(/\/fr\/track-check$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vérifier ma sortie' })).toBeVisible();

  await page.getByLabel('Déposez votre fichier ici ou cliquez pour le choisir').setInputFiles({
    name: 'ventoux.gpx.gz',
    mimeType: 'application/gzip',
    buffer: gzip(toGpx(ride)),
  });
  const report = page.getByTestId('track-report');
  await expect(report.getByTestId('verdict-cingle')).toContainText('Réussi');
  await expect(report.getByTestId('verdict-galerien')).toContainText('Incomplet');
  const rows = report.getByTestId('track-ascents').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Depuis Bédoin');
  await expect(rows.nth(2)).toContainText('Depuis Sault');
  await expect(report.getByTestId('track-line')).toBeVisible();
  await expect(report.locator('[data-testid^="profile-"]')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/track-check-360.png', fullPage: true });
});

test('a rider checks a FIT file and a planned route in English', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/gb/track-check');
  const input = page.getByLabel('Drop your file here or click to choose it');
  await input.setInputFiles({
    name: 'ride.fit',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(toFit(ride)),
  });
  await expect(page.getByTestId('verdict-cingle')).toContainText('Complete');
  await expect(page.getByTestId('track-ascents').locator('tbody tr')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/track-check-1280.png', fullPage: true });

  await input.setInputFiles({
    name: 'route.gpx',
    mimeType: 'application/gpx+xml',
    buffer: Buffer.from(toGpx(withoutTimes(ride))),
  });
  await expect(page.getByTestId('verdict-cingle')).toContainText('Needs review');
  await expect(page.getByTestId('track-problems')).toContainText('planned route, not a recorded ride');
});

test.describe('a damaged file', () => {
  test.use({ expectedErrors: [/status of 400/] });
  test('gets a clear message', async ({ page }) => {
    await page.goto('/gb/track-check');
    await page.getByLabel('Drop your file here or click to choose it').setInputFiles({
      name: 'broken.gpx',
      mimeType: 'application/gpx+xml',
      buffer: Buffer.from('<gpx><trk>'),
    });
    await expect(page.getByTestId('track-error')).toHaveText(
      'This file is not a readable GPX, TCX or FIT track.',
    );
  });
});
