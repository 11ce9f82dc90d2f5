/**
 * From the ride to the diploma, in two languages: a rider registers and pays (through the API, as the ordering
 * journeys test the forms) and attaches the day's track; a volunteer marks the kit posted, scans the returned route
 * card and homologates, through the admin pages. After each step the rider's account page shows where the
 * registration stands, and the rider gets an email in their language. The diploma's QR code, read from the
 * downloaded PDF, opens its check page; an administrator's cancellation shows there as "revoked" at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { today } from '../../domain/dates.ts';
import { dataDir } from '../../playwright.config.ts';
import { accountPayload } from '../support/account-payload.ts';
import { mailSaying, verifyEmailFromOutbox } from '../support/outbox.ts';
import { qrTextOfPdf } from '../support/pdf-qr.ts';
import { cingleRide } from '../support/rides.ts';
import { toGpx } from '../support/track-files.ts';
import { PASSWORD } from '../support/users.ts';
import { expect, test } from './fixtures.ts';
import { signInAsStaff } from './staff.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';

/** The catalogue texts the journey reads, with `{{name}}` placeholders filled. */
function catalogue(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => String(values[key]));
  return { admin: read('admin'), mail: read('mail'), order: read('order'), diploma: read('diploma'), fill };
}

/** The registration's steps on the account page, as `{step: state}`. */
async function stepsOn(page: Page) {
  await page.reload();
  const steps = page.getByTestId('registration-progress').getByRole('listitem');
  await expect(steps).toHaveCount(6);
  return Object.fromEntries(
    await Promise.all(
      (await steps.all()).map(async (step) => [
        await step.getAttribute('data-step'),
        await step.getAttribute('data-state'),
      ]),
    ),
  );
}

