/**
 * A laureate chooses how public tables name them, in two languages, on a phone: a demo rider makes an account
 * with the address their rides were recorded with, proves it, and picks initials on the account page; their
 * palmarès shows them so at once and a search by name no longer finds them; the name in full comes back as easily.
 */
import fs from 'node:fs';
import { dataDir } from '../../playwright.config.ts';
import { normalizeSearchText } from '../../domain/search.ts';
import { demoLaureate } from '../../server/services/platform/demo-data.ts';
import { accountPayload } from '../support/account-payload.ts';
import { verifyEmailFromOutbox } from '../support/outbox.ts';
import { PASSWORD } from '../support/users.ts';
import { expect, pageReady, test } from './fixtures.ts';
import { holdScripts } from './hold-scripts.ts';

function texts(lang: string) {
  return JSON.parse(fs.readFileSync(`locales/${lang}/restriction.json`, 'utf8')) as {
    name: { options: Record<string, string>; save: string; saved: string };
  };
}

for (const [lang, index] of [
  ['fr', 21],
  ['de', 22],
] as const) {
  test(`${lang}: a laureate shows initials in the public tables, then the name in full again`, async ({
    browser,
    baseURL,
  }) => {
    const { name } = texts(lang);
    const rider = demoLaureate(index);
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
    const signup = await context.request.post(`/api/signup?lang=${lang}`, {
      data: { ...accountPayload(rider.email), nom: rider.nom, prenom: rider.prenom },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    await verifyEmailFromOutbox(context.request, dataDir, rider.email);
    const login = await context.request.post('/api/login', {
      data: { email: rider.email, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    const page = await context.newPage();

    const search = `/${lang}/laureates?q=${encodeURIComponent(normalizeSearchText(`${rider.prenom} ${rider.nom}`))}`;
    await page.goto(search);
    const rows = page.getByTestId('laureate-row').filter({ hasText: rider.prenom });
    await expect(rows).toHaveCount(rider.rides.length);
    const palmares = (await rows.first().locator('th[scope=row] a').getAttribute('href'))!;

    await page.goto(`/${lang}/account?tab=homologations`);
    await pageReady(page);
    const choice = page.getByTestId('public-name-choice');
    await choice.getByRole('radio', { name: name.options.initials }).check();
    await choice.getByRole('button', { name: name.save }).click();
    await expect(choice.getByTestId('public-name-saved')).toHaveText(name.saved);

    const initials = `${[...rider.prenom][0]}.`;
    await page.goto(palmares);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(initials);
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText(rider.nom);
    await page.goto(search);
    await expect(page.getByTestId('laureate-row')).toHaveCount(0);

    // On a slow phone: the choice is tapped before the scripts arrive, and stays when they take over.
    const release = await holdScripts(page);
    // Not up to `load`, which may wait for the held scripts.
    await page.goto(`/${lang}/account?tab=homologations`, { waitUntil: 'commit' });
    await expect(choice.getByRole('radio', { name: name.options.initials })).toBeChecked();
    await choice.getByRole('radio', { name: name.options.full }).check();
    await release();
    await pageReady(page);
    await expect(choice.getByRole('radio', { name: name.options.full })).toBeChecked();
    await choice.getByRole('button', { name: name.save }).click();
    await expect(choice.getByTestId('public-name-saved')).toBeVisible();
    await page.goto(palmares);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(rider.nom);
    await context.close();
  });
}
