import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../server/db/schema/index.ts';
import { type ReceivedMail, firstLink, startSmtpServer } from '../support/smtp.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signIn, signedInUser } from '../support/users.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://cingles.example' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function requestReset(email: string, lang = 'de'): Promise<ReceivedMail> {
  await t.services.mail.processDue(); // earlier mail first, such as the sign-up's verification link
  const before = smtp.received.length;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/forgot-password',
    payload: { email, lang },
  });
  expect(response.statusCode).toBe(200);
  await t.services.mail.processDue();
  return (await smtp.waitFor(before + 1))[before]!;
}

function resetPathOf(link: string) {
  const url = new URL(link);
  return {
    url,
    api: `/api/account/reset-password/${encodeURIComponent(url.searchParams.get('email')!)}/${encodeURIComponent(url.searchParams.get('token')!)}`,
  };
}

describe('forgotten password', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const user = await signedInUser(t);
    await t.services.mail.processDue(); // the sign-up's verification link
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { email: user.email, lang: 'fr' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/account/forgot-password',
      payload: { email: 'ghost@example.org', lang: 'fr' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().data).toBeTruthy();
    const before = smtp.received.length;
    await t.services.mail.processDue();
    const mails = await smtp.waitFor(before + 1);
    expect(mails.slice(before).map((mail) => mail.to)).toEqual([[user.email]]);
  });

  it('mails a link in the requested language to the localized reset page', async () => {
    const user = await signedInUser(t);
    const mail = await requestReset(user.email, 'de');
    expect(mail.decoded).toContain('Hallo');
    const { url } = resetPathOf(firstLink(mail));
    expect(url.origin + url.pathname).toBe('https://cingles.example/de/account/reset-password');
    expect(url.searchParams.get('email')).toBe(user.email);
  });

  it('resets the password once, and ends every session', async () => {
    const user = await signedInUser(t);
    const { api } = resetPathOf(firstLink(await requestReset(user.email)));
    const reset = await t.app.inject({ method: 'POST', url: api, payload: { password: 'NewSummit1910' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.auth })).statusCode).toBe(401);
    await expect(signIn(t, user.email, 'NewSummit1910')).resolves.toBeTruthy();
    const reused = await t.app.inject({ method: 'POST', url: api, payload: { password: 'Another1910' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('invalid_or_expired_token');
  });

  it('refuses an expired link', async () => {
    const user = await signedInUser(t);
    const { api } = resetPathOf(firstLink(await requestReset(user.email)));
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await t.app.inject({ method: 'POST', url: api, payload: { password: 'NewSummit1910' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_or_expired_token');
  });

  it('refuses a made-up token, another user’s email, and a weak password', async () => {
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    const { url } = resetPathOf(firstLink(await requestReset(user.email)));
    const token = url.searchParams.get('token')!;
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/account/reset-password/${user.email}/forged`,
      payload: { password: 'NewSummit1910' },
    });
    expect(forged.json().error.code).toBe('invalid_or_expired_token');
    const wrongUser = await t.app.inject({
      method: 'POST',
      url: `/api/account/reset-password/${other.email}/${token}`,
      payload: { password: 'NewSummit1910' },
    });
    expect(wrongUser.json().error.code).toBe('invalid_or_expired_token');
    const weak = await t.app.inject({
      method: 'POST',
      url: `/api/account/reset-password/${user.email}/${token}`,
      payload: { password: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBe('validation:password_rules');
  });
});

describe('mail delivery', () => {
  it('keeps a message queued while SMTP is down and sends it later', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const user = await signedInUser(down);
      await down.app.inject({
        method: 'POST',
        url: '/api/account/forgot-password',
        payload: { email: user.email, lang: 'gb' },
      });
      expect(await down.services.mail.processDue()).toBe(0);
      const [queued] = await down.db.query.mailOutbox.findMany();
      expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
      expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await down.close();
    }
  });
});
