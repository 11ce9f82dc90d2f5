/**
 * The error summary of a refused form (issue 46): at the top of the form, it names each field at fault with the
 * field's own label (the message stays beside the field), links to it, and takes the focus; a link moves the focus to its field. Without JavaScript (the
 * sign-up page, posted and answered by the server), with JavaScript (the order form's own checks), and on the
 * guardian's page; in French and English, on a 360 px phone and a 1280 px screen.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { dataDir } from '../../playwright.config.ts';
import { accountPayload } from '../support/account-payload.ts';
import { minorCandidate } from '../support/orders.ts';
import { mailSaying, verifyEmailFromOutbox } from '../support/outbox.ts';
import { PASSWORD } from '../support/users.ts';
import { expect, pageReady, test } from './fixtures.ts';
import { waitForHydration } from './hydration.ts';
import { paidRegistration } from './paid-registration.ts';

function texts(lang: string) {
  const read = (ns: string) => JSON.parse(fs.readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
  return {
    auth: read('auth'),
    validation: read('validation'),
    order: read('order'),
    guardian: read('guardian'),
    mail: read('mail'),
  };
}

async function signedInAccount(request: APIRequestContext, lang: string, verified = false) {
  const email = `summary.${crypto.randomBytes(5).toString('hex')}@example.org`;
  const signup = await request.post(`/api/signup?lang=${lang}`, { data: accountPayload(email) });
  expect(signup.status(), await signup.text()).toBe(201);
  if (verified) await verifyEmailFromOutbox(request, dataDir, email);
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return email;
}

/** The summary's link named after `label` moves the focus to `field`. */
async function followLink(page: Page, label: string, field: ReturnType<Page['getByRole']>) {
  const summary = page.getByTestId('error-summary');
  await summary.getByRole('link', { name: label, exact: true }).click();
  await expect(field).toBeFocused();
}

const SIZES = [360, 1280];

test.beforeEach(async ({ context, baseURL }) => {
  // The cookie notice floats over the bottom of the page; the journeys are not about it.
  await context.addCookies([{ name: 'dismissed', value: 'cookies.medals.new-account', url: baseURL! }]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, expectedErrors: [/status of 400/] });

  for (const lang of ['fr', 'gb'])
    for (const width of SIZES)
      test(`the sign-up form's summary names and links each field (${lang}, ${width} px)`, async ({
        page,
      }) => {
        test.slow(); // pages answered by the server, on a shared machine
        const { auth, validation: v } = texts(lang);
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/${lang}/signup`);
        const form = page.getByTestId('signup-form');
        await form.getByRole('textbox', { name: v.form_nom, exact: true }).fill('Martin');
        await form.getByRole('button', { name: auth.signup.submit }).click();

        // The page comes back at its top, the summary focused, one link per field at fault, in the form's order.
        const summary = page.getByTestId('error-summary');
        await expect(summary).toBeFocused();
        await expect(summary).toHaveAttribute('role', 'alert');
        await expect(summary).toContainText(v.generic);
        const links = summary.getByRole('link');
        await expect(links.first()).toHaveText(v.form_civilite);
        await expect(links.first()).toHaveAttribute('href', '#field-civilite');
        await expect(summary.getByRole('link', { name: v.form_nom, exact: true })).toHaveCount(0);
        await expect(summary.getByRole('link', { name: v.form_prenom, exact: true })).toHaveAttribute(
          'href',
          '#field-prenom',
        );
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);

        // Each link takes the browser to its field, with no script at all.
        await followLink(
          page,
          v.form_prenom,
          form.getByRole('textbox', { name: v.form_prenom, exact: true }),
        );
        await followLink(page, v.form_civilite, form.getByRole('radio', { name: v.form_civilite_mme }));
        await expect(form.getByRole('textbox', { name: v.form_nom, exact: true })).toHaveValue('Martin');
      });
});

test.describe('with JavaScript', () => {
  for (const lang of ['fr', 'gb'])
    for (const width of SIZES)
      test(`the order form's own checks show the summary, whose links focus the fields (${lang}, ${width} px)`, async ({
        page,
      }) => {
        test.slow(); // an account made, then the order page hydrated
        const { order: o, validation: v } = texts(lang);
        await signedInAccount(page.request, lang);
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/${lang}/order`);
        await waitForHydration(page, 'order-form');
        await page.getByRole('button', { name: o.order.continue }).click();

        const summary = page.getByTestId('error-summary');
        await expect(summary).toBeFocused();
        await expect(summary).toContainText(v.generic);
        const candidate = o.order.candidate.replace('{{number}}', '1');
        const challenge = summary.getByRole('link', {
          name: `${candidate} — ${o.fields.epreuve}`,
          exact: true,
        });
        await expect(challenge).toHaveAttribute('href', '#field-candidats-0-epreuve');
        await followLink(
          page,
          `${candidate} — ${o.fields.epreuve}`,
          page.getByRole('radio', { name: o.challenges.cingle, exact: true }),
        );
        await followLink(
          page,
          `${candidate} — ${o.order.attestation_assurance.replace(/\.$/, '')}`,
          page.getByRole('checkbox', { name: o.order.attestation_assurance }),
        );

        // Put right, the field leaves the summary.
        await page.getByRole('radio', { name: o.challenges.cingle, exact: true }).check();
        await expect(challenge).toHaveCount(0);
      });
});

test.describe("the guardian's page", () => {
  test.use({ expectedErrors: [/status of 400/] });

  for (const lang of ['fr', 'gb'])
    for (const width of SIZES)
      test(`refused, it shows the summary with a link to each statement (${lang}, ${width} px)`, async ({
        page,
      }) => {
        test.slow(); // an order paid and a mail read from the outbox
        const { guardian: g, validation: v, mail } = texts(lang);
        const suffix = crypto.randomBytes(3).toString('hex');
        const guardianEmail = `guardian.${suffix}@example.org`;
        await signedInAccount(page.request, lang, true);
        await paidRegistration(
          page.request,
          minorCandidate({
            nom: `Mineur${suffix}`,
            email: `minor.${suffix}@example.org`,
            tuteur: { nom: 'Tuteur', prenom: 'Claire', email: guardianEmail },
          }),
          'postal',
          lang,
        );
        const text = await mailSaying(dataDir, guardianEmail, mail.guardianConsent.action);
        const link = new URL(/https?:\/\/\S+\/guardian\?token=[\w-]+/.exec(text)![0]);

        await page.context().clearCookies();
        await page.setViewportSize({ width, height: 800 });
        await page.goto(link.pathname + link.search);
        await pageReady(page);
        const form = page.getByTestId('guardian-form');
        await form.getByRole('button', { name: g.confirm }).click();

        const summary = page.getByTestId('error-summary');
        await expect(summary).toBeFocused();
        await expect(summary).toContainText(v.generic);
        await expect(summary.getByRole('link')).toHaveCount(2);
        await followLink(
          page,
          g.statements.certificat_medical.replace(/\.$/, ''),
          form.getByRole('checkbox', { name: g.statements.certificat_medical }),
        );
      });
});
