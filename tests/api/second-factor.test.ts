/**
 * The second factor (issue 42): setting up an authenticator app, signing in with a ticket and a code, wrong and
 * replayed codes, recovery codes, the back office's people held to it, the step-up before the gravest acts, and a
 * lost factor reset by an administrator. Codes are computed as a phone would (tests/support/second-factor.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../contracts/cookies.ts';
import { auditLog, mailOutbox, sessions, signInTickets } from '../../server/db/schema/index.ts';
import { type SecondFactorEvent, secondFactorEmail } from '../../server/mail/security-templates.ts';
import { hashToken } from '../../server/services/accounts/tokens.ts';
import { Authenticator, enrolTotp, totpCode } from '../support/second-factor.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import {
  PASSWORD,
  injectCall,
  signIn,
  signInStaffAgain,
  signedInStaff,
  signedInUser,
} from '../support/users.ts';

let t: TestApp;
// Many sign-ins from one address in one file: the per-IP budget of one person would run out.
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_FACTOR: '50' });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A rider who set up an authenticator app. */
async function riderWithApp() {
  const rider = await signedInUser(t);
  const { authenticator, recoveryCodes } = await enrolTotp(injectCall(t, rider.token));
  return { ...rider, authenticator, recoveryCodes };
}

async function ticketOf(email: string, remoteAddress?: string): Promise<string> {
  const login = await post('/api/login', { email, password: PASSWORD }, {}, remoteAddress);
  expect(login.statusCode).toBe(200);
  const body = login.json();
  expect(body).toEqual({
    second_factor: 'required',
    ticket: expect.any(String),
    methods: ['totp', 'recovery_code'],
  });
  // No session until the code: neither a token nor a cookie.
  expect(login.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
  return body.ticket;
}

const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));

/** How many mails about `event` of their second factor `email` received (in the account's language, French here). */
async function securityMails(email: string, event: SecondFactorEvent) {
  const { subject } = secondFactorEmail('fr', t.config.publicUrl, { prenom: '', event });
  return (await mailsTo(email)).filter((mail) => mail.subject === subject).length;
}

describe('setting up an authenticator app', () => {
  it('gives a secret and its otpauth address, turns on with a first code and shows ten recovery codes once', async () => {
    const rider = await signedInUser(t);
    const call = injectCall(t, rider.token);
    const started = await call('POST', '/api/me/second-factors/totp');
    expect(started.status).toBe(201);
    const { secret, otpauth_uri } = started.body as { secret: string; otpauth_uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*\?.*secret=/);
    expect(otpauth_uri).toContain('algorithm=SHA1&digits=6&period=30');
    // Until confirmed, the sign-in is unchanged.
    expect(await signIn(t, rider.email)).toEqual(expect.any(String));

    const wrong = await call('POST', '/api/me/second-factors/totp/confirm', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { error: { code: string } }).error.code).toBe('invalid_code');
    const confirmed = await call('POST', '/api/me/second-factors/totp/confirm', { code: totpCode(secret) });
    expect(confirmed.status).toBe(200);
    const codes = (confirmed.body as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);

    const status = await call('GET', '/api/me/second-factors');
    expect(status.body).toEqual({
      totp: { confirmed_at: expect.any(String), last_used_at: expect.any(String) },
      passkeys: [],
      pending: null,
      recovery_codes_left: 10,
      required: false,
    });
    // The secret is never shown again; a second app is refused.
    expect(JSON.stringify(status.body)).not.toContain(secret);
    expect((await call('POST', '/api/me/second-factors/totp')).status).toBe(409);
    // Its owner is told.
    expect(await securityMails(rider.email, 'added')).toBe(1);
  });

  it('answers 401 signed out and 400 for a code of any other shape', async () => {
    expect((await post('/api/me/second-factors/totp', {})).statusCode).toBe(401);
    const rider = await signedInUser(t);
    for (const code of ['', '12345', '1234567', 'abcdefghij0', '<script>', 'x'.repeat(40)]) {
      const refused = await post('/api/me/second-factor/verify', { code }, rider.auth);
      expect(refused.statusCode, code).toBe(400);
    }
  });
});

