/**
 * Account security (issue 10): verified email addresses, email change, reset links, the same path for known and
 * unknown addresses, device cookies against lockout, proxies and per-email limits, and the same-origin check.
 * Sign-ins that are not under test come from 127.0.0.1 (20 per 15 minutes); the tests of limits use their own
 * documentation addresses (RFC 5737) so that they never spend each other's budget.
 */
import { eq } from 'drizzle-orm';
import type * as Argon2 from '@node-rs/argon2';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLI } from '../../server/services/guards.ts';
import { emailVerificationTokens, laureates, users } from '../../server/db/schema/index.ts';
import { addLaureates, laureateRecord } from '../support/laureates.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import {
  PASSWORD,
  mailedLink,
  signIn,
  signUp,
  signedInUser,
  signupPayload,
  verifiedUser,
  verifyEmail,
} from '../support/users.ts';

// Counts the argon2 work done for an answer, to show that known and unknown addresses take the same path.
const argon2Calls = vi.hoisted(() => ({ hash: 0, verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2Calls.hash += 1;
      return real.hash(...args);
    },
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2Calls.verify += 1;
      return real.verify(...args);
    },
  };
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cingles.example' });
});
afterAll(() => t.close());

const inject = (options: InjectOptions) => t.app.inject(options);

function profileOf(user: Awaited<ReturnType<typeof signUp>>, changes: Record<string, unknown> = {}) {
  const { password: _p, password_confirmation: _c, id: _i, ...fields } = user;
  return { ...fields, ...changes };
}

const me = async (auth: Record<string, string>) =>
  (await inject({ method: 'GET', url: '/api/me', headers: auth })).json();

const verify = (token: string | null, headers: Record<string, string> = {}) =>
  inject({ method: 'POST', url: '/api/account/verify-email', headers, payload: { token } });

const resetLink = async (email: string) => {
  const link = await mailedLink(t, email, '/account/reset-password');
  return `/api/account/reset-password/${encodeURIComponent(email)}/${encodeURIComponent(link.searchParams.get('token')!)}`;
};

const forgot = (email: string, remoteAddress = '192.0.2.50') =>
  inject({
    method: 'POST',
    url: '/api/account/forgot-password',
    remoteAddress,
    payload: { email, lang: 'gb' },
  });

