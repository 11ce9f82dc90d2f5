/**
 * The stop of a server with several instances (`WORKERS=2`, node:cluster, PostgreSQL and Redis): on SIGTERM the
 * primary passes the signal on and each instance drains (server/lifecycle.ts). Under a steady stream of page,
 * ranking and order requests, nothing gets a 503 or loses its answer half-way, connections are refused only once
 * the drain is over, and the primary exits 0 once both instances have.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPayload } from '../support/account-payload.ts';
import { readyStatus, until } from '../support/probes.ts';
import { mixedRequests, requestStream } from '../support/request-stream.ts';
import {
  type ServerProcess,
  createTestDatabase,
  ensureBuild,
  startTwoInstances,
} from '../support/server-process.ts';
import { PASSWORD } from '../support/users.ts';

const port = Number(process.env.CLUSTER_PORT ?? 3230) + 6;
const url = `http://127.0.0.1:${port}`;
const DRAIN_MS = 1500;

describe('SIGTERM to a server of two instances', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-workers-stop-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    ensureBuild();
    database = await createTestDatabase('cv_workers');
    server = await startTwoInstances(port, database.url, {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_IP_FACTOR: '50',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    const json = { 'content-type': 'application/json' };
    const email = 'workers.buyer@example.org';
    const signup = await fetch(`${url}/api/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(accountPayload(email)),
    });
    expect(signup.status).toBe(201);
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  }, 180_000);

  afterAll(async () => {
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  });

  it('drains each instance and answers every request it reads', async () => {
    const { output, exited } = server;
    const stream = requestStream({ port, loops: 6, requests: mixedRequests(token) });
    await until(
      async () => stream.outcomes.filter((o) => o.status).length >= 30,
      'the first answers',
      60_000,
      output,
    );
    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    await until(async () => (await readyStatus(port)) === 503, '/ready saying 503', 5000, output);
    const { code, at } = await exited;
    const outcomes = await stream.stop();

    expect(code, output.join('')).toBe(0);
    expect(at - signalledAt).toBeLessThan(30_000);
    // Each instance logged its drain.
    expect(output.join('').match(/draining before the stop/g)).toHaveLength(2);
    const answered = outcomes.filter((o) => o.status !== undefined);
    const failed = outcomes.filter((o) => o.error !== undefined);
    expect(answered.filter((o) => !(o.status! >= 200 && o.status! < 300) || !o.complete)).toEqual([]);
    expect(failed.filter((o) => o.answerBegun)).toEqual([]);
    expect(failed.filter((o) => o.startedAt < signalledAt + DRAIN_MS - 100)).toEqual([]);
    expect(
      answered.filter((o) => o.startedAt > signalledAt + 200 && o.endedAt < signalledAt + DRAIN_MS).length,
    ).toBeGreaterThan(10);
  }, 120_000);
});