describe('signing in with a second factor', () => {
  it('exchanges the ticket and a code for the session, and the ticket only once', async () => {
    const rider = await riderWithApp();
    const ticket = await ticketOf(rider.email);
    const signedIn = await post('/api/login/second-factor', { ticket, code: rider.authenticator.nextCode() });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.httpOnly).toBe(true);
    const token = signedIn.json().token as string;
    expect((await get('/api/me', bearer(token))).json().email).toBe(rider.email);
    const again = await post('/api/login/second-factor', { ticket, code: '000000' });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('ticket_expired');
  });

  it('accepts a code once: the same code replayed is refused', async () => {
    const rider = await riderWithApp();
    const code = rider.authenticator.nextCode();
    expect(
      (await post('/api/login/second-factor', { ticket: await ticketOf(rider.email), code })).statusCode,
    ).toBe(200);
    const replayed = await post('/api/login/second-factor', { ticket: await ticketOf(rider.email), code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('invalid_code');
  });

  it('burns the ticket after five wrong codes, which also count in the account’s sign-in budget', async () => {
    const rider = await riderWithApp();
    const address = '203.0.113.42';
    const ticket = await ticketOf(rider.email, address);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post('/api/login/second-factor', { ticket, code: '000000' }, {}, address);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: 'invalid_code',
        fields: { code: expect.any(String) },
      });
    }
    const burnt = await post(
      '/api/login/second-factor',
      { ticket, code: rider.authenticator.nextCode() },
      {},
      address,
    );
    expect(burnt.statusCode).toBe(401);
    expect(burnt.json().error.code).toBe('ticket_expired');
    // The account's budget for unknown browsers is spent: even the right password waits.
    const locked = await post('/api/login', { email: rider.email, password: PASSWORD }, {}, address);
    expect(locked.statusCode).toBe(429);
  });

  it('lets a ticket live five minutes', async () => {
    const rider = await riderWithApp();
    const ticket = await ticketOf(rider.email);
    await t.db
      .update(signInTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInTickets.tokenHash, hashToken(ticket)));
    const late = await post('/api/login/second-factor', { ticket, code: rider.authenticator.nextCode() });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('ticket_expired');
  });

  it('signs in with a recovery code once, tells its owner, and counts what is left', async () => {
    const rider = await riderWithApp();
    const [code] = rider.recoveryCodes;
    const first = await post('/api/login/second-factor', {
      ticket: await ticketOf(rider.email),
      code: code!,
    });
    expect(first.statusCode).toBe(200);
    const reused = await post('/api/login/second-factor', {
      ticket: await ticketOf(rider.email),
      code: code!,
    });
    expect(reused.statusCode).toBe(400);
    // Typed in capitals and without the dash, another code still works.
    const typed = rider.recoveryCodes[1]!.replace('-', '').toUpperCase();
    expect(
      (await post('/api/login/second-factor', { ticket: await ticketOf(rider.email), code: typed }))
        .statusCode,
    ).toBe(200);
    const status = await get('/api/me/second-factors', bearer(first.json().token));
    expect(status.json().recovery_codes_left).toBe(8);
    expect(await securityMails(rider.email, 'recovery_code_used')).toBe(2);
  });

  it('never lets a password reset skip the second factor', async () => {
    const rider = await riderWithApp();
    expect((await post('/api/account/forgot-password', { email: rider.email, lang: 'gb' })).statusCode).toBe(
      200,
    );
    const [link] = (await mailsTo(rider.email))
      .flatMap((mail) => [...mail.text.matchAll(/https?:\/\/\S+reset-password\S*/g)].map((match) => match[0]))
      .map((address) => new URL(address));
    const email =
      link!.searchParams.get('email') ?? decodeURIComponent(link!.pathname.split('/').at(-2) ?? '');
    const token = link!.searchParams.get('token') ?? link!.pathname.split('/').at(-1);
    const reset = await post(`/api/account/reset-password/${encodeURIComponent(email)}/${token}`, {
      password: 'Ventoux2026',
    });
    expect(reset.statusCode).toBeLessThan(300);
    expect(reset.json().token).toBeUndefined();
    const login = await post('/api/login', { email: rider.email, password: 'Ventoux2026' });
    expect(login.json().second_factor).toBe('required');
  });
});

