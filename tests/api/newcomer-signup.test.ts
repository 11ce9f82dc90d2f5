/**
 * The newcomer's sign-up (issue 46), as the sign-up page's action makes it through the accounts service: the new
 * account is signed in, and the confirmation link carries where the person was, only when it is a path of this
 * site; sending the link again keeps it. The plain API's sign-up opens no session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupSchema } from '../../domain/schemas/user.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { mailedLink, signupPayload } from '../support/users.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cingles.example' });
});
afterAll(() => t.close());

/** A valid sign-up, as the page's action hands it to the service (checked by the API's schema). */
const newcomer = () => signupSchema.parse(signupPayload());

async function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
}

describe('signing up from the sign-up page', () => {
  it('signs the new account in, and its link leads back to the order', async () => {
    const payload = newcomer();
    const created = await t.services.accounts.signup(payload, 'fr', {
      openSession: true,
      returnTo: '/fr/order',
    });
    expect(created.session?.token).toEqual(expect.any(String));
    const answer = await me(created.session!.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ email: string }>().email).toBe(payload.email);

    const link = await mailedLink(t, payload.email, '/account/verify-email');
    expect(link.origin + link.pathname).toBe('https://cingles.example/fr/account/verify-email');
    expect(link.searchParams.get('redirectTo')).toBe('/fr/order');
    expect(link.searchParams.get('token')).toEqual(expect.any(String));
  });

  it.each(['//evil.example/', 'https://evil.example/fr/order', '/\\evil.example', '/%2F%2Fevil.example'])(
    'leaves out a return address of another site: %s',
    async (returnTo) => {
      const payload = newcomer();
      await t.services.accounts.signup(payload, 'gb', { openSession: true, returnTo });
      const link = await mailedLink(t, payload.email, '/account/verify-email');
      expect(link.searchParams.has('redirectTo')).toBe(false);
    },
  );

  it('sends the link again with the same way back', async () => {
    const payload = newcomer();
    const { id, session } = await t.services.accounts.signup(payload, 'gb', { openSession: true });
    const user = (await t.services.sessions.findUser(session!.token))!;
    expect(user.id).toBe(id);
    await t.services.accounts.resendVerification(user, { ip: '192.0.2.46', locale: 'gb' }, '/gb/order');
    const link = await mailedLink(t, payload.email, '/account/verify-email');
    expect(link.searchParams.get('redirectTo')).toBe('/gb/order');
  });

  it('opens no session through the plain API', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupPayload() });
    expect(response.statusCode).toBe(201);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(Object.keys(response.json<object>())).toEqual(['id']);
  });
});
