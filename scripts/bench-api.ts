/**
 * `npm run bench:api`: how fast the public ranking answers at the club's real scale.
 *
 * Seeds 100,000 synthetic laureates into a fresh embedded PGlite and, when DATABASE_URL is set, into a fresh
 * database created on that PostgreSQL server (dropped afterwards); starts the API in a child process on
 * 127.0.0.1; then measures with autocannon (50 connections, 10 s after a 2 s warm-up) a bare Fastify JSON
 * endpoint and `GET /api/laureates` with search + sort + page, and prints both throughputs, their ratio and
 * the p99 latency. Requests carry the Accept-Encoding of a browser (the bare answer is too small to be
 * compressed either way); the ranking is measured once more without it. Targets on PostgreSQL: ratio >= 0.3,
 * p99 <= 50 ms. The ranking is measured as shipped (pages kept ten seconds, see server/services/laureates/laureates.ts)
 * and with that page cache off, so that the database path itself is measured too.
 *
 * Options (environment): BENCH_LAUREATES (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (50).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { demoRecords } from '../server/services/platform/demo-data.ts';
import { createServices } from '../server/services/index.ts';
import { createLaureatesService } from '../server/services/laureates/laureates.ts';
import { LAUREATE_QUERIES } from './bench-site.ts';

const LAUREATES = Number(process.env.BENCH_LAUREATES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const HOST = '127.0.0.1';

interface Ports {
  api: number;
  uncached: number;
  bare: number;
}

/** The child process: seed, then serve the API and the bare endpoint until killed. */
async function serve(databaseUrl: string | undefined): Promise<void> {
  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SHUTDOWN_DRAIN_MS: '0',
    DATA_DIR: 'memory://',
    DATABASE_URL: databaseUrl ?? '',
    DEMO_CONTENT: 'false',
  });
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  await database.migrate();
  const services = createServices({ db: database.db, config, mailDelivery: 'manual' });

  const seeding = performance.now();
  const records = demoRecords({ count: LAUREATES });
  const report = await services.laureateImport.writeRecords(records, { source: 'demo' });
  await database.db.execute(sql`analyze`);
  process.stderr.write(
    `  seeded ${report.laureatesCreated} laureates, ${report.inserted} homologations in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`,
  );

  const app = await buildApp({ config, database, services, pages: false, logger: false });
  await app.listen({ port: 0, host: HOST });
  const uncachedServices = {
    ...services,
    laureates: createLaureatesService({ db: database.db, pageTtlMs: 0 }),
  };
  const uncached = await buildApp({
    config,
    database,
    services: uncachedServices,
    pages: false,
    logger: false,
  });
  await uncached.listen({ port: 0, host: HOST });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: HOST });
  const portOf = (server: typeof bare.server) => (server.address() as { port: number }).port;
  const ports: Ports = {
    api: portOf(app.server),
    uncached: portOf(uncached.server),
    bare: portOf(bare.server),
  };
  process.stdout.write(`${JSON.stringify(ports)}\n`);
}

async function startServer(databaseUrl: string | undefined): Promise<{ child: ChildProcess; ports: Ports }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', databaseUrl ?? ''], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffer = '';
  child.stdout!.setEncoding('utf8');
  const ports = await new Promise<Ports>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      buffer += chunk;
      const line = buffer.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Ports);
    });
    child.once('exit', (code) => reject(new Error(`the server stopped (exit code ${code})`)));
  });
  return { child, ports };
}

/** What every browser sends: the answers it gets are compressed when they are worth it. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function measure(url: string, paths: string[], seconds: number, headers: Record<string, string>) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path, headers })),
  });
}

async function benchmark(label: string, databaseUrl: string | undefined) {
  console.log(`\n${label}`);
  const { child, ports } = await startServer(databaseUrl);
  try {
    const url = (port: number) => `http://${HOST}:${port}`;
    const run = async (port: number, paths: string[], headers: Record<string, string> = BROWSER_HEADERS) => {
      await measure(url(port), paths, 2, headers);
      const result = await measure(url(port), paths, SECONDS, headers);
      if (result.non2xx > 0 || result.errors > 0)
        console.log(`  warning: ${result.non2xx} non-2xx answers, ${result.errors} errors or timeouts`);
      return result;
    };
    const bare = await run(ports.bare, ['/bare']);
    const laureates = await run(ports.api, LAUREATE_QUERIES);
    const identity = await run(ports.api, LAUREATE_QUERIES, {});
    const uncached = await run(ports.uncached, LAUREATE_QUERIES);
    const line = (name: string, result: autocannon.Result) =>
      `  ${name.padEnd(36)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(5)} ms`;
    const ratio = (result: autocannon.Result) => (result.requests.average / bare.requests.average).toFixed(3);
    console.log(line('bare Fastify JSON', bare));
    console.log(`${line('GET /api/laureates', laureates)}   ratio ${ratio(laureates)}`);
    console.log(`${line('GET /api/laureates, not compressed', identity)}   ratio ${ratio(identity)}`);
    console.log(`${line('GET /api/laureates, no page cache', uncached)}   ratio ${ratio(uncached)}`);
    console.log('  targets: ratio >= 0.3, p99 <= 50 ms');
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

/** A new database on the server of DATABASE_URL, dropped at the end. */
async function withTemporaryDatabase(serverUrl: string, run: (url: string) => Promise<void>) {
  const name = `cv_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  console.log(
    `bench:api: ${LAUREATES} laureates, ${CONNECTIONS} connections, ${SECONDS} s per measure, ${HOST} only`,
  );
  // Other work on the machine skews every figure: say how busy it was.
  console.log(`load average at start: ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} CPUs`);
  await benchmark('PGlite (embedded)', undefined);
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const host = new URL(serverUrl).hostname;
    await withTemporaryDatabase(serverUrl, (url) =>
      benchmark(`PostgreSQL (${host}, temporary database)`, url),
    );
  } else {
    console.log(
      '\nPostgreSQL: skipped (set DATABASE_URL to a server where a temporary database may be created)',
    );
  }
}

if (process.argv[2] === '--serve') {
  serve(process.argv[3] || undefined).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