describe('the back office holds its people to a second factor', () => {
  it('signs a role holder without one in with setup_required, and refuses every permission until it is set up', async () => {
    const rider = await signedInUser(t);
    await t.services.accounts.setRolesByEmail({ tool: 'cli' }, rider.email, ['desk']);
    const login = await post('/api/login', { email: rider.email, password: PASSWORD });
    expect(login.json()).toEqual({ token: expect.any(String), second_factor: 'setup_required' });
    const auth = bearer(login.json().token);
    const refused = await get('/api/admin/candidates?list=traitements', auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_required');
    await enrolTotp(injectCall(t, login.json().token));
    expect((await get('/api/admin/candidates?list=traitements', auth)).statusCode).toBe(200);
  });

  it('asks a second factor passed within STEP_UP_MINUTES for a role change, and takes a code in place', async () => {
    const admin = await signedInStaff(t, ['admin']);
    const rider = await signedInUser(t);
    await t.db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(admin.token)));
    const change = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${rider.id}/roles`,
        headers: admin.auth,
        payload: { roles: ['desk'] },
      });
    const stale = await change();
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('reauthentication_required');
    // Reading stays open: only the grave acts ask again.
    expect((await get('/api/admin/users', admin.auth)).statusCode).toBe(200);
    const verified = await post(
      '/api/me/second-factor/verify',
      { code: admin.authenticator.nextCode() },
      admin.auth,
    );
    expect(verified.statusCode).toBe(204);
    expect((await change()).statusCode).toBe(200);
  });

  it('refuses a stale session a refund and another person’s data the same way', async () => {
    const treasurer = await signedInStaff(t, ['treasurer', 'admin']);
    await t.db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(treasurer.token)));
    const refund = await post(
      '/api/admin/orders/1/refunds',
      { candidate_ids: [1], reason: 'Blessure' },
      { ...treasurer.auth, 'idempotency-key': crypto.randomUUID() },
    );
    expect(refund.statusCode).toBe(403);
    expect(refund.json().error.code).toBe('reauthentication_required');
    await expect(
      t.services.dataExport.forAddress(await sessionUserOf(treasurer.token), 'someone@example.org'),
    ).rejects.toMatchObject({ code: 'reauthentication_required' });
  });

  it('removes one’s own app only after a recent factor, and a role holder is then asked to set one up again', async () => {
    const desk = await signedInStaff(t, ['desk']);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/me/second-factors/totp',
      headers: desk.auth,
    });
    expect(removed.statusCode).toBe(204);
    const refused = await get('/api/admin/candidates?list=traitements', desk.auth);
    expect(refused.json().error.code).toBe('second_factor_required');
    expect(await securityMails(desk.email, 'removed')).toBe(1);
  });

  it('lets an administrator reset a lost factor: sessions end, the act is audited and the person told', async () => {
    const admin = await signedInStaff(t, ['admin']);
    const desk = await signedInStaff(t, ['desk']);
    const byDesk = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${admin.id}/second-factors`,
      headers: desk.auth,
    });
    expect(byDesk.statusCode).toBe(403);
    const reset = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${desk.id}/second-factors`,
      headers: admin.auth,
    });
    expect(reset.statusCode).toBe(204);
    expect((await get('/api/me', desk.auth)).statusCode).toBe(401);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.second_factor_reset'), eq(auditLog.entityId, String(desk.id))));
    expect(entry).toMatchObject({ actorId: admin.id, before: { second_factors: ['totp'] } });
    expect(await securityMails(desk.email, 'reset')).toBe(1);
    // They sign in with the password alone and must set up a new app.
    expect((await post('/api/login', { email: desk.email, password: PASSWORD })).json().second_factor).toBe(
      'setup_required',
    );
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/users/999999/second-factors',
      headers: admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists whether each person of the back office has a second factor', async () => {
    const admin = await signedInStaff(t, ['admin']);
    const listed = await get(`/api/admin/users?email=${encodeURIComponent(admin.email)}`, admin.auth);
    expect(listed.json()).toEqual([expect.objectContaining({ email: admin.email, second_factor: true })]);
    const again = await signInStaffAgain(t, admin);
    expect((await get('/api/admin/users', again.auth)).statusCode).toBe(200);
  });
});

describe('the tests’ authenticator', () => {
  it('gives two codes of one account within a step, then refuses a third', () => {
    const authenticator = new Authenticator('JBSWY3DPEHPK3PXP');
    const now = Date.UTC(2026, 10, 27, 12, 0, 5);
    expect(authenticator.nextCode(now)).not.toBe(authenticator.nextCode(now));
    expect(() => authenticator.nextCode(now)).toThrow(/thirty seconds/);
  });
});

async function sessionUserOf(token: string) {
  const user = await t.services.sessions.findUser(token);
  if (!user) throw new Error('no session');
  return user;
}

describe('inviting a new helper', () => {
  it('makes the account with its roles and mails a link that sets the password; the sign-in then asks for a factor', async () => {
    const admin = await signedInStaff(t, ['admin']);
    const email = `invited.${Date.now()}@example.org`;
    const invited = await post(
      '/api/admin/users/invitations?lang=gb',
      { email, prenom: 'Lucie', nom: 'Bénévole', roles: ['desk'] },
      admin.auth,
    );
    expect(invited.statusCode).toBe(201);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Invitation to the club site's back office");
    const link = new URL(/https?:\/\/\S+reset-password\S*/.exec(mail!.text)![0]);
    const set = await post(
      `/api/account/reset-password/${encodeURIComponent(link.searchParams.get('email')!)}/${link.searchParams.get('token')}`,
      { password: 'Ventoux2026' },
    );
    expect(set.statusCode).toBeLessThan(300);
    const login = await post('/api/login', { email, password: 'Ventoux2026' });
    expect(login.json().second_factor).toBe('setup_required');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.entityId, String(invited.json().id))));
    expect(entry).toMatchObject({ actorId: admin.id, after: { email, roles: ['desk'], invited: true } });
  });

  it('refuses a taken address (409), no role (400), and anyone who may not manage people (403)', async () => {
    const admin = await signedInStaff(t, ['admin']);
    const desk = await signedInStaff(t, ['desk']);
    const body = { email: desk.email, prenom: 'A', nom: 'B', roles: ['desk'] };
    expect((await post('/api/admin/users/invitations', body, admin.auth)).statusCode).toBe(409);
    expect(
      (
        await post(
          '/api/admin/users/invitations',
          { ...body, email: 'new.one@example.org', roles: [] },
          admin.auth,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/admin/users/invitations', { ...body, email: 'other.one@example.org' }, desk.auth))
        .statusCode,
    ).toBe(403);
  });
});
