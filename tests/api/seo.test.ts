import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '../../domain/pages.ts';
import { LOCALES } from '../../domain/locales.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

const PUBLIC_URL = 'https://cingles.example';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
});

/** The `<url>` blocks of a sitemap, each with its `<loc>` and its alternates by hreflang. */
function parseSitemap(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, block = '']) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(block)?.[1],
    alternates: Object.fromEntries(
      [...block.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        ([, lang, href]) => [lang, href],
      ),
    ),
  }));
}

describe('/sitemap.xml', () => {
  it('lists every sitemap page of the registry in every locale, with absolute URLs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(response.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');

    const urls = parseSitemap(response.body);
    const listed = PAGES.filter((page) => page.sitemap);
    expect(urls).toHaveLength(listed.length * LOCALES.length);
    const locs = urls.map((url) => url.loc);
    expect(locs).toContain(`${PUBLIC_URL}/fr`);
    expect(locs).toContain(`${PUBLIC_URL}/de/roads`);
    expect(locs).toContain(`${PUBLIC_URL}/it/public-display-restriction`);
    expect(locs.every((loc) => loc?.startsWith(`${PUBLIC_URL}/`))).toBe(true);
  });

  it('leaves out pages that are not public', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.body).not.toMatch(/administration|\/account|\/order|\/login/);
  });

  it('gives each URL its alternates in the six languages and a default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const roads = parseSitemap(response.body).find((url) => url.loc === `${PUBLIC_URL}/nl/roads`);
    expect(roads?.alternates).toEqual({
      'fr-FR': `${PUBLIC_URL}/fr/roads`,
      'en-GB': `${PUBLIC_URL}/gb/roads`,
      'de-DE': `${PUBLIC_URL}/de/roads`,
      'nl-NL': `${PUBLIC_URL}/nl/roads`,
      'es-ES': `${PUBLIC_URL}/es/roads`,
      'it-IT': `${PUBLIC_URL}/it/roads`,
      'x-default': `${PUBLIC_URL}/fr/roads`,
    });
  });
});

describe('/robots.txt', () => {
  it('points to the sitemap and keeps the administration and the accounts out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Disallow: /*/administration',
        'Disallow: /administration',
        'Disallow: /*/account',
        'Disallow: /account',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      ]),
    );
  });
});
