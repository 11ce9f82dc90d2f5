import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import compression, { chooseEncoding, compressOnce, compressToKeep } from './compression.ts';

describe('chooseEncoding', () => {
  it('prefers Brotli, then gzip, and respects a refusal', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('compression plugin', () => {
  const page = `<!DOCTYPE html><html><body>${'<p>Mont Ventoux, 1910 m</p>'.repeat(200)}</body></html>`;
  const app = Fastify();

  beforeAll(async () => {
    await app.register(compression);
    app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
    app.get('/stream', async (_request, reply) =>
      reply.type('text/javascript').send(Readable.from([Buffer.from('console.log(1);'.repeat(500))])),
    );
    app.get('/small', async (_request, reply) => reply.type('text/plain').send('ok'));
    app.get('/picture', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(4096)));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends a page in Brotli to a browser that accepts it', async () => {
    const response = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.rawPayload.length).toBeLessThan(page.length / 10);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it('compresses streamed files with gzip when Brotli is not accepted', async () => {
    const response = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe('console.log(1);'.repeat(500));
  });

  it('leaves alone small answers, pictures and clients that accept no encoding', async () => {
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('ok');
    const picture = await app.inject({ url: '/picture', headers: { 'accept-encoding': 'br' } });
    expect(picture.headers['content-encoding']).toBeUndefined();
    const plain = await app.inject({ url: '/page' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });
});

describe('compressToKeep', () => {
  const page = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `<tr><td>Rider ${i}</td><td>${(i * 7919) % 1000}</td></tr>`).join(
      '',
    ),
  );

  it('keeps Brotli at a higher quality than on the fly, and gzip, both decoding to the page', async () => {
    const [kept, gzip] = await Promise.all([compressToKeep(page, 'br'), compressToKeep(page, 'gzip')]);
    expect(zlib.brotliDecompressSync(kept!).equals(page)).toBe(true);
    expect(zlib.gunzipSync(gzip!).equals(page)).toBe(true);
    expect(kept!.length).toBeLessThan((await compressOnce(page, 'br'))!.length);
  });

  it('leaves a body too small to be worth it', async () => {
    expect(await compressToKeep(Buffer.from('<p>Ventoux</p>'), 'br')).toBeNull();
  });
});
