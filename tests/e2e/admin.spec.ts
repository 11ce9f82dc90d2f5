/**
 * The volunteers' workflow through the browser: a rider registers and pays (through the API, as the ordering
 * journeys test the forms), an administrator signs in, processes the kit, scans the returned route card (typing its
 * reference), homologates the ride, and the rider's account then shows the homologation with its number. Also the
 * admin sidebar as a drawer on a tablet, and a plain user kept out of the admin area.
 *
 * Each journey's volunteer is a person of their own with an authenticator app (tests/e2e/staff.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import QRCode from 'qrcode';
import { addDays, today } from '../../domain/dates.ts';
import { dataDir } from '../../playwright.config.ts';
import { verifyEmailFromOutbox } from '../support/outbox.ts';
import { expect, test } from './fixtures.ts';
import { enterCode, signInAsStaff } from './staff.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';

const PASSWORD = 'Ventoux1910';

const suffix = () => crypto.randomBytes(4).toString('hex');

function accountPayload(email: string, nom: string) {
  return {
    civilite: 'm',
    nom,
    prenom: 'Paul',
    date_naissance: '1980-06-21',
    tel: '06 11 22 33 44',
    adresse: '3 place du Marché',
    complement: '',
    cp: '84340',
    ville: 'Malaucène',
    pays: 'fr',
    nationalite: 'fr',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  };
}

async function createUser(request: APIRequestContext, email: string, nom: string) {
  const signup = await request.post('/api/signup', { data: accountPayload(email, nom) });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
}

/**
 * A video file Chromium can play as a fake camera (YUV4MPEG2, grey levels only): a route card's QR code holding
 * `text`, black on white, in the middle of a 640x480 picture.
 */
