/**
 * What the benchmarks that start the built site share: the build, a free port, the production environment the
 * site runs with (PGlite in a fresh data folder, no mail, quiet logs) and the ranking's queries.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PRODUCTION_ENVIRONMENT, PRODUCTION_NODE_OPTIONS } from '../server/node-flags.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HOST = '127.0.0.1';

/** What a visitor does with the table: a few letters of a name or town, a sort, a page. */
export const LAUREATE_QUERIES = [
  '/api/laureates?q=mar&sort=nom&page=2',
  '/api/laureates?q=van&sort=-date_passage',
  '/api/laureates?q=dubois&sort=-age',
  '/api/laureates?q=muller&sort=pays&pageSize=50',
  '/api/laureates?q=jean&sort=-numero&page=3',
  '/api/laureates?q=berg&sort=ville',
  '/api/laureates?q=rossi&sort=-birth_year',
  '/api/laureates?q=lyon&sort=date_passage&pageSize=100',
];

export function ensureBuild() {
  if (fs.existsSync(path.join(projectRoot, 'build/server/index.js'))) return;
  console.log('No build found: running npm run build...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed; see the output above.');
}

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, HOST);
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export function productionEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...PRODUCTION_ENVIRONMENT,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST,
    PUBLIC_URL: `http://${HOST}:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_MS: '0',
  };
}

/** Starts `node server/main.ts` in production, with `npm start`'s flags, on `port`, and answers once it serves /ready (2 minutes at most). */
export async function startSite(
  port: number,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...PRODUCTION_NODE_OPTIONS, 'server/main.ts'], {
    cwd: projectRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...productionEnv(port, dataDir), ...env },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit code ${child.exitCode}).`);
    try {
      const response = await fetch(`http://${HOST}:${port}/ready`);
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not answer /ready within 2 minutes.');
}

/** A fresh database on the PostgreSQL server, and its removal. */
export async function freshPostgres(serverUrl: string) {
  const name = `cv_bench_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * `measure` on the embedded database (unless `skipPglite`), then on a fresh PostgreSQL database when
 * BENCH_DATABASE_URL names a server (the database is dropped after): each result in that order.
 */
export async function measureEachDatabase<Result>(
  measure: (database: 'pglite' | 'postgres', databaseUrl: string) => Promise<Result>,
  { skipPglite = false }: { skipPglite?: boolean } = {},
): Promise<Result[]> {
  const results = skipPglite ? [] : [await measure('pglite', '')];
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('BENCH_DATABASE_URL not set: PostgreSQL is not measured.');
    return results;
  }
  const postgres = await freshPostgres(serverUrl);
  try {
    results.push(await measure('postgres', postgres.url));
  } finally {
    await postgres.drop();
  }
  return results;
}
