/**
 * A real server process for the tests of stops and restarts (tests/cluster/*restart*, workers-stop): `node
 * server/main.ts` in production mode on 127.0.0.1, with what it prints kept for the failure messages, and a
 * throw-away PostgreSQL database for the tests of several instances.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import type { Writable } from 'node:stream';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresUrl, redisUrl } from './services.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  process: ChildProcess;
  output: string[];
  /** The exit code and when it came. */
  exited: Promise<{ code: number | null; at: number }>;
}

/** Builds the pages first when the build is missing (a test run alone). */
export function ensureBuild() {
  if (!fs.existsSync(path.join(root, 'build/server/index.js')))
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

/**
 * `output`: where the process writes (stdout and stderr), instead of to this test; `output` in the answer then
 * stays empty.
 */
export function startServer(
  port: number,
  environment: Record<string, string>,
  output?: Writable,
): ServerProcess {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_CONTENT: 'false',
      PAYMENTS_TEST_MODE: 'true',
      ...environment,
    },
    stdio: output ? ['ignore', output, output] : ['ignore', 'pipe', 'pipe'],
  });
  const printed: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => printed.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => printed.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );
  return { process: child, output: printed, exited };
}

/**
 * `WORKERS=2` on PostgreSQL and Redis (`database`: a URL from createTestDatabase), resolved once both instances have
 * printed their ready line.
 */
export async function startTwoInstances(
  port: number,
  database: string,
  environment: Record<string, string>,
): Promise<ServerProcess> {
  const server = startServer(port, {
    DATABASE_URL: database,
    REDIS_URL: redisUrl,
    WORKERS: '2',
    ...environment,
  });
  const deadline = Date.now() + 150_000;
  while (server.output.join('').match(/ready in/g)?.length !== 2) {
    if (Date.now() > deadline) throw new Error(`two instances did not start:\n${server.output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server;
}

/** A new, empty database on the test PostgreSQL server; `drop()` removes it, connections and all. */
export async function createTestDatabase(prefix: string) {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
