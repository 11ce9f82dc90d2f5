/**
 * A deploy with zero failed requests: two real instances on one PostgreSQL database and one Redis, behind a small
 * proxy written here as docs/DEPLOY.md asks of one (round robin among the instances whose `/ready` says 200, and a
 * request whose connection was refused or reset before any answer is sent again to the other instance). Under a
 * steady stream of page, ranking and order requests, each instance is restarted in turn (SIGTERM, exit, start,
 * ready): every request of the stream gets a whole 2xx answer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPayload } from '../support/account-payload.ts';
import { mixedRequests, requestStream } from '../support/request-stream.ts';
import { redisUrl } from '../support/services.ts';
import {
  type ServerProcess,
  createTestDatabase,
  ensureBuild,
  startServer,
} from '../support/server-process.ts';
import { PASSWORD } from '../support/users.ts';
import { readyStatus, until } from '../support/probes.ts';

const firstPort = Number(process.env.CLUSTER_PORT ?? 3230) + 4;

function startInstance(port: number, databaseUrl: string, dataDir: string) {
  return startServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'warn',
    // Long enough for the proxy's health check (every 100 ms) to see the drain.
    SHUTDOWN_DRAIN_MS: '1000',
    // The per-address sign-in limit lives in the shared Redis, where the other cluster tests sign in too.
    RATE_LIMIT_IP_FACTOR: '50',
  });
}

/** Errors of a connection that never reached the instance's application, or was closed before it answered. */
const RETRIABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/** The proxy: round robin among ready instances, a refused or reset connection sent again elsewhere. */
function startProxy(ports: number[]) {
  const ready = new Map(ports.map((port) => [port, false]));
  const checks = setInterval(() => {
    for (const port of ports) void readyStatus(port).then((status) => ready.set(port, status === 200));
  }, 100);
  const agent = new http.Agent({ keepAlive: true });
  let turn = 0;
  const retried = { count: 0 };

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (left: number) => {
        const candidates = ports.filter((port) => ready.get(port));
        const port = (candidates.length ? candidates : ports)[turn++ % (candidates.length || ports.length)]!;
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port,
            method: incoming.method,
            path: incoming.url,
            headers: incoming.headers,
            agent,
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (!outgoing.headersSent && RETRIABLE.has(error.code ?? '') && left > 0) {
            retried.count += 1;
            attempt(left - 1);
          } else if (!outgoing.headersSent) outgoing.writeHead(502).end();
          else outgoing.destroy();
        });
        upstream.end(body);
      };
      attempt(6);
    });
  });
  return {
    server,
    retried,
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as net.AddressInfo).port;
    },
    async close() {
      clearInterval(checks);
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a rolling restart of two instances behind a proxy', () => {
  const ports = [firstPort, firstPort + 1];
  const dataDirs = ports.map((port) => fs.mkdtempSync(path.join(os.tmpdir(), `cv-rolling-${port}-`)));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let databaseUrl = '';
  const instances: ServerProcess[] = [];

  beforeAll(async () => {
    ensureBuild();
    database = await createTestDatabase('cv_rolling');
    databaseUrl = database.url;
    ports.forEach((port, index) => instances.push(startInstance(port, databaseUrl, dataDirs[index]!)));
    for (const port of ports)
      await until(async () => (await readyStatus(port)) === 200, `instance ${port} ready`);
  }, 180_000);

  afterAll(async () => {
    for (const instance of instances)
      if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  });

  it('made one diploma signing key at start, for both instances', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query('select kid from signing_keys');
    await client.end();
    expect(rows).toHaveLength(1);
    for (const port of ports) {
      const jwks = (await (await fetch(`http://127.0.0.1:${port}/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys.map((key) => key.kid)).toEqual([rows[0].kid]);
    }
  });

  it('loses no request while each instance is restarted in turn', async () => {
    const proxy = startProxy(ports);
    const proxyPort = await proxy.listen();
    const base = `http://127.0.0.1:${proxyPort}`;
    const email = `rolling.${crypto.randomBytes(3).toString('hex')}@example.org`;
    const json = { 'content-type': 'application/json' };
    expect(
      (
        await fetch(`${base}/api/signup`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify(accountPayload(email)),
        })
      ).status,
    ).toBe(201);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    const stream = requestStream({ port: proxyPort, loops: 6, requests: mixedRequests(token) });
    const answeredSoFar = () => stream.outcomes.filter((outcome) => outcome.status !== undefined).length;
    await until(async () => answeredSoFar() >= 30, 'the first answers');
    for (const [index, port] of ports.entries()) {
      const instance = instances[index]!;
      instance.process.kill('SIGTERM');
      expect((await instance.exited).code, instance.output.join('')).toBe(0);
      instances[index] = startInstance(port, databaseUrl, dataDirs[index]!);
      await until(async () => (await readyStatus(port)) === 200, `instance ${port} back`);
      const before = answeredSoFar();
      await until(async () => answeredSoFar() >= before + 30, 'answers after the restart');
    }
    const outcomes = await stream.stop();
    await proxy.close();

    const failures = outcomes.filter(
      (outcome) =>
        outcome.error !== undefined ||
        !(outcome.status! >= 200 && outcome.status! < 300) ||
        !outcome.complete,
    );
    expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(100);
    expect(outcomes.some((outcome) => outcome.kind === 'order')).toBe(true);
  }, 300_000);
});
