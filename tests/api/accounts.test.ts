import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../../server/services/guards.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { PASSWORD, signIn, signUp, signedInAdmin, signedInUser, signupPayload } from '../support/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/signup', () => {
  it('creates an account', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupPayload() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number) });
  });

  it('answers 409 email_taken for an address already used, whatever its case', async () => {
    const user = await signUp(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: signupPayload({ email: user.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('email_taken');
  });

  it('answers 400 with a message key per invalid field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: signupPayload({
        civilite: '',
        nom: ' ',
        tel: '12',
        cp: 'ABCDE',
        email: 'not-an-email',
        password: 'short',
        password_confirmation: 'other',
      }),
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation');
    expect(error.fields).toMatchObject({
      civilite: 'validation:civilite_required',
      nom: 'validation:nom_required',
      tel: 'validation:phone_invalid',
      cp: 'validation:cp_invalid',
      email: 'validation:email_invalid',
      password: 'validation:password_rules',
      password_confirmation: 'validation:password_mismatch',
    });
  });

  it('checks the phone number against the country', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: signupPayload({ pays: 'gb', cp: 'SW1A 1AA', tel: '06 12 34 56 78' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.tel).toBe('validation:phone_invalid');
  });

  it('rejects a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.c',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('POST /api/login', () => {
  it('answers a token and sets an HttpOnly session cookie', async () => {
    const user = await signUp(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`session=${token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const user = await signUp(t);
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'Wrong1234' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.org', password: 'Wrong1234' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');
  });

  it('limits attempts per email with 429 and Retry-After', async () => {
    const user = await signUp(t);
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'Wrong1234' },
        remoteAddress: '10.0.0.7',
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits attempts per IP address across emails', async () => {
    const attempt = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `ip${n}@example.org`, password: 'Wrong1234' },
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 20; i += 1) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(99)).statusCode).toBe(429);
  });
});

describe('the current user', () => {
  it('GET /api/me answers the user without any secret', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: user.auth });
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me).toMatchObject({
      id: user.id,
      email: user.email,
      roles: [],
      scope: ['user'],
      nom: 'Martin',
      tel: '+33612345678',
    });
    expect(JSON.stringify(me)).not.toMatch(/password|hash|\$argon2/i);
  });

  it('accepts the session cookie as well as the bearer token', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { session: user.token } });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 without a session or with a made-up token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer('x'.repeat(43)) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('unauthorized');
  });

  it('PUT /api/me updates the profile, and refuses another user’s email', async () => {
    const other = await signUp(t);
    const user = await signedInUser(t);
    const {
      password: _p,
      password_confirmation: _c,
      ...fields
    } = signupPayload({ email: user.email, ville: 'Malaucène', cp: '84340' });
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: user.auth,
      payload: fields,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ ville: 'Malaucène', cp: '84340' });
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: user.auth,
      payload: { ...fields, email: other.email, current_password: PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: user.auth,
      payload: { ...fields, pays: 'zz' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.pays).toBe('validation:pays_required');
  });

  it('POST /api/logout revokes the session', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: user.auth });
    expect(response.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });
});

describe('an account made with the command line', () => {
  it('has no birth date: GET /api/me answers null, and the owner can complete it', async () => {
    const email = `cli.${Date.now()}@example.org`;
    // The operation `npm run cli -- user:create` runs.
    await t.services.accounts.createUser(CLI, {
      email,
      password: PASSWORD,
      roles: ['admin'],
      prenom: 'Jean',
    });
    const auth = bearer(await signIn(t, email));
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: auth });
    expect(me.statusCode).toBe(200);
    expect(me.json().date_naissance).toBeNull();

    const completed = await t.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: auth,
      payload: { ...signupPayload({ email }), password: undefined, password_confirmation: undefined },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().date_naissance).toBe('1985-04-12');
  });
});

describe('PUT /api/me/password', () => {
  it('needs the current password', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: user.auth,
      payload: { current_password: 'Wrong1234', password: 'Summit1910', password_confirmation: 'Summit1910' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('wrong_current_password');
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await signedInUser(t);
    const otherDevice = await signIn(t, user.email);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: user.auth,
      payload: { current_password: PASSWORD, password: 'Summit1910', password_confirmation: 'Summit1910' },
    });
    expect(response.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.auth })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(otherDevice) })).statusCode,
    ).toBe(401);
    await expect(signIn(t, user.email, 'Summit1910')).resolves.toBeTruthy();
  });

  it('applies the password rules', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/password',
      headers: user.auth,
      payload: {
        current_password: PASSWORD,
        password: 'alllowercase1',
        password_confirmation: 'alllowercase1',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.password).toBe('validation:password_rules');
  });
});

describe('GET /api/admin/users', () => {
  it('lists the people who hold a role to an admin only', async () => {
    const adminUser = await signedInAdmin(t);
    const plain = await signedInUser(t);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: adminUser.auth,
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: adminUser.email })]),
    );
    expect(JSON.stringify(asAdmin.json())).not.toMatch(/password/i);
    const asUser = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: plain.auth });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().error.code).toBe('forbidden');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  it('GET /api/me tells an admin its role and scope', async () => {
    const adminUser = await signedInAdmin(t);
    const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: adminUser.auth })).json();
    expect(me.roles).toEqual(['desk', 'president', 'treasurer', 'admin']);
    expect(me.scope).toEqual(expect.arrayContaining(['user', 'admin']));
  });
});