async function signedInRider(browser: Browser, baseURL: string, lang: string, email: string) {
  const rider = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
  const signup = await rider.request.post(`/api/signup?lang=${lang}`, { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  await verifyEmailFromOutbox(rider.request, dataDir, email);
  const login = await rider.request.post(`/api/login?lang=${lang}`, { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return rider;
}

for (const lang of ['fr', 'gb']) {
  test(`${lang}: the rider follows each step from the payment to the homologation`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const { admin: adminTexts, mail, order, diploma, fill } = catalogue(lang);
    const nom = `Diplome${crypto.randomBytes(3).toString('hex')}`;
    const email = `rider.${nom.toLowerCase()}@example.org`;
    const rider = await signedInRider(browser, baseURL!, lang, email);
    const { candidate } = await paidRegistration(rider.request, { nom, email }, 'postal', lang);

    // Paid: the account page says the kit is being prepared, on a phone.
    const account = await rider.newPage();
    await account.goto(`/${lang}/account?tab=orders`);
    expect(await stepsOn(account)).toEqual({
      paid: 'done',
      kit_sent: 'current',
      ride_checked: 'optional',
      card_received: 'upcoming',
      outcome: 'upcoming',
      diploma: 'upcoming',
    });
    const progress = account.getByTestId('registration-progress');
    await expect(progress.locator('[aria-current="step"]')).toContainText(
      order.progress.steps.kit_sent.current,
    );
    await progress.screenshot({ path: `test-results/registration-progress-${lang}-360-paid.png` });
    const axe = await new AxeBuilder({ page: account })
      .include('[data-testid="registration-progress"]')
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    // The volunteer marks the kit posted from the list of kits to post.
    const admin = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    await signInAsStaff(admin.request);
    const desk = await admin.newPage();
    await desk.goto(`/${lang}/administration/inscriptions/traitements?q=${nom}`);
    await waitForHydration(desk, 'list-filters');
    await desk
      .getByRole('checkbox', { name: fill(adminTexts.table.selectRow, { name: `Paul ${nom}` }) })
      .check();
    await desk.getByRole('button', { name: adminTexts.batch.mark.traitements }).click();
    await desk
      .getByRole('dialog', { name: adminTexts.batch.confirm.traitements.title })
      .getByRole('button', { name: adminTexts.batch.mark.traitements })
      .click();
    await expect(desk.getByTestId('batch-outcome')).toHaveText(
      fill(adminTexts.batch.updated.traitements_one, { count: 1 }),
    );
    // The plain-text part says the kit was posted, and names the registration.
    const kitMail = await mailSaying(dataDir, email, mail.kitSent.postal.split('{{date}}')[0]);
    expect(kitMail).toContain(candidate.reference);
    expect(await stepsOn(account)).toMatchObject({ kit_sent: 'done', card_received: 'current' });

    // The rider attaches the day's track; the step shows its verdict.
    const attached = await rider.request.post(`/api/candidates/${candidate.id}/track`, {
      headers: { 'content-type': 'application/gpx+xml' },
      data: Buffer.from(toGpx(cingleRide(undefined, { sampleS: 20 }).points)),
    });
    expect(attached.status(), await attached.text()).toBe(200);
    expect(await stepsOn(account)).toMatchObject({ ride_checked: 'done', card_received: 'current' });
    await expect(progress.locator('[data-step="ride_checked"]')).toContainText(
      order.progress.steps.ride_checked.complete.split('{{date}}')[0],
    );

    // The route card comes back: the volunteer types its reference on the scan page.
    await desk.goto(`/${lang}/administration/homologations/scan`);
    await waitForHydration(desk, 'scan-form');
    await desk.getByRole('textbox', { name: adminTexts.scan.field }).fill(candidate.reference);
    await desk.getByRole('button', { name: adminTexts.scan.submit }).click();
    // The scan page stays, ready for the next card; the card is judged on its candidate's page.
    await expect(desk.getByTestId('scan-taken-card')).toContainText(candidate.reference);
    await desk.goto(`/${lang}/administration/candidates/${candidate.id}`);
    const cardMail = await mailSaying(dataDir, email, mail.cardReceived.next);
    expect(cardMail).toContain(candidate.reference);
    expect(await stepsOn(account)).toMatchObject({ card_received: 'done', outcome: 'current' });

    // The volunteer homologates; the rider sees the number and the diploma step done.
    await waitForHydration(desk, 'homologation-form');
    const form = desk.getByTestId('homologation-form');
    await form.getByLabel(adminTexts.homologation.datePassage).fill(today());
    await form.getByRole('button', { name: adminTexts.homologation.submit }).click();
    await desk.getByRole('button', { name: adminTexts.homologation.confirmSubmit }).click();
    const outcome = desk.getByTestId('judgement-outcome');
    await expect(outcome).toBeVisible();
    const numero = /(\d+)/.exec((await outcome.textContent()) ?? '')?.[1];
    expect(numero).toBeTruthy();
    expect(await stepsOn(account)).toEqual({
      paid: 'done',
      kit_sent: 'done',
      ride_checked: 'done',
      card_received: 'done',
      outcome: 'done',
      diploma: 'done',
    });
    await expect(progress.locator('[data-step="outcome"]')).toContainText(numero!);
    await progress.screenshot({ path: `test-results/registration-progress-${lang}-360-homologated.png` });
    await account.screenshot({
      path: `test-results/registration-progress-${lang}-360-page.png`,
      fullPage: true,
    });

    // The homologation mail gives the diploma's check page.
    const homologationMail = await mailSaying(dataDir, email, mail.homologation.diploma);
    const mailedCheck = new RegExp(`${baseURL}/${lang}/diplomas/[A-Za-z0-9_-]{43}`).exec(
      homologationMail,
    )?.[0];
    expect(mailedCheck).toBeTruthy();

    // The diploma: downloaded from the step, its QR code read from the rendered page leads to the check page.
    const [download] = await Promise.all([
      account.waitForEvent('download'),
      progress.getByRole('link', { name: order.progress.diplomaPdf }).click(),
    ]);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await qrTextOfPdf(pdf)).toEqual([mailedCheck]);

    // Anyone who scans it sees the diploma confirmed, on a phone.
    const visitor = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
    const checkPage = await visitor.newPage();
    await checkPage.goto(new URL(mailedCheck!).pathname);
    await expect(checkPage.getByTestId('diploma-status')).toHaveAttribute('data-status', 'valid');
    await expect(checkPage.getByRole('heading', { level: 1 })).toHaveText(diploma.page.title);
    await expect(checkPage.getByTestId('diploma-name')).toHaveText(`Paul ${nom}`);
    await expect(checkPage.getByTestId('diploma-number')).toHaveText(numero!);
    const checkAxe = await new AxeBuilder({ page: checkPage }).analyze();
    expect(checkAxe.violations.map((violation) => violation.id)).toEqual([]);
    await checkPage.screenshot({ path: `test-results/diploma-check-${lang}-360-valid.png`, fullPage: true });

    // Its signed statement, downloaded from the page, verifies with the club's published keys alone.
    const [statementDownload] = await Promise.all([
      checkPage.waitForEvent('download'),
      checkPage.getByRole('link', { name: diploma.page.download }).click(),
    ]);
    const statement = fs.readFileSync(await statementDownload.path(), 'utf8');
    const keys = await (await visitor.request.get('/.well-known/jwks.json')).json();
    const { payload } = await jwtVerify(statement, createLocalJWKSet(keys));
    expect(payload).toMatchObject({ status: 'valid', name: `Paul ${nom}`, numero: Number(numero) });

    // An administrator cancels the homologation with a reason: the check page says "revoked" at once.
    await desk.reload();
    await waitForHydration(desk, 'homologation-record');
    await desk.getByRole('button', { name: adminTexts.diploma.cancel }).click();
    const cancelForm = desk.getByTestId('cancel-homologation-form');
    await cancelForm.getByLabel(adminTexts.homologation.reason).fill('Carte de route illisible.');
    await cancelForm.getByRole('button', { name: adminTexts.diploma.cancelSubmit }).click();
    await expect(desk.getByTestId('judgement-outcome')).toHaveText(adminTexts.diploma.cancelled);
    await checkPage.reload();
    await expect(checkPage.getByTestId('diploma-status')).toHaveAttribute('data-status', 'revoked');
    await expect(checkPage.getByTestId('diploma-status')).toContainText(diploma.page.revoked);
    await checkPage.screenshot({
      path: `test-results/diploma-check-${lang}-360-revoked.png`,
      fullPage: true,
    });
    expect(await stepsOn(account)).toMatchObject({ outcome: 'failed' });
    await expect(account.getByTestId('rejection-reason')).toContainText('Carte de route illisible.');

    await visitor.close();
    await admin.close();
    await rider.close();
  });
}
