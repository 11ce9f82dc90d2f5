/**
 * Every admin list fits its box, on a 360 px phone, a tablet and at 1280 px: measured on the rendered boxes, not
 * only looked at. No row reaches past the list's box (nothing to scroll sideways), no action lies out of sight,
 * and no text is cut short (a status badge clipped to "REF…", a reason clamped to two lines). The lists hold
 * long names, a long email address, a homologated ride and a ride rejected with a long reason; the list in progress
 * holds a row in every evidence state, with the electronic route card's line and its flags' words (issue 43).
 */
import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { today } from '../../domain/dates.ts';
import { accountPayload } from '../support/account-payload.ts';
import { type PhoneStamp, stampedDay } from '../support/stamps.ts';
import { PASSWORD } from '../support/users.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { paidRegistration } from './paid-registration.ts';

const LISTS = [
  'inscriptions/consent',
  'inscriptions/traitements',
  'inscriptions/email',
  'inscriptions/retrait',
  'inscriptions/traites',
  'homologations',
  'homologations/historique',
  'people',
];

/** A Bicinglé's whole day; `flagged` makes some stamps ask for a person to look (no position, a poor one). */
function bicingleStamps(flagged: boolean): PhoneStamp[] {
  const day = stampedDay('bicingle');
  if (!flagged) return day;
  day[2] = { ...day[2]!, lat: null, lon: null, accuracy_m: null };
  day[5] = { ...day[5]!, accuracy_m: 250 };
  return day;
}

