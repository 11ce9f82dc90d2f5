/**
 * A local HTTP stand-in for a payment provider's API: listens on 127.0.0.1 on a free port, records every
 * request, and answers with what the test's handler returns. Tests point an SDK or client at `url`, so
 * nothing reaches the internet, and check `requests` to see what the provider would have received.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandInReply {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

export type StandInHandler = (request: RecordedRequest) => StandInReply;

export interface HttpStandIn {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the handler and forgets the recorded requests. */
  reset(handler: StandInHandler): void;
  close(): Promise<void>;
}

const notImplemented: StandInHandler = (request) => ({
  status: 501,
  body: { error: `no handler for ${request.method} ${request.path}` },
});

/** On a free port unless `port` is given (a server started before the tests must know it). */
export async function startHttpStandIn(port = 0): Promise<HttpStandIn> {
  const requests: RecordedRequest[] = [];
  let handler = notImplemented;

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in');
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      let reply: StandInReply;
      try {
        reply = handler(request);
      } catch (error) {
        reply = { status: 500, body: { error: String(error) } };
      }
      const body = reply.body === undefined ? '' : JSON.stringify(reply.body);
      outgoing.writeHead(reply.status ?? 200, {
        ...(reply.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...reply.headers,
      });
      outgoing.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${listening}`,
    requests,
    reset(next) {
      handler = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
