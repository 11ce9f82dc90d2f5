/**
 * The club's settings page (issue 47): an administrator plans a price from a far day and reads it as the next
 * price, sets a notice and reads its preview, is told plainly (with what was typed kept) when someone else saved
 * meanwhile, and retires a pick-up point. Riders then see the notice on the home page (without scripts) and their
 * account page, the next price on the order form, and no longer the retired point; the administrator restores the
 * version they started from. In French on a 360 px phone, in English on a wide screen. The settings are the whole
 * site's, so this is a journey of the `last` project (no screenshot of another journey can meet the notice): the
 * price is planned in the far future, the notice ends tomorrow, the journeys run one after the other, and the
 * version read first is restored whatever happens.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { addDays, today } from '../../domain/dates.ts';
import { expect, test } from './fixtures.ts';
import { waitForHydration } from './hydration.ts';
import { signedInBuyer } from './signed-in-buyer.ts';
import { signInAsStaff } from './staff.ts';
import { candidatePayload } from '../support/orders.ts';

test.describe.configure({ mode: 'serial' });

const VIEWPORTS = { fr: { width: 360, height: 780 }, gb: { width: 1280, height: 900 } } as const;
const PLANNED = { fr: '2098-06-01', gb: '2099-06-01' } as const;
const NOTICE = {
  fr: 'Route du sommet fermée le matin pour une course.',
  gb: 'Summit road closed in the morning for a race.',
} as const;

async function versionOf(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/admin/settings');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { version: number }).version;
}

/** Another administrator's change, made between the page's reading and its post. */
async function changeMeanwhile(request: APIRequestContext) {
  const read = await request.get('/api/admin/settings');
  const { version, refund_fee_cents } = (await read.json()) as { version: number; refund_fee_cents: number };
  const response = await request.patch('/api/admin/settings', {
    headers: { 'if-match': `"${version}"` },
    data: { refund_fee_cents },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function planPrice(page: Page, labels: Record<string, string>, from: string) {
  const form = page.getByTestId('settings-form-price');
  await form.getByLabel(labels.amount!).fill('31,50');
  await form.getByLabel(labels.from!, { exact: true }).fill(from);
  await form.getByRole('button', { name: labels.submit }).click();
  await expect(page.getByTestId('settings-saved-price')).toBeVisible();
  const next = page.getByTestId('settings-price-next');
  await expect(next).toContainText('31');
  await expect(next).toContainText(from.slice(0, 4));
}

/** The notice as every page of the site's frame shows it: rendered by the server, announced politely. */
async function expectNotice(page: Page, lang: 'fr' | 'gb', kind: string) {
  const notice = page.getByTestId('club-notice');
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(notice).toContainText(NOTICE[lang]);
  await expect(notice).toContainText(kind);
}

/** What riders see once the administrator saved: the notice, the next price, and the retired point no more. */
async function seenByRiders(
  browser: Browser,
  baseURL: string,
  lang: 'fr' | 'gb',
  seen: { kind: string; retired: string; pickupLabel: string; pickupMode: string },
) {
  const visitor = await browser.newContext({ baseURL, viewport: VIEWPORTS[lang], javaScriptEnabled: false });
  const home = await visitor.newPage();
  await home.goto(`/${lang}/`);
  await expectNotice(home, lang, seen.kind);
  expect(await home.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS[lang].width,
  );
  await visitor.close();

  const rider = await signedInBuyer(browser, baseURL, lang);
  const page = await rider.newPage();
  await page.goto(`/${lang}/account`);
  await expectNotice(page, lang, seen.kind);
  const draft = await rider.request.put('/api/orders/draft', { data: { candidats: [candidatePayload()] } });
  expect(draft.status(), await draft.text()).toBe(204);
  await page.goto(`/${lang}/order`);
  await expect(page.getByTestId('order-next-price')).toContainText(PLANNED[lang].slice(0, 4));
  await page.goto(`/${lang}/shipping`);
  // Once the scripts run, the points show only with pick-up chosen, as a rider chooses it.
  await waitForHydration(page, 'shipping-form');
  await page.getByRole('radio', { name: seen.pickupMode, exact: true }).check();
  const points = page.getByRole('radiogroup', { name: seen.pickupLabel });
  await expect(points.getByRole('radio').first()).toBeAttached();
  await expect(points.getByRole('radio', { name: seen.retired, exact: true })).toHaveCount(0);
  await rider.close();
}

for (const lang of ['fr', 'gb'] as const) {
  test(`an administrator plans a price, sets a notice and restores the settings (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    test.slow(); // five saves, each answered by the whole page drawn again
    const { settings: texts } = JSON.parse(fs.readFileSync(`locales/${lang}/admin.json`, 'utf8'));
    const common = JSON.parse(fs.readFileSync(`locales/${lang}/common.json`, 'utf8'));
    const order = JSON.parse(fs.readFileSync(`locales/${lang}/order.json`, 'utf8'));
    const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[lang] });
    await signInAsStaff(context.request, ['admin']);
    const started = await versionOf(context.request);
    let restored = false;
    try {
      const page = await context.newPage();
      await page.goto(`/${lang}/administration/settings`);
      await waitForHydration(page, 'admin-sidebar');
      await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
      if (lang === 'gb')
        await expect(
          page.getByTestId('admin-sidebar').getByRole('link', { name: common.adminNav.settings }),
        ).toBeVisible();
      const before = await page.getByTestId('settings-price-next').textContent();

      await planPrice(page, texts.price, PLANNED[lang]);

      // The notice, posted after someone else saved: refused plainly, what was typed kept, then saved.
      const notice = page.getByTestId('settings-form-notice');
      await notice.getByLabel(texts.notice.kind).selectOption('road_closed');
      await notice.getByRole('textbox', { name: texts.notice.from, exact: true }).fill(today());
      await notice.getByLabel(texts.notice.to).fill(addDays(today(), 1));
      await notice.getByTestId('notice-fr').fill(NOTICE.fr);
      await notice.getByTestId('notice-gb').fill(NOTICE.gb);
      await changeMeanwhile(context.request);
      await notice.getByRole('button', { name: texts.notice.submit }).click();
      await expect(notice.getByRole('alert')).toHaveText(texts.stale);
      await expect(notice.getByTestId('notice-gb')).toHaveValue(NOTICE.gb);
      await notice.getByRole('button', { name: texts.notice.submit }).click();
      const preview = page.getByTestId('settings-notice-preview');
      await expect(preview).toContainText(NOTICE[lang]);
      await expect(preview).toContainText(common.notice.kinds.road_closed);

      // A pick-up point retired: no longer offered, never removed.
      const point = page.getByTestId('settings-point').first();
      const retired = (await point.getByTestId('settings-point-name').textContent()) ?? '';
      await point.getByRole('button', { name: texts.points.retire.replace('{{name}}', retired) }).click();
      await expect(page.getByTestId('settings-point').first()).toContainText(texts.points.retired);

      await seenByRiders(browser, baseURL!, lang, {
        kind: common.notice.kinds.road_closed,
        retired,
        pickupLabel: order.shipping.pickupPoint,
        pickupMode: order.deliveryModes.retrait,
      });

      const results = await new AxeBuilder({ page }).analyze();
      const found = results.violations.map((violation) => ({
        rule: violation.id,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
      expect(found).toEqual([]);
      // Nothing wider than the screen: a phone's page scrolls down only.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[lang].width,
      );

      // The version read first, given back: the planned price and the notice are gone.
      await page
        .getByTestId('settings-history')
        .getByRole('button', { name: texts.history.restore.replace('{{version}}', String(started)) })
        .click();
      await expect(page.getByTestId('settings-saved-restore')).toBeVisible();
      restored = true;
      await expect(page.getByTestId('settings-price-next')).toHaveText(before ?? '');
      await expect(page.getByTestId('settings-notice-preview')).toHaveCount(0);
    } finally {
      if (!restored) await context.request.post(`/api/admin/settings/versions/${started}/restore`);
      await context.close();
    }
  });
}

test('without scripts, a refused fee is said beside its field, a fee is saved, older versions are paged and one is restored (nl)', async ({
  browser,
  baseURL,
}) => {
  const { settings: texts } = JSON.parse(fs.readFileSync('locales/nl/admin.json', 'utf8'));
  const validation = JSON.parse(fs.readFileSync('locales/nl/validation.json', 'utf8'));
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.fr, javaScriptEnabled: false });
  await signInAsStaff(context.request, ['admin']);
  const started = await versionOf(context.request);
  try {
    // More versions than one page of the history holds (20): saved without changing any value.
    for (let saved = 0; saved < 21; saved += 1) await changeMeanwhile(context.request);
    const page = await context.newPage();
    await page.goto('/nl/administration/settings');
    const fee = page.getByTestId('settings-form-fee');
    const amount = fee.getByLabel(texts.fee.amount);
    await amount.fill('-5');
    await fee.getByRole('button', { name: texts.save }).click();
    await expect(page.getByText(validation.settings_fee)).toBeVisible();
    await expect(page.getByTestId('settings-form-fee').getByLabel(texts.fee.amount)).toHaveValue('-5');
    await expect(page.getByTestId('settings-form-fee').getByLabel(texts.fee.amount)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.getByTestId('settings-form-fee').getByLabel(texts.fee.amount).fill('7,50');
    await page.getByTestId('settings-form-fee').getByRole('button', { name: texts.save }).click();
    await expect(page.getByTestId('settings-saved-fee')).toBeVisible();
    await expect(page.getByTestId('settings-form-fee').getByLabel(texts.fee.amount)).toHaveValue('7,50');

    // The history: the newest 20, then the older ones by a plain link, and back.
    const history = page.getByTestId('settings-history');
    await expect(history.getByTestId('settings-version')).toHaveCount(20);
    await page.getByTestId('settings-history-older').click();
    await expect(page).toHaveURL(/versions_before=/);
    await expect(history.getByTestId('settings-version').first()).not.toContainText(texts.history.current);
    const oldest = history.getByTestId('settings-version').filter({
      hasText: texts.history.version.replace('{{version}}', String(started)),
    });
    await oldest
      .getByRole('button', { name: texts.history.restore.replace('{{version}}', String(started)) })
      .click();
    await expect(page.getByTestId('settings-saved-restore')).toBeVisible();
    await page.getByTestId('settings-history-newest').click();
    await expect(page.getByTestId('settings-form-fee').getByLabel(texts.fee.amount)).not.toHaveValue('7,50');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.fr.width,
    );
  } finally {
    await context.request.post(`/api/admin/settings/versions/${started}/restore`);
    await context.close();
  }
});
