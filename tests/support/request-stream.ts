/**
 * A steady stream of requests, as visitors, API readers and buyers make them, for the tests of a stop or a
 * restart (tests/cluster/restart*.test.ts): each loop sends one request after another on a kept-alive connection,
 * and every outcome is recorded with when it happened: a complete answer, or the connection error and whether any
 * byte of an answer had arrived.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { orderPayload } from './orders.ts';

export interface Outcome {
  kind: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  /** The body arrived whole (its length as announced, or the chunked end). */
  complete?: boolean;
  error?: string;
  /** An answer had begun (status line received) when the connection failed. */
  answerBegun?: boolean;
  /** The answer's body, kept for the orders (their ids). */
  body?: string;
}

interface StreamRequest {
  kind: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Pages, the ranking's API, and order creation with an idempotency key (a retried one is the same order). */
export function mixedRequests(token: string): (() => StreamRequest)[] {
  const order = JSON.stringify(orderPayload());
  return [
    () => ({ kind: 'page', method: 'GET', path: '/fr/laureates' }),
    () => ({ kind: 'api', method: 'GET', path: '/api/laureates' }),
    () => ({
      kind: 'order',
      method: 'POST',
      path: '/api/orders',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: order,
    }),
  ];
}

function send(agent: http.Agent, port: number, request: StreamRequest): Promise<Outcome> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    let answerBegun = false;
    const done = (outcome: Omit<Outcome, 'kind' | 'startedAt' | 'endedAt'>) =>
      resolve({ kind: request.kind, startedAt, endedAt: Date.now(), ...outcome });
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        agent,
      },
      (response) => {
        answerBegun = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const announced = response.headers['content-length'];
          const body = Buffer.concat(chunks);
          done({
            status: response.statusCode,
            complete: response.complete && (announced === undefined || Number(announced) === body.length),
            ...(request.kind === 'order' ? { body: body.toString('utf8') } : {}),
          });
        });
        response.on('error', (error: NodeJS.ErrnoException) =>
          done({ error: error.code ?? error.message, answerBegun }),
        );
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      done({ error: error.code ?? error.message, answerBegun }),
    );
    outgoing.end(request.body);
  });
}

/**
 * Runs `loops` clients until `stop()` is called; each goes round `requests`. Answers the outcomes once stopped.
 * `portOf()` is read for every request, so a proxy or an instance's port may be given.
 */
export function requestStream(options: { port: number; loops: number; requests: (() => StreamRequest)[] }) {
  const outcomes: Outcome[] = [];
  let running = true;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.loops });
  const loops = Array.from({ length: options.loops }, async (_, index) => {
    for (let turn = index; running; turn++) {
      const make = options.requests[turn % options.requests.length]!;
      outcomes.push(await send(agent, options.port, make()));
    }
  });
  return {
    outcomes,
    async stop(): Promise<Outcome[]> {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return outcomes;
    },
  };
}
