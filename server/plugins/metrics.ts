/**
 * The metrics of the requests, and `GET /metrics` (decision 0040, docs/DEPLOY.md "Metrics").
 *
 * - Every answer's duration is recorded by method, route pattern and status: the API's own patterns
 *   (`/api/orders/:id`), the page registry's for pages (`/:lang/laureates/:laureateId`), a folder for the build's
 *   files (`/assets/*`). Never the path as asked for, which may hold a code or a token.
 * - `GET /metrics` answers only `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise), and is a 404 while
 *   METRICS_TOKEN is empty, the default. METRICS_PORT (server/metrics-port.ts) serves the same without a token, on
 *   localhost only.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pagePatternOfPath } from '../../domain/pages.ts';
import { AppError, notFound } from '../errors.ts';
import { METRICS_CONTENT_TYPE, collectProcessMetrics, recordRequest } from '../metrics.ts';

/** Files of the build: one series per folder rather than one per file. */
const FILE_FOLDERS = new Set(['assets', 'icons', 'art', 'flags']);

export function routeLabel(
  request: Pick<FastifyRequest, 'url'> & { routeOptions: { url?: string } },
): string {
  const route = request.routeOptions.url;
  if (route === undefined) return 'unmatched';
  const folder = route.split('/')[1];
  if (folder && FILE_FOLDERS.has(folder)) return `/${folder}/*`;
  if (!route.includes('*')) return route;
  const queryStart = request.url.indexOf('?');
  return pagePatternOfPath(queryStart === -1 ? request.url : request.url.slice(0, queryStart)) ?? route;
}

function sha256(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest();
}

/** Compared as digests of equal length, in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return crypto.timingSafeEqual(sha256(header.slice('Bearer '.length).trim()), sha256(token));
}

export interface MetricsOptions {
  /** METRICS=off: nothing recorded per request, no process figures (the benchmark's comparison). */
  enabled: boolean;
  /** METRICS_TOKEN; undefined: no `/metrics` on this port. */
  token: string | undefined;
  /** The text to answer: this process's metrics, or every instance's with WORKERS > 1 (server/metrics-cluster.ts). */
  scrape: () => Promise<string>;
}

export default fp(async function metrics(app: FastifyInstance, { enabled, token, scrape }: MetricsOptions) {
  if (enabled) {
    collectProcessMetrics();
    app.addHook('onResponse', (request, reply, done) => {
      recordRequest(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound();
    if (!bearerMatches(request.headers.authorization, token))
      throw new AppError(401, 'unauthorized', 'The metrics token is missing or wrong', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    const text = await scrape();
    return reply.type(METRICS_CONTENT_TYPE).header('cache-control', 'no-store').send(text);
  });
});