function writeQrVideo(file: string, text: string) {
  const [width, height, scale, quietZone] = [640, 480, 8, 4];
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * quietZone) * scale;
  const [left, top] = [(width - side) / 2, (height - side) / 2];
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < scale; y += 1) {
        const offset = (top + (row + quietZone) * scale + y) * width + left + (column + quietZone) * scale;
        luma.fill(0, offset, offset + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

test.describe('the admin area', () => {
  // The scan of a text that is no reference (400) and of an unknown reference (404), posted to the scan page's action
  // on purpose: the browser reports both answers in its console.
  test.use({ expectedErrors: [/status of (400|404)/] });

  test('an admin processes a paid registration, scans the card, homologates, and the rider sees the number', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const nom = `Ventoux${suffix()}`;
    const riderEmail = `paul.${suffix()}@example.org`;
    const rider = await browser.newContext({ baseURL });
    await createUser(rider.request, riderEmail, nom);
    // Homologations are shown to the proven owner of the address only.
    await verifyEmailFromOutbox(rider.request, dataDir, riderEmail);
    const { reference: candidateReference, id: candidateId } = (
      await paidRegistration(rider.request, { nom, email: riderEmail })
    ).candidate;

    // The administrator signs in through the form, with the code of their app, and lands on the dashboard.
    const setUp = await browser.newContext({ baseURL });
    const volunteer = await signInAsStaff(setUp.request);
    await setUp.close();
    await page.goto(`/gb/login?redirectTo=${encodeURIComponent('/gb/administration')}`);
    await waitForHydration(page, 'login-form');
    const loginForm = page.getByTestId('login-form');
    await loginForm.getByRole('textbox', { name: 'Email address' }).fill(volunteer.email);
    await loginForm.getByRole('textbox', { name: 'Password', exact: true }).fill(volunteer.password);
    await loginForm.getByRole('button', { name: 'Sign in' }).click();
    await enterCode(page, volunteer, { code: 'Code', submit: 'Verify' });
    await expect(page).toHaveURL(/\/gb\/administration\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const toPost = page.getByRole('link', { name: /To post/ });
    await expect(toPost).toBeVisible();

    // The kit is to be posted: find the candidate in that list, print the documents, mark the kit posted.
    await toPost.click();
    await expect(page).toHaveURL(/\/gb\/administration\/inscriptions\/traitements$/);
    await expect(page.getByRole('heading', { level: 1, name: 'To process by post' })).toBeVisible();
    await waitForHydration(page, 'list-filters');
    await page.getByRole('searchbox', { name: 'Search' }).fill(nom);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${nom}$`));
    const row = page.getByTestId('candidate-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-reference', candidateReference);
    await expect(page.getByRole('columnheader', { name: /Registered/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByTestId('csv-export')).toHaveAttribute(
      'href',
      `/api/admin/candidates.csv?list=traitements&sort=created_at&order=asc&q=${nom}&lang=gb`,
    );

    await page.getByRole('checkbox', { name: `Select Paul ${nom}` }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('1 candidate selected');
    await page.getByRole('button', { name: 'Print the documents' }).click();
    const printDialog = page.getByRole('dialog', { name: 'Route cards and frame plates' });
    await expect(printDialog.getByText('The PDF is ready.')).toBeVisible({ timeout: 20_000 });
    const download = printDialog.getByRole('link', { name: 'Download the PDF' });
    const pdf = await page.request.get((await download.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await printDialog.getByRole('button', { name: 'Close' }).click();
    await expect(printDialog).toBeHidden();

    await page.getByRole('button', { name: 'Mark as posted' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark as posted?' });
    await confirm.getByRole('button', { name: 'Mark as posted' }).click();
    await expect(page.getByTestId('batch-outcome')).toHaveText('1 kit marked as posted.');
    await expect(page.getByTestId('table-empty')).toBeVisible();

    // The processed list has it now.
    await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Processed' }).click();
    await expect(page).toHaveURL(/\/gb\/administration\/inscriptions\/traites$/);
    // The address changes before the new list is drawn: typed earlier, the search would go to the list left behind.
    await expect(page.getByRole('heading', { level: 1, name: 'Processed' })).toBeVisible();
    await waitForHydration(page, 'list-filters');
    await page.getByRole('searchbox', { name: 'Search' }).fill(candidateReference);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`/traites\\?q=${candidateReference}$`));
    await expect(page.getByTestId('candidate-row')).toHaveCount(1);
    await expect(page.getByTestId('candidate-row').getByTestId('candidate-status')).toHaveText('Processed');

    // The route card comes back: a wrong text is refused, then its reference is typed on the scan page.
    await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Scan a route card' }).click();
    await expect(page).toHaveURL(/\/gb\/administration\/homologations\/scan$/);
    await waitForHydration(page, 'scan-form');
    const scanField = page.getByRole('textbox', { name: 'Reference or code of the route card' });
    await expect(scanField).toBeFocused();
    await scanField.fill('not a reference');
    await page.getByRole('button', { name: 'Find the route card' }).click();
    await expect(page.getByTestId('scan-error')).toHaveText('Text not valid');
    await scanField.fill('99999999-99');
    await page.getByRole('button', { name: 'Find the route card' }).click();
    await expect(page.getByTestId('scan-error')).toHaveText(
      'Unknown reference: no candidate matches “99999999-99”.',
    );
    await scanField.fill(candidateReference);
    await page.getByRole('button', { name: 'Find the route card' }).click();
    // The scan page says which card was taken in and waits for the next one.
    await expect(page.getByTestId('scan-taken-card')).toContainText(candidateReference);
    await expect(scanField).toBeFocused();

    // The candidate's page, opened on its own (not from the scan), keeps the card after the decision.
    await page.goto(`/gb/administration/candidates/${candidateId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Paul ${nom}` })).toBeVisible();
    await expect(page.getByTestId('candidate-status')).toHaveText('Card received');
    await waitForHydration(page, 'homologation-form');
    const form = page.getByTestId('homologation-form');
    await expect(form.getByRole('radio', { name: 'Cinglé (registered)' })).toBeChecked();
    await form.getByLabel('Date of the ride').fill(addDays(today(), 1));
    await form.getByRole('button', { name: 'Homologate' }).click();
    await expect(form.getByText('The date of the ride cannot be in the future.')).toBeVisible();
    await expect(form.getByLabel('Date of the ride')).toBeFocused();
    await form.getByLabel('Date of the ride').fill(today());
    await form.getByLabel('Comment').fill('Six stamps, all on the same day.');
    await form.getByRole('button', { name: 'Homologate' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm the homologation' })
      .getByRole('button', { name: 'Confirm and give the number' })
      .click();

    const outcome = page.getByTestId('judgement-outcome');
    await expect(outcome).toHaveText(/^Homologated: Cinglé no\. \d+\.$/);
    await expect(outcome).toBeFocused();
    const numero = /no\. (\d+)/.exec((await outcome.textContent()) ?? '')?.[1];
    expect(numero).toBeTruthy();
    await expect(page.getByTestId('candidate-status')).toHaveText('Homologated');
    const record = page.getByTestId('homologation-record');
    await expect(record.getByTestId('homologation-number')).toHaveText(`Cinglé no. ${numero}`);
    await expect(page.getByTestId('candidate-history')).toContainText('Ride homologated');
    await expect(page.getByTestId('candidate-history')).toContainText('Route card received');
    await expect(page.getByTestId('candidate-history')).toContainText('Kit sent');

    // The history lists it with its number and homologator.
    await page.getByTestId('admin-sidebar').getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/gb\/administration\/homologations\/historique$/);
    await waitForHydration(page, 'list-filters');
    await page.getByRole('searchbox', { name: 'Search' }).fill(nom);
    await page.getByRole('button', { name: 'Apply' }).click();
    const historyRow = page.getByTestId('candidate-row');
    await expect(historyRow).toHaveCount(1);
    await expect(historyRow.getByTestId('homologation-number')).toHaveText(`Cinglé no. ${numero}`);
    await expect(historyRow).toContainText('certified by');

    // The rider's account shows the homologation with its number, in the page as sent: before and without scripts.
    const withoutScripts = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      storageState: await rider.storageState(),
    });
    const riderPage = await withoutScripts.newPage();
    await riderPage.goto('/gb/account?tab=homologations');
    await expect(riderPage.getByTestId('my-homologation-number')).toHaveText(`Cinglé no. ${numero}`);
    await expect(riderPage.getByTestId('my-homologation')).toContainText('certified by');
    await withoutScripts.close();
    await rider.close();
  });

  test('a kit delivered by email shows as sent to the admin and the buyer; sending again is confirmed', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const nom = `Courriel${suffix()}`;
    const riderEmail = `ines.${suffix()}@example.org`;
    const rider = await browser.newContext({ baseURL });
    await createUser(rider.request, riderEmail, nom);
    const { orderId, candidate } = await paidRegistration(rider.request, { nom, email: riderEmail }, 'email');
    const candidateReference = candidate.reference;

    // The buyer's account: the kit is processed and says when it was emailed.
    const riderPage = await rider.newPage();
    await riderPage.goto('/gb/account?tab=orders');
    const orderCard = riderPage
      .getByTestId('order-card')
      .filter({ hasText: String(orderId).padStart(8, '0') });
    await expect(orderCard.getByTestId('order-candidate')).toContainText('Kit sent');
    await expect(orderCard.getByTestId('documents-sent')).toHaveText(/^Sent by email on \d{1,2} \w+ \d{4}$/);
    await rider.close();

    // The admin: not in the "by email" list any more, but processed, with the sending in the file and history.
    await signInAsStaff(page.request);
    await page.goto(`/gb/administration/inscriptions/email?q=${candidateReference}`);
    await expect(page.getByTestId('table-empty')).toBeVisible();
    await page.goto(`/gb/administration/inscriptions/traites?q=${candidateReference}`);
    await page
      .getByTestId('candidate-row')
      .getByRole('link', { name: new RegExp(nom) })
      .click();
    await expect(page.getByTestId('candidate-status')).toHaveText('Processed');
    await expect(page.getByTestId('documents-sent')).toHaveText(/^Sent by email on /);
    await expect(page.getByTestId('candidate-history')).toContainText('Sent by email');

    // Sending again is an explicit action, confirmed first; cancelling sends nothing.
    await waitForHydration(page, 'documents-sent');
    await page.getByRole('button', { name: 'Send by email again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the documents again?' });
    await expect(dialog).toContainText(`emailed to ${riderEmail} once more`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByTestId('candidate-history').getByText('Sent by email', { exact: true }),
    ).toHaveCount(1);
    await page.getByRole('button', { name: 'Send by email again' }).click();
    await dialog.getByRole('button', { name: 'Send by email again' }).click();
    await expect(page.getByTestId('documents-sent-outcome')).toHaveText(
      `The documents are on their way to ${riderEmail}.`,
    );
    await expect(
      page.getByTestId('candidate-history').getByText('Sent by email', { exact: true }),
    ).toHaveCount(2);
  });

  test('the camera reads the QR code of a returned route card', async ({ playwright, baseURL }, testInfo) => {
    const nom = `Camera${suffix()}`;
    const riderEmail = `lea.${suffix()}@example.org`;
    const riderRequest = await playwright.request.newContext({ baseURL });
    await createUser(riderRequest, riderEmail, nom);
    const { reference: candidateReference, id: candidateId } = (
      await paidRegistration(riderRequest, { nom, email: riderEmail })
    ).candidate;
    await riderRequest.dispose();

    // A browser of its own, whose fake camera films the QR code (the route card's holds a secret token, which
    // the admin pages never show; a reference is read the same way).
    const video = testInfo.outputPath('route-card.y4m');
    writeQrVideo(video, candidateReference);
    const launchOptions = testInfo.project.use.launchOptions ?? {};
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    const context = await browser.newContext({ baseURL });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await signInAsStaff(page.request);
    // The kit was posted: the card is taken in without a question.
    const posted = await page.request.post('/api/admin/candidates/processed', {
      data: { ids: [candidateId] },
    });
    expect(posted.status()).toBe(200);
    await page.goto('/gb/administration/homologations/scan');
    await waitForHydration(page, 'camera-toggle');
    await page.getByRole('button', { name: 'Turn the camera on' }).click();
    await expect(page.getByTestId('scan-taken-card')).toContainText(candidateReference, { timeout: 20_000 });
    await expect(page.getByTestId('scan-taken-change')).toHaveText(
      'Status: Processed → Card received. The rider is told by email.',
    );
    expect(problems, 'the browser reported errors').toEqual([]);
    await browser.close();
  });

  test("the homologation lists live at the club's addresses; the earlier ones answer 301", async ({
    page,
  }) => {
    await signInAsStaff(page.request);
    await page.goto('/fr/administration/dashboard');
    const sidebar = page.getByTestId('admin-sidebar');
    await sidebar.getByRole('link', { name: 'En cours' }).click();
    await expect(page).toHaveURL(/\/fr\/administration\/homologations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Homologations en cours' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Historique' }).click();
    await expect(page).toHaveURL(/\/fr\/administration\/homologations\/historique$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Historique des homologations' })).toBeVisible();

    for (const [earlier, club] of [
      ['/gb/administration/homologations/in-progress', '/gb/administration/homologations'],
      [
        '/gb/administration/homologations/history?page=1',
        '/gb/administration/homologations/historique?page=1',
      ],
    ]) {
      const answer = await page.request.get(earlier!, { maxRedirects: 0 });
      expect(answer.status(), earlier).toBe(301);
      expect(answer.headers().location).toBe(club);
    }
    await page.goto('/gb/administration/homologations/history');
    await expect(page).toHaveURL(/\/gb\/administration\/homologations\/historique$/);
    await expect(page.getByTestId('candidate-table')).toBeVisible();
  });

  test('below 992 px the sidebar is a drawer opened by the burger', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    const volunteer = await signInAsStaff(page.request);
    await page.goto('/gb/administration/dashboard');
    await waitForHydration(page, 'admin-burger');
    const sidebar = page.getByTestId('admin-sidebar');
    await expect(sidebar).not.toBeInViewport();
    const burger = page.getByTestId('admin-burger');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar).toBeInViewport();
    await sidebar.getByRole('link', { name: 'People and roles' }).click();
    await expect(page).toHaveURL(/\/gb\/administration\/people$/);
    await expect(page.getByRole('heading', { level: 1, name: 'People and roles' })).toBeVisible();
    await expect(page.getByTestId('admin-users')).toContainText(volunteer.email);
    await expect(sidebar).not.toBeInViewport();
  });

  test('no axe violation on the admin pages, in French and German', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsStaff(page.request);
    const paths = [
      'dashboard',
      'inscriptions/traitements',
      'inscriptions/traites',
      'homologations/scan',
      'homologations',
      'homologations/historique',
      'people',
    ];
    for (const lang of ['fr', 'de']) {
      for (const path of paths) {
        await page.goto(`/${lang}/administration/${path}`);
        await waitForHydration(page, 'admin-sidebar');
        const results = await new AxeBuilder({ page }).analyze();
        const violations = results.violations.map((violation) => ({
          rule: violation.id,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        }));
        expect(violations, `/${lang}/administration/${path}`).toEqual([]);
      }
    }
  });

  test.describe('access', () => {
    // The access-denied page answers 403, which the browser reports in its console.
    test.use({ expectedErrors: [/status of 403/] });

    test('a plain user is told that access is denied, by the admin pages and by their API', async ({
      page,
    }) => {
      await createUser(page.request, `claire.${suffix()}@example.org`, 'Martin');
      for (const path of ['/gb/administration', '/fr/administration/inscriptions/traitements']) {
        const answer = await page.goto(path);
        expect(answer?.status(), path).toBe(403);
      }
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès refusé');
      await expect(page.getByTestId('error-subtitle')).toContainText('Accès refusé');
      expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403);
    });
  });

  test('a visitor who is not signed in is asked to sign in first', async ({ page }) => {
    await page.goto('/gb/administration/homologations');
    await expect(page).toHaveURL(/\/gb\/login\?redirectTo=%2Fgb%2Fadministration%2Fhomologations$/);
  });
});
