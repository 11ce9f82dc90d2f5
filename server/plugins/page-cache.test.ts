import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import compression from './compression.ts';
import { createPageStore, inlineScriptHashes, pageCacheKey, registerPageCache } from './page-cache.ts';
import security, { cspNonce } from './security.ts';

const get = (url: string, cookieHeader?: string) => ({
  method: 'GET',
  url,
  headers: cookieHeader ? { cookie: cookieHeader } : {},
});

describe('pageCacheKey', () => {
  it('keys anonymous pages by path, sorted query and dismissed notices', () => {
    expect(pageCacheKey(get('/fr/laureates?sort=nom&q=ven'))).toBe('|/fr/laureates?q=ven&sort=nom');
    expect(pageCacheKey(get('/fr/laureates?q=ven&sort=nom'))).toBe('|/fr/laureates?q=ven&sort=nom');
    expect(pageCacheKey(get('/gb', 'i18n=de; dismissed=medals.cookies.cookies'))).toBe('cookies.medals|/gb');
    expect(pageCacheKey(get('/fr/stats', 'dismissed=nonsense'))).toBe('|/fr/stats');
  });

  it('renders every time what must not be shared or kept', () => {
    expect(pageCacheKey(get('/fr', 'session=abc'))).toBeNull();
    expect(pageCacheKey({ ...get('/fr'), headers: { authorization: 'Bearer abc' } })).toBeNull();
    expect(pageCacheKey({ ...get('/fr'), method: 'POST' })).toBeNull();
    expect(pageCacheKey({ ...get('/fr'), method: 'HEAD' })).toBeNull();
    expect(pageCacheKey(get('/assets/root.js'))).toBeNull();
    expect(pageCacheKey(get('/fr/public-display-restriction?token=secret'))).toBeNull();
    expect(pageCacheKey(get(`/fr/laureates?q=${'x'.repeat(300)}`))).toBeNull();
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only, as a CSP hash source expects', () => {
    const html =
      '<script>a()</script><script type="module" src="/x.js"></script><script nonce="">b()</script>';
    const sha = (text: string) => crypto.createHash('sha256').update(text).digest('base64');
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
  });
});

describe('createPageStore', () => {
  const page = (bytes: number) => ({
    status: 200,
    headers: {},
    bodies: { identity: Buffer.alloc(bytes), br: null, gzip: null },
    size: bytes,
  });

  it('drops the least recently used pages beyond its budget, queries apart from plain pages', () => {
    const store = createPageStore({ maxBytes: 4000 });
    store.set('|/fr', page(1200));
    store.set('|/fr/stats', page(1200));
    store.get('|/fr');
    store.set('|/fr/roads', page(1200)); // over the 3,000 bytes of plain pages: /fr/stats, least recently used, goes
    expect(store.get('|/fr')).toBeDefined();
    expect(store.get('|/fr/stats')).toBeUndefined();
    for (let index = 0; index < 50; index += 1) store.set(`|/fr/laureates?q=${index}`, page(500));
    expect(store.get('|/fr')).toBeDefined();
    expect(store.get('|/fr/laureates?q=49')).toBeDefined();
    expect(store.get('|/fr/laureates?q=0')).toBeUndefined();
  });

  it('forgets everything on clear, and entries after their time to live', async () => {
    const store = createPageStore({ maxBytes: 10_000, ttlMs: 20 });
    store.set('|/fr', page(10));
    const generation = store.generation;
    store.clear();
    expect(store.get('|/fr')).toBeUndefined();
    expect(store.generation).not.toBe(generation);
    store.set('|/fr', page(10));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(store.get('|/fr')).toBeUndefined();
  });
});

