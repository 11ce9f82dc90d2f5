/**
 * The page cache: public pages asked for without a session are rendered once and then sent from memory.
 *
 * A results announcement brings hundreds of visitors at once to pages that are identical for all of them; the
 * server renders each about 70 times a second, and sends kept bytes thousands of times a second.
 *
 * - **What is kept**: answers to `GET /{locale}/...` without a session cookie or an Authorization header, with
 *   status 200, an HTML (or React Router data) body, and no Set-Cookie. Keyed by path, query (parameters sorted)
 *   and the visitor's dismissed notices (the only other input of a public page: `app/lib/preferences.ts`).
 *   Signed-in visitors, other statuses (404s, redirects) and URLs carrying a token always go to the renderer.
 * - **CSP**: a kept page is rendered without a nonce, and its policy allows its inline scripts by SHA-256 hash
 *   (`policyWithHashes`): as strict as a nonce, and identical for every visitor, so the body is compressed once
 *   per encoding (Brotli at quality 10 and gzip, in the thread pool; misses arriving together share one
 *   compression) and sent as is.
 * - **Bounded**: least recently used entries go first once the byte budget is reached (every copy counted).
 *   Queries are attacker-controlled, so URLs with a query share a quarter of the budget and cannot push the plain
 *   pages out, and long query strings are not kept at all.
 * - **Fresh**: emptied when this process (or, through the same signal, another instance) changes what the public
 *   sees (`services.onPublicDataChanged`), and no entry lives longer than a minute, like the statistics.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DISMISSED_COOKIE, LOCALE_COOKIE, parseDismissed, readCookie } from '../../contracts/cookies.ts';
import { isLocale } from '../../domain/locales.ts';
import { SESSION_COOKIE } from './auth.ts';
import { recordPageCache } from '../metrics.ts';
import {
  type Encoding,
  addVary,
  chooseEncoding,
  compressOnce,
  compressToKeep,
  leaveUncompressed,
} from './compression.ts';
import { cspNonce, dropNonce, policyWithHashes } from './security.ts';

/** Longer query strings are rendered every time: no visitor types them, only scanners. */
const MAX_KEPT_QUERY = 200;
const CACHED_TYPE = /^text\/(html|x-script)/i;
/** Headers that belong to one response, never to the kept page. */
const PER_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'date',
  'set-cookie',
  'connection',
]);
export const DEFAULT_TTL_MS = 60_000;

export interface KeptPage {
  status: number;
  headers: Record<string, string>;
  bodies: Record<Encoding | 'identity', Buffer | null>;
  size: number;
}

/**
 * The key of a request whose answer may be kept, or null when it must be rendered: not a GET, signed in (or
 * trying to be), not a page, a token in the URL, or an overlong query.
 */
export function pageCacheKey(request: {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}): string | null {
  if (request.method !== 'GET' || request.headers.authorization) return null;
  const cookies = typeof request.headers.cookie === 'string' ? request.headers.cookie : undefined;
  if (readCookie(cookies, SESSION_COOKIE) !== undefined) return null;
  const queryStart = request.url.indexOf('?');
  const pathname = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
  if (!isLocale(pathname.split('/')[1]) || query.length > MAX_KEPT_QUERY) return null;
  const parameters = new URLSearchParams(query);
  if (parameters.has('token')) return null;
  parameters.sort();
  const dismissed = parseDismissed(readCookie(cookies, DISMISSED_COOKIE)).join('.');
  const search = parameters.toString();
  return `${dismissed}|${pathname}${search ? `?${search}` : ''}`;
}

/** SHA-256 (base64) of each inline script of a page, as a CSP hash source expects them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!) || !match[2]) continue;
    hashes.add(crypto.createHash('sha256').update(match[2], 'utf8').digest('base64'));
  }
  return [...hashes];
}

export interface PageStore {
  get(key: string): KeptPage | undefined;
  set(key: string, page: KeptPage): void;
  clear(): void;
  /** Changes on every clear: a render started before it must not be kept after it. */
  readonly generation: number;
}

export function createPageStore({ maxBytes, ttlMs = DEFAULT_TTL_MS }: { maxBytes: number; ttlMs?: number }) {
  const options = { ttl: ttlMs, sizeCalculation: (page: KeptPage) => page.size };
  const plain = new LRUCache<string, KeptPage>({
    ...options,
    maxSize: Math.max(1, Math.floor(maxBytes * 0.75)),
  });
  const queried = new LRUCache<string, KeptPage>({
    ...options,
    maxSize: Math.max(1, Math.floor(maxBytes * 0.25)),
  });
  const partOf = (key: string) => (key.includes('?') ? queried : plain);
  let generation = 0;
  return {
    get: (key: string) => partOf(key).get(key),
    set(key: string, page: KeptPage) {
      const part = partOf(key);
      if (page.size <= part.maxSize) part.set(key, page);
    },
    clear() {
      plain.clear();
      queried.clear();
      generation += 1;
    },
    get generation() {
      return generation;
    },
  } satisfies PageStore;
}

