/**
 * Every admin page on a 360 px phone: nothing makes the document wider than the screen (wide tables scroll inside
 * their own box), and the header keeps the language switcher and the account menu (with sign-out) on screen.
 * Screenshots of each page are attached to the test's results, to look at.
 */
import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, pageReady, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { paidRegistration } from './paid-registration.ts';

const PASSWORD = 'Ventoux1910';

/** A rider with a paid registration whose kit is posted, so that the lists and a candidate's file have content. */
async function paidCandidate(request: APIRequestContext): Promise<number> {
  const nom = `Telephone${crypto.randomBytes(3).toString('hex')}`;
  const email = `${nom.toLowerCase()}@example.org`;
  const person = {
    nom,
    prenom: 'Maximilien-Alexandre',
    adresse: '1234 chemin des Très Longues Vignes du Mont-Ventoux',
    complement: '',
    ville: 'Malaucène',
    pays: 'fr',
  };
  const signup = await request.post('/api/signup', {
    data: {
      ...person,
      civilite: 'm',
      cp: '84340',
      date_naissance: '1980-06-21',
      tel: '06 11 22 33 44',
      nationalite: 'fr',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  expect((await request.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  const { candidate } = await paidRegistration(request, {
    ...person,
    code_postal: '84340',
    epreuve: 'bicingle',
    email,
    date_naissance: '1980-06-21',
  });
  return candidate.id;
}

async function documentWidth(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    // What sticks out, to say where to look when it fails.
    wider: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      // Inside a scrolling box is fine, unless it is positioned against something outside that box.
      .filter((element) => {
        const box = element.closest('[role="region"]');
        if (!box) return true;
        return element instanceof HTMLElement && !box.contains(element.offsetParent);
      })
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120)),
  }));
}

test('every admin page fits a 360 px phone, header included', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const rider = await playwright.request.newContext({ baseURL });
  const candidateId = await paidCandidate(rider);
  await rider.dispose();

  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsStaff(page.request);
  const { order } = (await (await page.request.get(`/api/admin/candidates/${candidateId}`)).json()) as {
    order: { id: number };
  };
  const paths = [
    'dashboard',
    'inscriptions/traitements',
    'inscriptions/email',
    'inscriptions/retrait',
    'inscriptions/traites',
    'homologations/scan',
    'homologations',
    'homologations/historique',
    'people',
    `candidates/${candidateId}`,
    'cancellation-requests',
    `orders/${order.id}/refunds`,
  ];
  for (const path of paths) {
    await page.goto(`/gb/administration/${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { scrollWidth, viewport, wider } = await documentWidth(page);
    expect(scrollWidth, `${path}: ${wider.join(', ')}`).toBeLessThanOrEqual(viewport);
    await expect(page.getByTestId('language-switcher'), path).toBeInViewport();
    await expect(page.getByTestId('user-menu'), path).toBeInViewport();
    const screenshot = testInfo.outputPath(`admin-360-${path.replaceAll('/', '-')}.png`);
    await page.screenshot({ path: screenshot, fullPage: true });
    await testInfo.attach(path, { path: screenshot, contentType: 'image/png' });
  }

  // Sign-out is reachable from the header's account menu.
  await pageReady(page);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
});
