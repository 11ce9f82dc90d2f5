/**
 * `npm run bench:backup`: time and size of a backup and a restore at the club's real scale.
 *
 * Seeds BENCH_LAUREATES (100,000) synthetic laureates into a fresh embedded PGlite with `demo:seed`, backs it up
 * with `db:backup`, restores the file into another fresh PGlite and, when DATABASE_URL names a PostgreSQL server,
 * into a fresh database created there (dropped afterwards) — the move from the embedded database to PostgreSQL.
 * Every step goes through the command line, as a club would run it. Prints seconds and the file's size.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runCli } from '../server/cli.ts';

const LAUREATES = Number(process.env.BENCH_LAUREATES ?? 100_000);
const serverUrl = process.env.DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-backup-'));
const file = path.join(work, 'backup.sql');

async function step(name: string, argv: string[], environment: Record<string, string>) {
  const started = performance.now();
  const lines: string[] = [];
  const code = await runCli(
    argv,
    { LOG_LEVEL: 'silent', ...environment },
    (line) => lines.push(line),
    (line) => lines.push(line),
  );
  if (code !== 0) throw new Error(`${name} failed:\n${lines.join('\n')}`);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${name.padEnd(34)} ${seconds.toFixed(1).padStart(7)} s   ${lines.at(-1) ?? ''}`);
  return seconds;
}

try {
  const source = { DATA_DIR: path.join(work, 'source'), DEMO_CONTENT: 'false' };
  await step(`demo:seed --laureates ${LAUREATES}`, ['demo:seed', '--laureates', String(LAUREATES)], source);
  await step('db:backup (PGlite)', ['db:backup', file], source);
  console.log(`${'backup file'.padEnd(34)} ${(fs.statSync(file).size / 1e6).toFixed(1).padStart(7)} MB`);
  await step('db:restore into PGlite', ['db:restore', file], { DATA_DIR: path.join(work, 'target') });
  if (serverUrl) {
    const name = `cv_bench_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      await step('db:restore into PostgreSQL', ['db:restore', file], {
        DATA_DIR: work,
        DATABASE_URL: url.toString(),
      });
      await step('db:backup (PostgreSQL)', ['db:backup', path.join(work, 'again.sql')], {
        DATA_DIR: work,
        DATABASE_URL: url.toString(),
      });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