async function longNamedCandidate(request: APIRequestContext, suffix: string, index: number) {
  const nom = `Delacroix-Montmirail-Saint-Éloi${suffix}${index}`;
  const email = `maximilien.alexandre.${suffix}${index}.tres-longue-adresse@example.org`;
  expect((await request.post('/api/signup', { data: accountPayload(email) })).status()).toBe(201);
  expect((await request.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  const { candidate } = await paidRegistration(
    request,
    { nom, prenom: 'Maximilien-Alexandre', email, epreuve: 'bicingle' },
    'postal',
    'fr',
  );
  return candidate;
}

/** What does not fit in the lists of the page, described so that a failure says where to look. */
async function misfits(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}[${(element.textContent ?? '').trim().slice(0, 40)}]`;
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    const tables = document.querySelectorAll('[data-testid="candidate-table"], [data-testid="admin-users"]');
    if (tables.length === 0) problems.push('no list on the page');
    for (const table of tables) {
      const frame = table.parentElement!.getBoundingClientRect();
      const rows = table.querySelectorAll('tbody > tr');
      for (const row of rows) {
        const box = row.getBoundingClientRect();
        if (box.left < frame.left - 1 || box.right > frame.right + 1)
          problems.push(
            `row ${describe(row)} spans ${box.left}–${box.right} in ${frame.left}–${frame.right}`,
          );
        for (const element of row.querySelectorAll('*')) {
          const rect = element.getBoundingClientRect();
          // Visually hidden texts (1 px boxes) are for screen readers; they are clipped on purpose.
          if (rect.width <= 1 || rect.height <= 1) continue;
          if (rect.right > frame.right + 1) problems.push(`${describe(element)} reaches past the list`);
          const style = getComputedStyle(element);
          const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
          if (clips && element.scrollWidth > element.clientWidth + 1)
            problems.push(`${describe(element)} is cut (${element.scrollWidth} > ${element.clientWidth})`);
          if (style.overflowY !== 'visible' && element.scrollHeight > element.clientHeight + 1)
            problems.push(`${describe(element)} is cut in height`);
        }
        for (const control of row.querySelectorAll('a, button')) {
          const rect = control.getBoundingClientRect();
          if (rect.left < 0 || rect.right > window.innerWidth)
            problems.push(`${describe(control)} is out of sight (${rect.left}–${rect.right})`);
        }
      }
    }
    return problems;
  });
}

test('every admin list fits its box at 360, 800 and 1280 px, nothing cut short', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const suffix = crypto.randomBytes(3).toString('hex');
  const riders = await playwright.request.newContext({ baseURL });
  const candidates = [];
  for (const index of [1, 2, 3, 4]) candidates.push(await longNamedCandidate(riders, suffix, index));
  await riders.dispose();
  // In progress, each evidence state: stamps complete (clean), stamps flagged, and flagged with a request open.
  // Each rider signed in on their own, to stamp once the kit is out.
  const stampers = await Promise.all([5, 6, 7].map(() => playwright.request.newContext({ baseURL })));
  const stamped = [];
  for (const [offset, stamper] of stampers.entries())
    stamped.push(await longNamedCandidate(stamper, suffix, 5 + offset));
  const [toPost, posted, homologated, rejected] = candidates as [
    (typeof candidates)[number],
    ...(typeof candidates)[number][],
  ];

  await signInAsStaff(page.request);
  const post = (url: string, data: object) => page.request.post(url, { data });
  expect(
    (
      await post('/api/admin/candidates/processed', { ids: [posted!.id, homologated!.id, rejected!.id] })
    ).status(),
  ).toBe(200);
  for (const card of [homologated!, rejected!])
    expect((await post('/api/admin/scan', { text: card.reference })).status()).toBe(200);
  expect(
    (
      await post(`/api/admin/candidates/${homologated!.id}/homologate`, {
        date_passage: today(),
        epreuve_realisee: 'bicingle',
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await post(`/api/admin/candidates/${rejected!.id}/reject`, {
        reason:
          "Il manque le tampon du sommet sur la montée depuis Sault, et celui de Malaucène est illisible : envoyez-nous une photo de la carte ou la trace GPS de la journée pour que nous puissions revoir l'homologation.",
      })
    ).status(),
  ).toBe(200);
  // One more card waiting, so the list in progress has a row of this test whatever the others left.
  expect((await post('/api/admin/candidates/processed', { ids: [toPost.id] })).status()).toBe(200);
  expect((await post('/api/admin/scan', { text: toPost.reference })).status()).toBe(200);
  expect(
    (await post('/api/admin/candidates/processed', { ids: stamped.map((card) => card.id) })).status(),
  ).toBe(200);
  for (const [index, card] of stamped.entries()) {
    const stamps = bicingleStamps(index > 0);
    const sent = await stampers[index]!.post(`/api/candidates/${card.id}/stamps`, { data: { stamps } });
    expect(sent.status(), await sent.text()).toBe(200);
    await stampers[index]!.dispose();
    expect((await post('/api/admin/scan', { text: card.reference })).status()).toBe(200);
  }
  const asked = await post(`/api/admin/candidates/${stamped[2]!.id}/evidence-requests`, {
    message:
      'Pouvez-vous nous envoyer une photo de la carte de route, recto et verso, avec les tampons lisibles ?',
  });
  expect(asked.status(), await asked.text()).toBe(201);

  for (const width of [360, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const list of LISTS) {
      await page.goto(`/fr/administration/${list}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await misfits(page), `${list} at ${width} px`).toEqual([]);
      const shot = testInfo.outputPath(`lists-${width}-${list.replaceAll('/', '-')}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`${list} at ${width} px`, { path: shot, contentType: 'image/png' });
    }
  }

  // The list in progress holds this test's rows in every evidence state, the stamps' line among them.
  await page.goto(`/fr/administration/homologations?q=Montmirail-Saint-%C3%89loi${suffix}`);
  const states = await page
    .getByTestId('evidence')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-state')).sort());
  expect(states).toEqual(['clean', 'flagged', 'missing', 'requested']);
  await expect(page.getByTestId('evidence-stamps')).toHaveCount(3);

  // The history says who rejected, with the reason in its own column.
  await page.goto(`/fr/administration/homologations/historique?q=${rejected!.reference}`);
  const row = page.getByTestId('candidate-row');
  await expect(row.getByTestId('rejected-by')).toHaveText(/^refusé par /);
  await expect(row.getByTestId('rejection-reason')).toContainText('Il manque le tampon du sommet');
});
