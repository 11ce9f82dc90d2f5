/**
 * The map of the day, in two languages, on a phone: the four roads, the three towns and the summit where the route
 * card is stamped, the numbered landmarks; the rider's position shown only on the button, and a refusal said
 * plainly. Reached from the roads and the rules.
 */
import fs from 'node:fs';
import { expect, test } from './fixtures.ts';

function texts(lang: string) {
  return JSON.parse(fs.readFileSync(`locales/${lang}/map.json`, 'utf8')) as {
    heading: string;
    position: { privacy: string; onMap: string; denied: string };
  };
}

for (const lang of ['fr', 'gb']) {
  test(`${lang}: the map shows the roads and the stamps, and where the rider is`, async ({
    browser,
    baseURL,
  }) => {
    const { heading, position } = texts(lang);
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 800 },
      permissions: ['geolocation'],
      // At Chalet Reynard.
      geolocation: { latitude: 44.152, longitude: 5.319 },
    });
    const page = await context.newPage();
    await page.goto(`/${lang}/roads`);
    await page.getByTestId('roads-map').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/map$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const map = page.getByTestId('day-map');
    for (const road of ['bedoin', 'malaucene', 'sault', 'forest']) {
      await expect(map.getByTestId(`map-road-${road}`)).toHaveCount(1);
    }
    await expect(map.getByTestId('map-town')).toHaveCount(3);
    await expect(map.getByTestId('map-town')).toContainText(['Bédoin', 'Malaucène', 'Sault']);
    await expect(map.getByTestId('map-summit')).toContainText('1');
    await expect(map.getByTestId('map-landmark')).toHaveCount(8);
    await expect(page.getByTestId('map-landmarks').getByRole('listitem')).toHaveCount(8);
    // Nothing is asked before the button.
    await expect(map.getByTestId('map-position')).toHaveCount(0);
    await expect(page.getByTestId('position-status')).toHaveText(position.privacy);

    // The page has no client: the button is an island the server inlined, which shows it.
    await expect(page.locator('html[data-client="none"]')).toHaveCount(1);
    await page.getByTestId('locate-me').click();
    await expect(map.getByTestId('map-position')).toBeVisible();
    await expect(page.getByTestId('position-status')).toContainText(position.onMap.split('{{')[0]!);
    // Chalet Reynard is 4 km from the summit as the crow flies.
    await expect(page.getByTestId('position-status')).toContainText('4 km');
    await context.close();
  });
}

test('a refused location is said plainly, and the rules lead to the map', async ({ browser, baseURL }) => {
  const { position } = texts('gb');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/gb/rules?tab=checks');
  await page.getByTestId('rules-map').click();
  await expect(page).toHaveURL(/\/gb\/map$/);
  await page.getByTestId('locate-me').click();
  await expect(page.getByTestId('position-status')).toHaveText(position.denied);
  await expect(page.getByTestId('map-position')).toHaveCount(0);
  await context.close();
});

test('without JavaScript the map is whole, and the button that could do nothing is not shown', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/gb/map');
  await expect(page.getByTestId('day-map').getByTestId('map-town')).toHaveCount(3);
  await expect(page.getByTestId('map-landmarks').getByRole('listitem')).toHaveCount(8);
  await expect(page.getByTestId('locate-me')).toBeHidden();
  await context.close();
});
