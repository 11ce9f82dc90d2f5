import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { SESSION_COOKIE } from '../../contracts/cookies.ts';
import { signedInUser } from '../support/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('probes', () => {
  it('/health says the process is alive', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/ready says the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('API conventions', () => {
  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  it('sends security headers with a script nonce and no unsafe-inline scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives JSON answers of the API a deny-all policy and no nonce', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/laureates' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(String(docs.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('adds HSTS when the site is served over HTTPS', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://cingles.example' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/health' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await secure.close();
    }
    // A second server of its own: its database and migrations take more than 30 s on a loaded two-core machine.
  }, 120_000);

  it('serves flag icons', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/flags/gb.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });

  it('reads no session for a file that is the same for everyone, and reads it for the rest', async () => {
    const { token } = await signedInUser(t);
    const findUser = vi.spyOn(t.services.sessions, 'findUser');
    try {
      const flag = await t.app.inject({
        method: 'GET',
        url: '/flags/gb.svg',
        cookies: { [SESSION_COOKIE]: token },
      });
      expect(flag.statusCode).toBe(200);
      expect(findUser).not.toHaveBeenCalled();
      const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [SESSION_COOKIE]: token } });
      expect(me.statusCode).toBe(200);
      expect(findUser).toHaveBeenCalledTimes(1);
    } finally {
      findUser.mockRestore();
    }
  });
});
