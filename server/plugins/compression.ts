/**
 * Compresses text answers (pages, scripts, styles, JSON, SVG, XML) with Brotli or gzip, whichever the client
 * accepts, Brotli first. Without it the home page sends about 230 KB of gzip-able JavaScript as 750 KB: on a
 * phone network that alone costs seconds. Node's own zlib does the work; no dependency.
 *
 * Brotli runs at quality 5: within a few percent of the best ratio for scripts, and fast enough to compress on
 * the fly. The build's scripts and stylesheets have a Brotli copy at the best quality written by the build
 * (scripts/precompress-build.ts), sent as is: this plugin leaves an answer that is already encoded alone.
 */
import { Readable, pipeline } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|problem\+json)|image\/svg\+xml)/i;
/** Below this, the headers of a compressed answer outweigh the saving. */
export const MIN_BYTES = 1024;
const BROTLI_QUALITY = 5;
/**
 * A kept page is compressed once and sent many times: quality 10 makes a public page about 10 % smaller than
 * quality 5 (roads: 13.8 KB to 12.6 KB, inside a new connection's first round trip) for some 30 ms of CPU in
 * libuv's thread pool, off the event loop, once per kept copy.
 */
const KEPT_BROTLI_QUALITY = 10;
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** The encoding to use for an Accept-Encoding header: Brotli, else gzip, else none (`q=0` refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const allowed = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

/**
 * A body at hand compressed once, at the on-the-fly quality (a page the cache renders but does not keep, a
 * ranking page the API keeps ten seconds), in libuv's thread pool so that the requests waiting behind it are not
 * held; null when it is too small to be worth it. A page kept a minute and sent many times takes compressToKeep.
 */
export async function compressOnce(body: Buffer, encoding: Encoding): Promise<Buffer | null> {
  if (body.length < MIN_BYTES) return null;
  return encoding === 'br'
    ? brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzip(body);
}

/** A body compressed once to be kept and sent many times (a kept page), at a higher quality, off the event loop. */
export async function compressToKeep(body: Buffer, encoding: Encoding): Promise<Buffer | null> {
  if (body.length < MIN_BYTES) return null;
  return encoding === 'br'
    ? brotliCompress(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body);
}

function compressor(encoding: Encoding) {
  return encoding === 'br'
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : zlib.createGzip();
}

/** Answers whose body another hook compresses itself (the page cache keeps one copy per encoding). */
const leftAlone = new WeakSet<FastifyReply>();

export function leaveUncompressed(reply: FastifyReply): void {
  leftAlone.add(reply);
}

function shouldCompress(request: FastifyRequest, reply: FastifyReply, payload: unknown): boolean {
  if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return false;
  if (reply.getHeader('content-encoding')) return false;
  if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return false;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return Buffer.byteLength(payload) >= MIN_BYTES;
  return payload instanceof Readable;
}

export function addVary(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary))
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

export default fp(async function compression(app) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (leftAlone.has(reply)) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    // Whatever the decision, a cache must not serve this answer to a client that accepts something else.
    if (COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) addVary(reply);
    if (!encoding || !shouldCompress(request, reply, payload)) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    const source = payload instanceof Readable ? payload : Readable.from([payload as string | Buffer]);
    return pipeline(source, compressor(encoding), (error) => {
      if (error) request.log.warn({ err: error }, 'compression stopped');
    });
  });
});
