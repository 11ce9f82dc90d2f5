import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaureatesPage } from '../../domain/schemas/laureates.ts';
import type { Statistics } from '../../domain/schemas/statistics.ts';
import { displayRestrictions } from '../../server/db/schema/index.ts';
import { addLaureates, laureateRecord } from '../support/laureates.ts';
import { type ReceivedMail, firstLink, startSmtpServer } from '../support/smtp.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { verifiedUser } from '../support/users.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let laureateId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://cingles.example' });
  await addLaureates(t, [
    laureateRecord({ numero: 1, nom: 'Ventoux', prenom: 'Gisèle', email: 'Gisele@Example.org' }),
    laureateRecord({
      epreuve: 'galerien',
      numero: 1,
      nom: 'Ventoux',
      prenom: 'Gisèle',
      email: 'gisele@example.org',
    }),
    laureateRecord({ numero: 2, nom: 'Visible', prenom: 'Victor' }),
  ]);
  laureateId = (await search('ventoux')).items[0]!.laureateId;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function search(q: string): Promise<LaureatesPage> {
  const response = await t.app.inject({ method: 'GET', url: `/api/laureates?q=${encodeURIComponent(q)}` });
  return response.json<LaureatesPage>();
}

async function requestRestriction(email: string, lang = 'fr', ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/public-display-restriction',
    payload: { email, lang },
    remoteAddress: ip,
  });
}

async function mailAfter(before: number): Promise<ReceivedMail> {
  await t.services.mail.processDue();
  return (await smtp.waitFor(before + 1))[before]!;
}

const tokenOf = (mail: ReceivedMail) => new URL(firstLink(mail)).searchParams.get('token')!;

async function confirm(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/public-display-restriction/confirm', payload: { token } });
}

describe('public display restriction by email', () => {
  it('answers 202 the same way whether or not the address belongs to a laureate', async () => {
    const known = await requestRestriction('gisele@example.org', 'fr', '10.0.1.1');
    const unknown = await requestRestriction('nobody@example.org', 'fr', '10.0.1.1');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    await t.services.mail.processDue();
  });

  it('refuses an address that is not one', async () => {
    const response = await requestRestriction('not-an-address', 'fr', '10.0.2.1');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.email).toBe('validation:email_invalid');
  });

  it('mails a link in the page language; nothing changes until it is followed', async () => {
    const before = smtp.received.length;
    expect((await requestRestriction('GISELE@example.org', 'de', '10.0.3.1')).statusCode).toBe(202);
    const mail = await mailAfter(before);
    expect(mail.to).toEqual(['gisele@example.org']);
    expect(mail.decoded).toContain('Bestätigen Sie das Ausblenden');
    const link = new URL(firstLink(mail));
    expect(link.origin + link.pathname).toBe('https://cingles.example/de/public-display-restriction');
    expect(link.searchParams.get('token')).toBeTruthy();
    // The table only stores the token's hash.
    const [row] = await t.db.select().from(displayRestrictions);
    expect(row?.tokenHash).not.toBe(link.searchParams.get('token'));
    expect(row?.confirmedAt).toBeNull();
    expect((await search('ventoux')).total).toBe(2);
  });

  it('hides every homologation of the address once confirmed: table, palmarès, teaser, statistics', async () => {
    const before = smtp.received.length;
    await requestRestriction('gisele@example.org', 'fr', '10.0.4.1');
    const token = tokenOf(await mailAfter(before));
    const statsBefore = (
      await t.app.inject({ method: 'GET', url: '/api/statistics/count' })
    ).json<Statistics>();

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.message).toBeTruthy();

    expect((await search('ventoux')).total).toBe(0);
    expect((await search('gisele')).items).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/laureates/${laureateId}` })).statusCode).toBe(404);
    const teaser = await t.services.laureateTeaser.teaser(10);
    expect(teaser.latest.some((row) => row.nom === 'Ventoux')).toBe(false);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/statistics/count' })).json<Statistics>();
    expect(stats.totals.homologations).toBe(statsBefore.totals.homologations - 2);
    expect((await search('visible')).total).toBe(1);

    // Following the link again is harmless.
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('refuses an unknown or expired link', async () => {
    expect((await confirm('not-a-token')).statusCode).toBe(400);
    expect((await confirm('not-a-token')).json().error.code).toBe('invalid_or_expired_token');
    const before = smtp.received.length;
    await requestRestriction('late@example.org', 'gb', '10.0.5.1');
    const token = tokenOf(await mailAfter(before));
    const eightDaysLater = new Date(Date.now() + 8 * 86_400_000);
    await expect(t.services.displayRestrictions.confirm(token, eightDaysLater)).rejects.toMatchObject({
      code: 'invalid_or_expired_token',
    });
  });

  it('limits requests per IP address', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt++)
      answers.push((await requestRestriction(`limit${attempt}@example.org`, 'fr', '10.9.9.9')).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(answers[10]).toBe(429);
    await t.services.mail.processDue();
  });
});

describe('the signed-in user switch (GET/PUT /api/me/public-display)', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/public-display' })).statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/me/public-display',
      payload: { hidden: true },
    });
    expect(put.statusCode).toBe(401);
  });

  it('hides and shows the results tied to the account email without an email round trip', async () => {
    const user = await verifiedUser(t);
    await addLaureates(t, [
      laureateRecord({ numero: 50, nom: 'Compte', prenom: 'Camille', email: user.email }),
    ]);
    const state = () => t.app.inject({ method: 'GET', url: '/api/me/public-display', headers: user.auth });
    expect((await state()).json()).toEqual({ hidden: false, name: 'full' });
    await t.services.mail.processDue(); // the sign-up's verification mail
    const sent = smtp.received.length;

    const hide = await t.app.inject({
      method: 'PUT',
      url: '/api/me/public-display',
      headers: user.auth,
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toEqual({ hidden: true, name: 'full' });
    expect((await state()).json()).toEqual({ hidden: true, name: 'full' });
    expect((await search('compte')).total).toBe(0);

    const show = await t.app.inject({
      method: 'PUT',
      url: '/api/me/public-display',
      headers: user.auth,
      payload: { hidden: false },
    });
    expect(show.json()).toEqual({ hidden: false, name: 'full' });
    expect((await search('compte')).total).toBe(1);
    await t.services.mail.processDue();
    expect(smtp.received.length).toBe(sent);
  });

  it('refuses a body without the boolean', async () => {
    const user = await verifiedUser(t);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/public-display',
      headers: user.auth,
      payload: { hidden: 'yes' },
    });
    expect(response.statusCode).toBe(400);
  });
});
