/**
 * What the server does with a page address before any page sees it: remembering the locale of the page opened
 * (cookie `i18n`), the locale redirect, and the 301 from the homologation lists' earlier addresses. The pages
 * themselves are not built for API tests: the answers here come from the hook alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const setCookies = (header: string | string[] | undefined) => [header ?? []].flat();

describe('the locale cookie', () => {
  it('is set to the locale of the page opened when it differs, for 365 days on the whole site', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/de/roads', cookies: { i18n: 'fr' } });
    const cookies = setCookies(response.headers['set-cookie']);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^i18n=de;/);
    expect(cookies[0]).toContain('Max-Age=31536000');
    expect(cookies[0]).toContain('Path=/');
    expect(cookies[0]).toContain('SameSite=Lax');
    // The language switcher writes the same cookie from the browser.
    expect(cookies[0]).not.toContain('HttpOnly');
  });

  it('is set when there was none', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/it' });
    expect(setCookies(response.headers['set-cookie'])[0]).toMatch(/^i18n=it;/);
  });

  it('is left alone when it already says that locale, and by the API and files', async () => {
    for (const [url, cookie] of [
      ['/de/roads', 'de'],
      ['/api/laureates', 'fr'],
      ['/flags/de.svg', 'fr'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, cookies: { i18n: cookie } });
      expect(setCookies(response.headers['set-cookie']), url).toEqual([]);
    }
  });

  it('then chooses the locale of a bare address', async () => {
    const opened = await t.app.inject({ method: 'GET', url: '/nl/laureates' });
    const cookie = /^i18n=([a-z]+)/.exec(setCookies(opened.headers['set-cookie'])[0] ?? '')?.[1];
    const bare = await t.app.inject({
      method: 'GET',
      url: '/roads?x=1',
      cookies: { i18n: cookie ?? '' },
      headers: { 'accept-language': 'de' },
    });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/nl/roads?x=1');
  });
});

describe('the earlier addresses of the homologation lists', () => {
  it("answer 301 to the club's addresses, keeping the query", async () => {
    const inProgress = await t.app.inject({
      method: 'GET',
      url: '/fr/administration/homologations/in-progress',
    });
    expect(inProgress.statusCode).toBe(301);
    expect(inProgress.headers.location).toBe('/fr/administration/homologations');
    const history = await t.app.inject({
      method: 'GET',
      url: '/gb/administration/homologations/history?page=2',
    });
    expect(history.statusCode).toBe(301);
    expect(history.headers.location).toBe('/gb/administration/homologations/historique?page=2');
  });
});
