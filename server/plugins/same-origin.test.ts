import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errors from './errors.ts';
import sameOrigin from './same-origin.ts';

const app = Fastify();

beforeAll(async () => {
  await app.register(errors);
  await app.register(sameOrigin, { publicUrl: 'https://cingles.example' });
  app.post('/change', async () => ({ changed: true }));
  app.get('/read', async () => ({ read: true }));
  await app.ready();
});
afterAll(() => app.close());

const post = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/change',
    headers: { host: 'cingles.example', ...headers },
    payload: {},
  });

describe('the same-origin check', () => {
  it('lets through requests that carry no browser provenance (API clients, webhooks, tests)', async () => {
    expect((await post({})).statusCode).toBe(200);
  });

  it('lets through the site itself: PUBLIC_URL, the request host, same-origin and same-site fetches', async () => {
    expect((await post({ origin: 'https://cingles.example' })).statusCode).toBe(200);
    expect((await post({ origin: 'http://cingles.example', host: 'cingles.example' })).statusCode).toBe(200);
    expect((await post({ origin: 'http://127.0.0.1:3221', host: '127.0.0.1:3221' })).statusCode).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(200);
    expect((await post({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
  });

  it('refuses a state change from another site, by Origin or by Sec-Fetch-Site', async () => {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'not a url' },
      { origin: 'https://cingles.example.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://cingles.example', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const response = await post(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'cross_site_request', message: 'Requests from another site are refused' },
      });
    }
  });

  it('leaves reads alone, and requests authenticated by a Bearer token', async () => {
    const read = await app.inject({
      method: 'GET',
      url: '/read',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    expect(
      (await post({ origin: 'https://evil.example', authorization: 'Bearer some-token' })).statusCode,
    ).toBe(200);
  });
});