describe('email verification', () => {
  it('mails a link in the reader’s language; until it is followed, the account is not the address’s owner', async () => {
    const user = await signUp(t);
    const auth = { authorization: `Bearer ${await signIn(t, user.email)}` };
    const link = await mailedLink(t, user.email, '/account/verify-email');
    expect(link.origin + link.pathname).toBe('https://cingles.example/fr/account/verify-email');
    expect(await me(auth)).toMatchObject({ email_verified: false, pending_email: null });

    const german = signupPayload();
    await inject({ method: 'POST', url: '/api/signup?lang=de', payload: german });
    const [mail] = await t.db.query.mailOutbox.findMany({
      where: (row, { eq: is }) => is(row.to, german.email),
    });
    expect(mail!.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail!.text).toContain('https://cingles.example/de/account/verify-email?token=');
    expect(mail!.text).toContain('48');

    const homologations = await inject({ method: 'GET', url: '/api/me/homologations', headers: auth });
    expect(homologations.statusCode).toBe(403);
    expect(homologations.json().error.code).toBe('email_not_verified');
    for (const payload of [{ hidden: false }, { hidden: 'not a boolean' }]) {
      const display = await inject({ method: 'PUT', url: '/api/me/public-display', headers: auth, payload });
      expect(display.statusCode).toBe(403);
      expect(display.json().error.code).toBe('email_not_verified');
    }
    // Ordering stays open.
    expect((await inject({ method: 'GET', url: '/api/orders', headers: auth })).statusCode).toBe(200);
  });

  it('links the laureate records of the address only once it is verified', async () => {
    const user = await signedInUser(t);
    await addLaureates(t, [laureateRecord({ email: user.email.toUpperCase(), numero: 4242 })]);
    const linked = () =>
      t.db.select({ userId: laureates.userId }).from(laureates).where(eq(laureates.userId, user.id));
    expect(await linked()).toEqual([]);

    await verifyEmail(t, user.email);
    expect(await linked()).toEqual([{ userId: user.id }]);
    expect(await me(user.auth)).toMatchObject({ email_verified: true, pending_email: null });
    const mine = await inject({ method: 'GET', url: '/api/me/homologations', headers: user.auth });
    expect(mine.json()).toEqual([expect.objectContaining({ numero: 4242 })]);
    const display = await inject({
      method: 'PUT',
      url: '/api/me/public-display',
      headers: user.auth,
      payload: { hidden: true },
    });
    expect(display.statusCode).toBe(200);
  });

  it('takes a link once, refuses an expired or made-up one, and stores only its hash', async () => {
    const user = await signUp(t);
    const token = (await mailedLink(t, user.email, '/account/verify-email')).searchParams.get('token')!;
    const stored = await t.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBeCloseTo(48 * 3600_000, -4);

    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.message).toBeTruthy();
    for (const response of [await verify(token), await verify('made-up'), await verify('')]) {
      expect(response.statusCode).toBe(400);
    }
    expect((await verify(token)).json().error.code).toBe('invalid_or_expired_token');

    const late = await signUp(t);
    await t.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.userId, late.id));
    const lateToken = (await mailedLink(t, late.email, '/account/verify-email')).searchParams.get('token');
    expect((await verify(lateToken)).json().error.code).toBe('invalid_or_expired_token');
  });

  it('sends the link again on request (replacing the old one), limited per account and per IP', async () => {
    expect((await inject({ method: 'POST', url: '/api/account/verify-email/resend' })).statusCode).toBe(401);
    const user = await signedInUser(t);
    const old = (await mailedLink(t, user.email, '/account/verify-email')).searchParams.get('token');
    const resend = () =>
      inject({
        method: 'POST',
        url: '/api/account/verify-email/resend?lang=it',
        headers: user.auth,
        remoteAddress: '192.0.2.10',
      });
    const again = await resend();
    expect(again.statusCode).toBe(202);
    const fresh = await mailedLink(t, user.email, '/account/verify-email');
    expect(fresh.pathname).toBe('/it/account/verify-email');
    expect((await verify(old)).statusCode).toBe(400);
    expect((await resend()).statusCode).toBe(202);
    expect((await resend()).statusCode).toBe(202);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect((await verify(fresh.searchParams.get('token'))).statusCode).toBe(400); // replaced since

    // Per IP: ten requests from one address, whichever accounts they come from.
    const others = [
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
    ];
    const statuses: number[] = [];
    for (const other of others)
      for (let i = 0; i < 3; i += 1) {
        const response = await inject({
          method: 'POST',
          url: '/api/account/verify-email/resend',
          headers: other.auth,
          remoteAddress: '192.0.2.11',
        });
        statuses.push(response.statusCode);
      }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('makes verified accounts from the command line and BOOTSTRAP_ADMIN', async () => {
    const { id } = await t.services.accounts.createUser(CLI, {
      email: 'volunteer@example.org',
      password: PASSWORD,
      roles: ['desk', 'president', 'treasurer', 'admin'],
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe('changing the email address', () => {
  it('needs the current password, waits for the new address’s link and tells the old address', async () => {
    const user = await verifiedUser(t);
    const newEmail = `new.${user.email}`;
    const change = (changes: Record<string, unknown>) =>
      inject({
        method: 'PUT',
        url: '/api/me?lang=de',
        headers: user.auth,
        payload: profileOf(user, { email: newEmail, ...changes }),
      });
    for (const wrong of [{}, { current_password: 'Wrong1234' }, { current_password: '' }]) {
      const response = await change(wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'wrong_current_password',
        fields: { current_password: 'validation:wrong_current_password' },
      });
    }
    // Other fields change without the password.
    const town = await inject({
      method: 'PUT',
      url: '/api/me',
      headers: user.auth,
      payload: profileOf(user, { ville: 'Sault' }),
    });
    expect(town.json()).toMatchObject({ ville: 'Sault', email: user.email });

    const asked = await change({ current_password: PASSWORD, ville: 'Sault' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: user.email, pending_email: newEmail, email_verified: true });
    expect((await mailedLink(t, newEmail, '/account/verify-email')).pathname).toBe(
      '/de/account/verify-email',
    );
    const [notice] = await t.db.query.mailOutbox.findMany({
      where: (row, { and: both, eq: is, like }) =>
        both(is(row.to, user.email), like(row.subject, '%E-Mail%')),
    });
    expect(notice!.subject).toBe('Änderung der E-Mail-Adresse angefragt');
    expect(notice!.text).toContain(newEmail);
    // Nothing changed yet: the new address cannot sign in, the old one still can.
    const early = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: newEmail, password: PASSWORD },
    });
    expect(early.statusCode).toBe(401);
  });

  it('confirming ends the other sessions and every outstanding reset link', async () => {
    const user = await verifiedUser(t);
    const otherSession = { authorization: `Bearer ${await signIn(t, user.email)}` };
    const newEmail = `moved.${user.email}`;
    await inject({
      method: 'PUT',
      url: '/api/me',
      headers: user.auth,
      payload: profileOf(user, { email: newEmail, current_password: PASSWORD }),
    });
    expect((await forgot(user.email, '192.0.2.20')).statusCode).toBe(200);
    const reset = await resetLink(user.email);

    const link = await mailedLink(t, newEmail, '/account/verify-email');
    const confirmed = await verify(link.searchParams.get('token'), user.auth);
    expect(confirmed.statusCode).toBe(200);
    expect(await me(user.auth)).toMatchObject({ email: newEmail, pending_email: null, email_verified: true });
    expect((await inject({ method: 'GET', url: '/api/me', headers: otherSession })).statusCode).toBe(401);
    const used = await inject({ method: 'POST', url: reset, payload: { password: 'Another1910' } });
    expect(used.json().error.code).toBe('invalid_or_expired_token');
    await expect(signIn(t, newEmail)).resolves.toBeTruthy();
  });

  it('refuses an address another account took in the meantime', async () => {
    const user = await verifiedUser(t);
    const wanted = `wanted.${user.email}`;
    await inject({
      method: 'PUT',
      url: '/api/me',
      headers: user.auth,
      payload: profileOf(user, { email: wanted, current_password: PASSWORD }),
    });
    const link = await mailedLink(t, wanted, '/account/verify-email');
    await signUp(t, { email: wanted });
    const late = await verify(link.searchParams.get('token'));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('email_taken');
    expect(await me(user.auth)).toMatchObject({ email: user.email });
  });
});

describe('reset links', () => {
  it('keep only the newest valid, and a password change revokes them', async () => {
    const user = await signedInUser(t);
    await forgot(user.email, '192.0.2.30');
    const older = await resetLink(user.email);
    await forgot(user.email, '192.0.2.30');
    const newer = await resetLink(user.email);
    expect(newer).not.toBe(older);
    const refused = await inject({ method: 'POST', url: older, payload: { password: 'Another1910' } });
    expect(refused.json().error.code).toBe('invalid_or_expired_token');

    const change = await inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: user.auth,
      payload: { current_password: PASSWORD, password: 'Changed1910', password_confirmation: 'Changed1910' },
    });
    expect(change.statusCode).toBe(204);
    const afterChange = await inject({ method: 'POST', url: newer, payload: { password: 'Another1910' } });
    expect(afterChange.json().error.code).toBe('invalid_or_expired_token');
  });

  it('a reset revokes the other links', async () => {
    const user = await signUp(t);
    await forgot(user.email, '192.0.2.31');
    const link = await resetLink(user.email);
    expect(
      (await inject({ method: 'POST', url: link, payload: { password: 'Reset1910x' } })).statusCode,
    ).toBe(200);
    const [row] = await t.db.query.passwordResetTokens.findMany({
      where: (token, { and: both, eq: is, isNull }) => both(is(token.userId, user.id), isNull(token.usedAt)),
    });
    expect(row).toBeUndefined();
  });

  it('are limited per address as well as per IP, for known and unknown addresses alike', async () => {
    const user = await signUp(t);
    for (const email of [user.email, 'nobody.flooded@example.org']) {
      const statuses = [];
      for (const ip of ['192.0.2.40', '192.0.2.41', '192.0.2.42', '192.0.2.43'])
        statuses.push((await forgot(email, ip)).statusCode);
      expect(statuses, email).toEqual([200, 200, 200, 429]);
    }
  });
});