async function bodyOf(payload: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === 'string') return Buffer.from(payload);
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }
  return Buffer.alloc(0);
}

/** The headers of a rendered answer, its policy allowing the page's inline scripts by hash instead of nonce. */
function hashedHeaders(reply: FastifyReply, body: Buffer, nonce: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !PER_RESPONSE_HEADERS.has(name)) headers[name] = String(value);
  }
  const policy = headers['content-security-policy'];
  if (policy)
    headers['content-security-policy'] = policyWithHashes(policy, nonce, inlineScriptHashes(String(body)));
  return headers;
}

/** A rendered answer made ready to be sent many times: one copy per encoding. */
async function keepPage(status: number, headers: Record<string, string>, body: Buffer): Promise<KeptPage> {
  // Shared caches in front must not give a signed-in visitor's page to another, nor a Brotli body to anyone.
  const kept = { ...headers, vary: 'Cookie, Accept-Encoding' };
  const [br, gzip] = await Promise.all([compressToKeep(body, 'br'), compressToKeep(body, 'gzip')]);
  const bodies = { identity: body, br, gzip };
  const size = body.length + (bodies.br?.length ?? 0) + (bodies.gzip?.length ?? 0) + 1024;
  return { status, headers: kept, bodies, size };
}

/**
 * Whether the answer sets a cookie that belongs to this visitor. The locale cookie does not count: it only
 * remembers the page's own locale (locale.ts sets it on every response, hit or miss), so the page stays shared.
 */
function setsPersonalCookie(reply: FastifyReply): boolean {
  const header = reply.getHeader('set-cookie');
  if (header === undefined) return false;
  const cookies = Array.isArray(header) ? header : [String(header)];
  return cookies.some((cookie) => !cookie.startsWith(`${LOCALE_COOKIE}=`));
}

/** Sets the kept headers and returns the body in the best encoding the client accepts. */
function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  page: KeptPage,
  state: 'hit' | 'miss',
): Buffer {
  leaveUncompressed(reply);
  reply.code(page.status).headers(page.headers).header('x-page-cache', state);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const encoded = encoding && page.bodies[encoding];
  if (encoding && encoded) {
    reply.header('content-encoding', encoding);
    return encoded;
  }
  return page.bodies.identity!;
}

interface Fill {
  key: string;
  generation: number;
  nonce: string;
}

/**
 * Adds the cache in front of the pages of an encapsulated scope (server/plugins/pages.ts registers it before
 * React Router's handler). `subscribe` is called once, with the function that empties the cache.
 */
export function registerPageCache(
  app: FastifyInstance,
  { store, subscribe }: { store: PageStore; subscribe: (listener: () => void) => void },
) {
  subscribe(() => store.clear());
  const fills = new WeakMap<FastifyRequest, Fill>();
  // Misses of one page that arrive together (a results announcement, an entry just expired) share the first one's
  // compression: the same key and generation render the same bytes, and each copy costs tens of milliseconds.
  const keeping = new Map<string, Promise<KeptPage>>();
  const keepOnce = (id: string, keep: () => Promise<KeptPage>) => {
    let pending = keeping.get(id);
    if (!pending) {
      pending = keep().finally(() => keeping.delete(id));
      keeping.set(id, pending);
    }
    return pending;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (reply.sent) return;
    const key = pageCacheKey(request);
    if (!key) return;
    const kept = store.get(key);
    recordPageCache(kept ? 'hit' : 'miss');
    if (kept) {
      const body = sendKept(request, reply, kept, 'hit');
      return reply.send(body);
    }
    fills.set(request, { key, generation: store.generation, nonce: cspNonce(reply.raw) });
    dropNonce(reply.raw);
    // The answer is compressed below, once per encoding, when it is kept.
    leaveUncompressed(reply);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fill = fills.get(request);
    if (!fill) return payload;
    fills.delete(request);
    const body = await bodyOf(payload);
    const headers = hashedHeaders(reply, body, fill.nonce);
    const type = String(reply.getHeader('content-type') ?? '');
    const keepable =
      reply.statusCode === 200 &&
      !setsPersonalCookie(reply) &&
      CACHED_TYPE.test(type) &&
      !/no-store|private/i.test(String(reply.getHeader('cache-control') ?? ''));
    if (keepable) {
      const page = await keepOnce(`${fill.generation} ${fill.key}`, () =>
        keepPage(reply.statusCode, headers, body),
      );
      if (fill.generation === store.generation) store.set(fill.key, page);
      return sendKept(request, reply, page, 'miss');
    }
    // Rendered without a nonce all the same (a 404, a redirect, a page setting a cookie): allowed by hash.
    const policy = headers['content-security-policy'];
    if (policy) reply.header('content-security-policy', policy);
    if (!type.startsWith('text/')) return body;
    addVary(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const encoded = encoding && (await compressOnce(body, encoding));
    if (encoding && encoded) {
      reply.header('content-encoding', encoding).removeHeader('content-length');
      return encoded;
    }
    return body;
  });
}
