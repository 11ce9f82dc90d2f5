/**
 * A copy of one's data, in two languages: the privacy page lists each kind of data with why and how long (the
 * periods from the settings) and leads to the account page, whose "Download my data" form downloads the ZIP; the
 * README inside speaks the account's language. The English member downloads without JavaScript (a plain GET form).
 * Screenshots of both pages at phone and desktop widths.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { accountPayload } from '../support/account-payload.ts';
import { readZip } from '../support/zip.ts';
import { expect, test } from './fixtures.ts';

function texts(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  return { privacy: read('privacy'), account: read('account') };
}

for (const { lang, scripts, width } of [
  { lang: 'fr', scripts: true, width: 360 },
  { lang: 'gb', scripts: false, width: 1280 },
]) {
  test(`a member reads what is kept and downloads a copy of their data (${lang}, ${scripts ? 'with' : 'without'} scripts, ${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const { privacy, account } = texts(lang);
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: scripts,
      viewport: { width, height: 900 },
    });
    // The cookie notice floats over the bottom of the page; the journey is not about it.
    await context.addCookies([{ name: 'dismissed', value: 'cookies.medals.new-account', url: baseURL! }]);
    const page = await context.newPage();
    const email = `copie.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const { password } = accountPayload(email);
    expect(
      (await page.request.post(`/api/signup?lang=${lang}`, { data: accountPayload(email) })).status(),
    ).toBe(201);
    expect((await page.request.post('/api/login', { data: { email, password } })).status()).toBe(200);

    await page.goto(`/${lang}/privacy`);
    const orders = page.getByTestId('data-kind-orders');
    await expect(orders.getByRole('heading', { level: 3 })).toHaveText(privacy.data.kinds.orders.name);
    // The period the club set (30 days by default), written in the page's language.
    await expect(orders).toContainText(
      privacy.data.kinds.orders.keep.replace(
        '{{period}}',
        privacy.data.periods.day_other.replace('{{count}}', '30'),
      ),
    );
    await expect(page.getByTestId('data-kind-audit')).toContainText(
      privacy.data.kinds.audit.keep.replace(
        '{{period}}',
        privacy.data.periods.year_other.replace('{{count}}', '5'),
      ),
    );
    await page.screenshot({ path: `test-results/data-copy-privacy-${lang}-${width}.png`, fullPage: true });
    await page.getByRole('link', { name: privacy.sections.copy.link }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/account#my-data$`));

    const section = page.getByTestId('data-copy');
    await expect(section.getByRole('heading', { name: account.data.heading })).toBeVisible();
    await section.screenshot({ path: `test-results/data-copy-account-${lang}-${width}.png` });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: account.data.submit }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cingles-ventoux-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = readZip(fs.readFileSync(await download.path()));
    expect(zip.json('account.json').records).toEqual([expect.objectContaining({ email, locale: lang })]);
    const readme = zip.text('README.txt')!;
    expect(readme).toContain(privacy.data.readme.title);
    expect(readme).toContain(`- orders.json: ${privacy.data.kinds.orders.name}.`);
    // The page stays where it was: the browser only downloaded.
    await expect(page).toHaveURL(new RegExp(`/${lang}/account`));
    await context.close();
  });
}
