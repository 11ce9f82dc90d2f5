/**
 * Security headers. Scripts run only from our origin or with this response's nonce (React Router's inline
 * hydration scripts carry it), so no `unsafe-inline` for scripts. Styles allow inline because Mantine sets
 * CSS variables in style attributes. HSTS only when the site is served over HTTPS.
 */
import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type NoncedResponse = ServerResponse & { cspNonce?: string };

export function cspNonce(raw: ServerResponse): string {
  return (raw as NoncedResponse).cspNonce ?? '';
}

export default fp(async function security(app: FastifyInstance, options: { https: boolean; dev: boolean }) {
  app.addHook('onRequest', async (_request, reply) => {
    (reply.raw as NoncedResponse).cspNonce = crypto.randomBytes(16).toString('base64');
  });

  const nonceSource = (_request: unknown, response: unknown) =>
    `'nonce-${cspNonce(response as ServerResponse)}'`;
  await app.register(helmet, {
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
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
});
