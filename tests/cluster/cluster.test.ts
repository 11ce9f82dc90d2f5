/**
 * Two real instances (`node server/main.ts`) on one PostgreSQL database and one Redis, started together on an
 * empty database: what one instance does, the other sees. Needs PostgreSQL at TEST_DATABASE_URL (default
 * 127.0.0.1:5432) and Redis at TEST_REDIS_URL (default 127.0.0.1:6379): `npm run test:cluster` checks both
 * answer before running it (scripts/test-cluster.ts). Ports: CLUSTER_PORT and the next one (default 3230, 3231).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../domain/dates.ts';
import { runCli } from '../../server/cli.ts';
import { postgresUrl as serverUrl, redisUrl } from '../support/services.ts';
import { enrolTotp, fetchCall } from '../support/second-factor.ts';

const firstPort = Number(process.env.CLUSTER_PORT ?? 3230);
const root = path.resolve(import.meta.dirname, '../..');

/** Figures for the record, printed at the end. */
const figures: Record<string, string> = {};
const elapsed = (since: number) => `${Math.round(performance.now() - since)} ms`;

/** Polls `check` until it returns a value (not undefined); no fixed sleep. */
async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Instance {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

const ADMIN = { email: 'admin@cluster.test', password: 'Admin1910x' };

function startInstance(port: number, databaseUrl: string): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cv-cluster-${port}-`));
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'warn',
      // No proxy to drain for: a stop here is at once (tests/cluster/*restart*.test.ts test the drain).
      SHUTDOWN_DRAIN_MS: '0',
      BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_IP_FACTOR: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, port, dataDir, process: child, output, exited };
}

async function call(
  instance: Instance,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${instance.url}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return response;
}

async function json<T>(instance: Instance, url: string, token?: string): Promise<T> {
  const response = await call(instance, 'GET', url, { token });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

let databaseName = '';
let databaseUrl = '';
let a: Instance;
let b: Instance;

describe('two instances on PostgreSQL and Redis', () => {
  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, 'build/server/index.js')))
      spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    databaseName = `cv_cluster_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();

    // Both at once, on the empty database: migrations, demo content and the administrator happen once.
    const started = performance.now();
    a = startInstance(firstPort, databaseUrl);
    b = startInstance(firstPort + 1, databaseUrl);
    await Promise.all(
      [a, b].map((instance) =>
        until(
          async () => {
            if (instance.process.exitCode !== null)
              throw new Error(`instance ${instance.port} exited:\n${instance.output.join('')}`);
            const response = await fetch(`${instance.url}/ready`);
            return response.ok ? true : undefined;
          },
          `instance ${instance.port} ready`,
          150_000,
        ),
      ),
    );
    figures['both instances ready (empty database)'] = elapsed(started);
  });

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance && instance.process.exitCode === null) {
        instance.process.kill('SIGTERM');
        await instance.exited;
      }
      if (instance) fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    if (databaseName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
    process.stderr.write(
      `\n[cluster] figures:\n${Object.entries(figures)
        .map(([name, value]) => `  ${name}: ${value}`)
        .join('\n')}\n\n`,
    );
  });

  it('started both on an empty database, migrating and seeding once', async () => {
    expect(a.process.exitCode).toBeNull();
    expect(b.process.exitCode).toBeNull();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const journal = JSON.parse(
        fs.readFileSync(path.join(root, 'server/db/migrations/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(migrations.rows[0].n).toBe(journal.entries.length);
      const admins = await client.query('select count(*)::int as n from users where email = $1', [
        ADMIN.email,
      ]);
      expect(admins.rows[0].n).toBe(1);
      const laureates = await client.query('select count(*)::int as n from laureates');
      expect(laureates.rows[0].n).toBe(300);
    } finally {
      await client.end();
    }
  });

  let token = '';

  it('accepts a session token from A on B', async () => {
    const login = await call(a, 'POST', '/api/login', { body: ADMIN });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    // The administrator sets up an authenticator app on A; B sees the session pass it (one database).
    await enrolTotp(fetchCall(a.url, token));
    const me = await json<{ email: string }>(b, '/api/me', token);
    expect(me.email).toBe(ADMIN.email);
  });

  it('serves on B the status and the file of a print job started on A', async () => {
    const started = performance.now();
    const response = await call(a, 'POST', '/api/admin/print-jobs', { token, body: { ids: [1, 2, 3] } });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    const status = await until(async () => {
      const job = await json<{ status: string; done: number; total: number }>(
        b,
        `/api/admin/print-jobs/${jobId}`,
        token,
      );
      return job.status === 'running' ? undefined : job;
    }, 'the print job to finish');
    expect(status).toMatchObject({ status: 'done', total: 3 });
    figures['print job from A done, seen on B'] = elapsed(started);
    const file = await call(b, 'GET', `/api/admin/print-jobs/${jobId}/file`, { token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Another person's job stays 404 on every instance.
    expect(
      (await call(b, 'GET', '/api/admin/print-jobs/00000000-0000-4000-8000-000000000000', { token })).status,
    ).toBe(404);
  });

  it('drops a hidden rider from B’s ranking, teaser, totals and statistics within a second', async () => {
    const email = 'hidden.rider@cluster.test';
    const today = new Date().toISOString().slice(0, 10);
    const csv = path.join(a.dataDir, 'rider.csv');
    fs.writeFileSync(
      csv,
      `epreuve;numero;nom;prenom;civilite;date_naissance;email;date_passage;ville;pays;nationalite\nCinglé;900001;Zyxwvuts;Clusterine;Mme;02/03/1971;${email};${today};Sault;FR;FR\n`,
    );
    // The command line writes to the database directly; the servers hear of it through the change bus.
    const cliOutput: string[] = [];
    expect(
      await runCli(
        ['laureates:import', csv],
        { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: a.dataDir, LOG_LEVEL: 'silent' },
        (line) => cliOutput.push(line),
        (line) => cliOutput.push(line),
      ),
    ).toBe(0);

    const search = '/api/laureates?q=Zyxwvuts';
    const visible = async () => {
      const [found, all, home, statistics] = await Promise.all([
        json<{ total: number }>(b, search),
        json<{ total: number }>(b, '/api/laureates'),
        fetch(`${b.url}/fr`).then((response) => response.text()),
        json<unknown>(b, '/api/statistics/count'),
      ]);
      return { found: found.total, all: all.total, teaser: home.includes('Zyxwvuts'), statistics };
    };
    const before = await until(async () => {
      const seen = await visible();
      return seen.found === 1 && seen.teaser ? seen : undefined;
    }, 'the imported rider on B');

    // The rider hides their results through A: request, then the emailed link.
    expect(
      (await call(a, 'POST', '/api/public-display-restriction', { body: { email, lang: 'fr' } })).status,
    ).toBe(202);
    const outbox = path.join(a.dataDir, 'outbox');
    const mail = await until(async () => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      const texts = files.map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
      return texts.find((text) => text.includes('token'));
    }, 'the confirmation email');
    const decoded = mail.replaceAll(/=\r?\n/g, '').replaceAll('=3D', '=');
    const confirmToken = /token=([A-Za-z0-9_-]+)/.exec(decoded)![1]!;
    const confirmed = await call(a, 'POST', '/api/public-display-restriction/confirm', {
      body: { token: confirmToken },
    });
    expect(confirmed.status).toBe(200);
    const hiddenAt = performance.now();
    const fresh = await json<unknown>(a, '/api/statistics/count');

    // The ranking search is polled (cheap); the other caches are dropped by the same message, so they are
    // checked once, without waiting further.
    await until(
      async () => ((await json<{ total: number }>(b, search)).total === 0 ? true : undefined),
      'the rider gone from B',
      1000,
    );
    figures['hidden rider gone from B after'] = elapsed(hiddenAt);
    const after = await visible();
    expect(after).toMatchObject({ found: 0, teaser: false, all: before.all - 1 });
    expect(after.statistics).toEqual(fresh);
    expect(after.statistics).not.toEqual(before.statistics);
  });

  it('serves on B, within two seconds, the club settings changed on A', async () => {
    const notice = 'Cluster: summit road closed by snow.';
    // B keeps its home page and its list of pick-up points before the change.
    expect(await (await fetch(`${b.url}/gb`)).text()).not.toContain(notice);
    const points = await json<{ id: string }[]>(b, '/api/pickup-points?lang=gb');
    const retired = points[0]!.id;

    const current = await json<{ version: number; pickup_points: { id: string }[] }>(
      a,
      '/api/admin/settings',
      token,
    );
    // The club's day, as the site shows notices: after 23:00 UTC it is already tomorrow in Paris.
    const day = today();
    const response = await fetch(`${a.url}/api/admin/settings`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'if-match': `"${current.version}"`,
      },
      body: JSON.stringify({
        notice: {
          kind: 'road_closed',
          from: day,
          to: day,
          text: { fr: notice, gb: notice, de: '', nl: '', es: '', it: '' },
        },
        pickup_points: current.pickup_points.map((point) =>
          point.id === retired ? { ...point, retired: true } : point,
        ),
      }),
    });
    expect(response.status, await response.text()).toBe(200);
    const changedAt = performance.now();

    await until(
      async () => ((await (await fetch(`${b.url}/gb`)).text()).includes(notice) ? true : undefined),
      'the notice on B’s home page',
      2000,
    );
    figures['settings changed on A, notice served by B after'] = elapsed(changedAt);
    const offered = await json<{ id: string }[]>(b, '/api/pickup-points?lang=gb');
    expect(offered.map((point) => point.id)).not.toContain(retired);
  });

  it('answers every request in flight on SIGTERM, then exits 0', async () => {
    // Requests whose bodies are still to come when the signal arrives: `Expect: 100-continue` makes the server
    // say when it has read a request's headers, so each is known to be in flight, unanswered.
    // Each with its own address: the per-address sign-in limit (kept in Redis) must not answer instead.
    const inFlight = Array.from({ length: 8 }, () => {
      const body = JSON.stringify({
        email: `nobody.${crypto.randomBytes(4).toString('hex')}@cluster.test`,
        password: 'Wrong1910x',
      });
      const request = http.request(`${b.url}/api/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
        },
        agent: false,
      });
      const continued = new Promise<void>((resolve) => request.once('continue', () => resolve()));
      const answered = new Promise<number>((resolve, reject) => {
        request.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
      });
      request.flushHeaders();
      return { request, body, continued, answered };
    });
    await Promise.all(inFlight.map((item) => item.continued));

    const signalled = performance.now();
    b.process.kill('SIGTERM');
    // Wait until B no longer accepts connections...
    await until(
      () =>
        fetch(`${b.url}/health`).then(
          () => undefined,
          () => true,
        ),
      'B to stop accepting',
    );
    // ...then let the requests in flight finish: every one is answered (wrong password: 401).
    for (const { request, body } of inFlight) request.end(body);
    const statuses = await Promise.all(inFlight.map((item) => item.answered));
    expect(statuses).toEqual(Array(8).fill(401));
    expect(await b.exited).toBe(0);
    figures['B stopped after SIGTERM'] = elapsed(signalled);
    // A still serves.
    expect((await call(a, 'GET', '/ready')).status).toBe(200);
  });
});