describe('known and unknown addresses take the same path', () => {
  beforeEach(() => {
    argon2Calls.hash = 0;
    argon2Calls.verify = 0;
  });

  it('in the forgotten-password request: argon2 work for an unknown address too', async () => {
    expect((await forgot('ghost.path@example.org', '192.0.2.60')).statusCode).toBe(200);
    expect(argon2Calls.verify).toBe(1);
  });

  it('in the reset: the new password is hashed before the address is looked up', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/account/reset-password/ghost.reset%40example.org/some-token',
      payload: { password: 'Another1910' },
    });
    expect(response.json().error.code).toBe('invalid_or_expired_token');
    expect(argon2Calls.hash).toBe(1);
  });

  it('in the sign-in: a dummy hash is verified for an unknown address', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '192.0.2.61',
      payload: { email: 'ghost.login@example.org', password: PASSWORD },
    });
    expect(response.statusCode).toBe(401);
    expect(argon2Calls.verify).toBe(1);
  });
});

describe('lockout with device cookies', () => {
  const login = (email: string, password: string, remoteAddress: string, device?: string) =>
    inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      payload: { email, password },
      ...(device ? { cookies: { device } } : {}),
    });
  const deviceOf = (response: Awaited<ReturnType<typeof login>>) =>
    response.cookies.find((cookie) => cookie.name === 'device');

  it('failures from elsewhere never lock the owner out of a browser they signed in on', async () => {
    const user = await signUp(t);
    const owner = await login(user.email, PASSWORD, '198.51.100.1');
    expect(owner.statusCode).toBe(200);
    const device = deviceOf(owner)!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });

    for (let i = 0; i < 5; i += 1)
      expect((await login(user.email, `Wrong${i}x`, `198.51.100.${10 + i}`)).statusCode).toBe(401);
    // The attacker is stopped, even with the right password, and so is a forged device cookie.
    expect((await login(user.email, PASSWORD, '198.51.100.20')).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, '198.51.100.21', 'forged-device-token')).statusCode).toBe(429);

    // The owner's browser still signs in, and keeps its device cookie.
    const again = await login(user.email, PASSWORD, '198.51.100.1', device.value);
    expect(again.statusCode).toBe(200);
    expect(deviceOf(again)!.value).toBe(device.value);
  });

  it('a known browser has its own budget, and a device cookie counts only for its account', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const device = deviceOf(await login(user.email, PASSWORD, '198.51.100.30'))!.value;
    for (let i = 0; i < 5; i += 1)
      expect((await login(user.email, 'Wrong1234', '198.51.100.30', device)).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD, '198.51.100.30', device)).statusCode).toBe(429);
    // That browser's failures did not spend the budget of unknown browsers.
    expect((await login(user.email, PASSWORD, '198.51.100.31')).statusCode).toBe(200);
    // Someone else's device cookie is no key to this account.
    for (let i = 0; i < 5; i += 1)
      expect((await login(other.email, 'Wrong1234', '198.51.100.32')).statusCode).toBe(401);
    expect((await login(other.email, PASSWORD, '198.51.100.32', device)).statusCode).toBe(429);
  });
});

describe('proxies', () => {
  it('by default, a forged X-Forwarded-For does not give a fresh per-IP budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': `10.1.${i}.1` },
        payload: { email: `spray${i}@example.org`, password: 'Wrong1234' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
  });
});

describe('requests from another site', () => {
  it('are refused when the session cookie would act for them', async () => {
    const user = await signedInUser(t);
    const cookies = { session: user.token };
    const evil = await inject({
      method: 'PUT',
      url: '/api/me',
      cookies,
      headers: { origin: 'https://evil.example', host: 'cingles.example' },
      payload: profileOf(user, { ville: 'Evil' }),
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error.code).toBe('cross_site_request');
    const fetched = await inject({
      method: 'POST',
      url: '/api/logout',
      cookies,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetched.statusCode).toBe(403);
    expect((await me(user.auth)).ville).toBe(user.ville);

    const own = await inject({
      method: 'POST',
      url: '/api/logout',
      cookies,
      headers: { origin: 'https://cingles.example', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(204);
  });
});
