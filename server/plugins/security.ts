/**
 * Security headers, from helmet, with the middlewares built once at start (building them parses the whole policy).
 *
 * - Pages and files: scripts run only from our origin or with this response's nonce (React Router's inline
 *   hydration scripts carry it), so no `unsafe-inline` for scripts. Styles allow inline because Mantine sets CSS
 *   variables in style attributes.
 * - JSON answers of the API: nothing in them is ever rendered as a document, so the policy forbids everything
 *   (`default-src 'none'`, as OWASP advises for REST APIs) and no nonce is drawn: the ranking answers thousands
 *   of requests a second and each would pay for it. The API's own HTML (/api/docs) keeps the page headers.
 *
 * HSTS only when the site is served over HTTPS.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

type NoncedResponse = ServerResponse & { cspNonce?: string };

export function cspNonce(raw: ServerResponse): string {
  return (raw as NoncedResponse).cspNonce ?? '';
}

/** Renders this response without a nonce: a page kept for many visitors allows its scripts by hash instead. */
export function dropNonce(raw: ServerResponse): void {
  (raw as NoncedResponse).cspNonce = '';
}

/**
 * The page policy with the nonce source replaced by the SHA-256 hashes of the page's inline scripts: as strict
 * as a nonce (only these exact scripts run), and the same for every visitor, so the page can be kept as bytes.
 */
export function policyWithHashes(policy: string, nonce: string, hashes: readonly string[]): string {
  return policy.replace(`'nonce-${nonce}'`, hashes.map((hash) => `'sha256-${hash}'`).join(' '));
}

/** Whether a URL is a JSON answer of the API (the interactive API docs are HTML, and are pages here). */
export function isApiJson(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

export default fp(async function security(app: FastifyInstance, options: { https: boolean; dev: boolean }) {
  const common = {
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // No address leaves for another site; our own forms keep their Origin (under `no-referrer` a posted form says
    // `Origin: null`, which the same-origin checks, ours and React Router's, must refuse).
    referrerPolicy: { policy: 'same-origin' },
  } satisfies HelmetOptions;
  const nonceSource = (_request: IncomingMessage, response: ServerResponse) =>
    `'nonce-${cspNonce(response)}'`;
  const pageHeaders = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite's dev client injects inline scripts and talks over a websocket; production gets the strict policy.
        // 'wasm-unsafe-eval' lets the route-card scanner compile its WebAssembly QR decoder; it allows no JS eval.
        scriptSrc: options.dev
          ? ["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'"]
          : ["'self'", nonceSource, "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: options.https ? [] : null,
      },
    },
  });
  const apiHeaders = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    // Headers that only mean something for documents a browser renders.
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (isApiJson(request.url)) {
      apiHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
      return;
    }
    (reply.raw as NoncedResponse).cspNonce = crypto.randomBytes(16).toString('base64');
    pageHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
});