describe('page cache plugin', () => {
  const app = Fastify();
  const store = createPageStore({ maxBytes: 1024 * 1024 });
  let renders = 0;
  let notifyChange = () => {};
  const filler = '<p>Mont Ventoux, 1910 m</p>'.repeat(100);

  beforeAll(async () => {
    await app.register(cookie);
    await app.register(security, { https: false, dev: false });
    await app.register(compression);
    await app.register(async (pages) => {
      registerPageCache(pages, {
        store,
        subscribe: (listener) => {
          notifyChange = listener;
        },
      });
      // Stands in for React Router: a streamed page whose inline script carries the response's nonce.
      pages.get('/*', async (request, reply) => {
        renders += 1;
        const nonce = cspNonce(reply.raw);
        const signedIn = request.cookies.session ? 'member' : 'visitor';
        if (request.url.startsWith('/fr/missing')) reply.code(404);
        if (request.url.startsWith('/fr/sets-cookie')) reply.header('set-cookie', 'x=1');
        const html = `<html><body>${signedIn} ${renders}${filler}<script nonce="${nonce}">hydrate(${renders})</script></body></html>`;
        return reply.type('text/html; charset=utf-8').send(Readable.from([Buffer.from(html)]));
      });
    });
    await app.ready();
  });
  beforeEach(() => store.clear());
  afterAll(() => app.close());

  const browser = { 'accept-encoding': 'gzip, deflate, br' };

  it('renders a page once, then sends the kept bytes, compressed per encoding', async () => {
    const before = renders;
    const miss = await app.inject({ url: '/fr/stats', headers: browser });
    const hit = await app.inject({ url: '/fr/stats', headers: browser });
    const gzip = await app.inject({ url: '/fr/stats', headers: { 'accept-encoding': 'gzip' } });
    const identity = await app.inject({ url: '/fr/stats' });
    expect(renders - before).toBe(1);
    expect([miss.headers['x-page-cache'], hit.headers['x-page-cache']]).toEqual(['miss', 'hit']);
    expect(hit.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(hit.rawPayload).toString()).toBe(
      zlib.brotliDecompressSync(miss.rawPayload).toString(),
    );
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toContain('visitor');
  });

  it('gives misses of one page arriving together the same kept copy, compressed once', async () => {
    const before = renders;
    const answers = await Promise.all(
      [1, 2, 3].map(() => app.inject({ url: '/fr/roads', headers: browser })),
    );
    expect(renders - before).toBe(3);
    const bodies = answers.map((answer) => zlib.brotliDecompressSync(answer.rawPayload).toString());
    expect(new Set(bodies).size).toBe(1);
    const hit = await app.inject({ url: '/fr/roads', headers: browser });
    expect(zlib.brotliDecompressSync(hit.rawPayload).toString()).toBe(bodies[0]);
  });

  it('says that the answer varies with the cookie and the accepted encoding', async () => {
    await app.inject({ url: '/fr', headers: browser });
    const hit = await app.inject({ url: '/fr', headers: browser });
    expect(hit.headers.vary).toBe('Cookie, Accept-Encoding');
  });

  it('allows the kept inline scripts by hash, with no nonce shared between visitors', async () => {
    await app.inject({ url: '/fr/club' });
    const first = await app.inject({ url: '/fr/club' });
    const policy = String(first.headers['content-security-policy']);
    const script = /<script nonce="([^"]*)">([^<]*)<\/script>/.exec(first.body)!;
    expect(script[1]).toBe('');
    const hash = crypto.createHash('sha256').update(script[2]!).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toContain('nonce-');
  });

  it('never keeps a signed-in page, and gives it a fresh nonce each time', async () => {
    const before = renders;
    const first = await app.inject({ url: '/fr/club', headers: { cookie: 'session=abc' } });
    const second = await app.inject({ url: '/fr/club', headers: { cookie: 'session=abc' } });
    expect(renders - before).toBe(2);
    expect(first.body).toContain('member');
    expect(first.headers['x-page-cache']).toBeUndefined();
    const nonceOf = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1];
    expect(nonceOf(first.headers['content-security-policy'])).toBeTruthy();
    expect(nonceOf(first.headers['content-security-policy'])).not.toBe(
      nonceOf(second.headers['content-security-policy']),
    );
    expect(first.body).toContain(`nonce="${nonceOf(first.headers['content-security-policy'])}"`);
    const anonymous = await app.inject({ url: '/fr/club' });
    expect(anonymous.body).toContain('visitor');
  });

  it('renders again after what the public sees has changed', async () => {
    const first = await app.inject({ url: '/fr/laureates' });
    notifyChange();
    const second = await app.inject({ url: '/fr/laureates' });
    expect(second.headers['x-page-cache']).toBe('miss');
    expect(second.body).not.toBe(first.body);
  });

  it('keeps neither a 404 nor an answer that sets a cookie, and still allows their scripts', async () => {
    const before = renders;
    await app.inject({ url: '/fr/missing' });
    const missing = await app.inject({ url: '/fr/missing' });
    await app.inject({ url: '/fr/sets-cookie' });
    await app.inject({ url: '/fr/sets-cookie' });
    expect(renders - before).toBe(4);
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['content-security-policy'])).toContain("'sha256-");
  });
});
