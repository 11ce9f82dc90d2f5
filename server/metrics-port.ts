/**
 * METRICS_PORT: `GET /metrics` without a token, on a port of its own bound to localhost, for a Prometheus (or an
 * agent) on the same machine. Any other request is a 404. With WORKERS > 1 the primary listens here and answers
 * for every instance (server/metrics-cluster.ts).
 */
import http from 'node:http';
import { once } from 'node:events';
import { METRICS_CONTENT_TYPE } from './metrics.ts';

export async function serveMetricsPort(
  port: number,
  scrape: () => Promise<string>,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    scrape().then(
      (text) =>
        response
          .writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' })
          .end(text),
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return () => new Promise((resolve) => server.close(() => resolve()));
}
