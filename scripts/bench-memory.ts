/**
 * `npm run bench:memory`: the memory of the production server, measured as issue 45 states its targets (resident
 * memory of `node server/main.ts` with `npm start`'s flags and environment, read from /proc), at three moments:
 * settled after the start, after the seven public pages in the six languages once, and after the club's history
 * (HISTORY_HOMOLOGATIONS homologations in the import's CSV format) is imported through `cli laureates:import` into
 * the running server, its public pages read again. On embedded PGlite always; on PostgreSQL too when
 * BENCH_DATABASE_URL names a server (a fresh database is made on it and dropped at the end), then with WORKERS=2
 * on PostgreSQL, every process of the tree counted.
 *
 * The embedded database runs in a process of its own (decision 0055): its resident memory is printed beside the
 * server's. Processes that run the same Node binary each count its code pages in their resident memory; the
 * proportional figure (PSS, each shared page divided between the processes that map it) is what the machine holds
 * for them together, and what the WORKERS=2 target "in all" is read against.
 *
 * It measures and reports against the targets; it asserts nothing, so that a slower machine reads its figures
 * rather than a failure. Linux only (/proc).
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { LOCALES } from '../domain/locales.ts';
import { PAGES } from '../domain/pages.ts';
import { CSV_COLUMNS } from '../server/laureate-import/parse.ts';
import { demoRecords } from '../server/services/platform/demo-data.ts';
import {
  HOST,
  ensureBuild,
  freePort,
  freshPostgres,
  measureEachDatabase,
  productionEnv,
  projectRoot,
  startSite,
} from './bench-site.ts';

const HISTORY_HOMOLOGATIONS = 40_000;

/** Issue 45's targets in MB, for the server's process (PGlite, PostgreSQL) and for WORKERS=2 in all. */
const TARGETS_MB = {
  pglite: { idle: 300, pages: 350, history: 350 },
  postgres: { idle: 180, pages: 230, history: undefined },
  workers: { idle: 450, pages: 450, history: 450 },
} as const;
type Setup = keyof typeof TARGETS_MB;
type Moment = 'idle' | 'pages' | 'history';

/** A figure of /proc/<pid>/<file>, in MB: VmRSS of `status`, Pss of `smaps_rollup`. */
function procMb(pid: number, file: 'status' | 'smaps_rollup', field: 'VmRSS' | 'Pss'): number {
  const text = fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`No ${field} for process ${pid}`);
  return kb / 1024;
}
const rssMb = (pid: number) => procMb(pid, 'status', 'VmRSS');
const pssMb = (pid: number) => procMb(pid, 'smaps_rollup', 'Pss');

/** The processes `pid` started: the embedded database's (decision 0055), or the WORKERS instances. */
function childPids(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
    : [];
}

/** The tree's total resident memory, in MB. */
const treeRssMb = (pid: number) => childPids(pid).reduce((sum, child) => sum + rssMb(child), rssMb(pid));

/**
 * Until the tree's RSS has stopped moving: read every half second until two readings 3 s apart differ by less
 * than 2 MB (start-up work, the first collections), at most 60 s.
 */
async function untilSettled(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  const readings: number[] = [];
  while (Date.now() < deadline) {
    readings.push(treeRssMb(pid));
    const earlier = readings.at(-7);
    if (earlier !== undefined && Math.abs(readings.at(-1)! - earlier) < 2) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface Reading {
  /** The first process: the server, or with WORKERS the primary that supervises the instances. */
  server: number;
  /** The processes it started: the embedded database's, or the WORKERS instances; 0 when none. */
  children: number;
  /** All of them together, proportionally (PSS). */
  together: number;
}

async function reading(pid: number): Promise<Reading> {
  await untilSettled(pid);
  const children = childPids(pid);
  return {
    server: rssMb(pid),
    children: children.reduce((sum, child) => sum + rssMb(child), 0),
    together: children.reduce((sum, child) => sum + pssMb(child), pssMb(pid)),
  };
}

/** The seven public pages of the sitemap, in every language. */
function publicPageUrls(base: string): string[] {
  const paths = PAGES.filter((entry) => entry.sitemap).map((entry) => entry.path);
  return LOCALES.flatMap((locale) => paths.map((page) => `${base}/${locale}${page ? `/${page}` : ''}`));
}

async function readPublicPages(base: string, times: number) {
  for (let round = 0; round < times; round++)
    for (const url of publicPageUrls(base)) {
      const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
    }
}

/** The club's history as a file in the import's format: synthetic riders and their homologations. */
function writeHistoryCsv(file: string) {
  const records = demoRecords({ count: HISTORY_HOMOLOGATIONS, seed: 45 }).slice(0, HISTORY_HOMOLOGATIONS);
  const rows = records.map((record) => CSV_COLUMNS.map((column) => record[column] ?? ''));
  fs.writeFileSync(file, stringify(rows, { header: true, columns: [...CSV_COLUMNS] }));
}

/** `cli laureates:import` against the running site: the command line hands the work to the server. */
function importHistory(environment: NodeJS.ProcessEnv, file: string) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['server/cli.ts', 'laureates:import', file], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: environment,
  });
  if (result.status !== 0) throw new Error(`The import failed (exit code ${result.status}).`);
  console.log(
    `  imported ${HISTORY_HOMOLOGATIONS} homologations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function measure(setup: Setup, databaseUrl: string): Promise<Record<Moment, Reading>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-memory-'));
  const port = await freePort();
  const environment = { DATABASE_URL: databaseUrl, ...(setup === 'workers' ? { WORKERS: '2' } : {}) };
  const site = await startSite(port, dataDir, environment);
  const base = `http://${HOST}:${port}`;
  // With WORKERS the operating system spreads the requests: twice over, each instance likely renders each page.
  const rounds = setup === 'workers' ? 2 : 1;
  try {
    console.log(`${setup}:`);
    const idle = await reading(site.pid!);
    await readPublicPages(base, rounds);
    const pages = await reading(site.pid!);
    const file = path.join(dataDir, 'history.csv');
    writeHistoryCsv(file);
    importHistory({ ...productionEnv(port, dataDir), ...environment }, file);
    await readPublicPages(base, rounds);
    const history = await reading(site.pid!);
    return { idle, pages, history };
  } finally {
    // Stopped before its database goes (at most 10 s: the site stops at once without a proxy's drain).
    const exited = once(site, 'exit');
    site.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A reading against its target: one process's RSS, as the issue states its targets, on one database; with
 * WORKERS "in all", the whole tree proportionally (the same Node binary's code pages, resident in each process,
 * counted once), with each part's RSS beside it.
 */
function mark(setup: Setup, { server, children, together }: Reading, target: number | undefined) {
  const measured = setup === 'workers' ? together : server;
  const against = target === undefined ? '' : ` ${measured <= target ? '≤' : '>'} ${target}`;
  if (setup === 'workers')
    return `${together.toFixed(0)} MB PSS${against} (RSS: primary ${server.toFixed(0)} + instances ${children.toFixed(0)} MB)`;
  return (
    `${server.toFixed(0)} MB${against}` +
    (children > 0
      ? ` (+ ${children.toFixed(0)} MB database process; both ${together.toFixed(0)} MB PSS)`
      : '')
  );
}

ensureBuild();
const results = await measureEachDatabase(async (database, databaseUrl) => {
  const single = { setup: database as Setup, moments: await measure(database, databaseUrl) };
  if (database === 'pglite') return [single];
  // WORKERS=2 on a database of its own, fresh as the first.
  const workersDatabase = await freshPostgres(process.env.BENCH_DATABASE_URL!);
  try {
    return [single, { setup: 'workers' as Setup, moments: await measure('workers', workersDatabase.url) }];
  } finally {
    await workersDatabase.drop();
  }
});

console.log(
  `\n| setup | idle after start | after the public pages in six languages | with ${HISTORY_HOMOLOGATIONS} homologations imported |`,
);
console.log('| --- | --- | --- | --- |');
for (const { setup, moments } of results.flat())
  console.log(
    `| ${setup === 'workers' ? 'postgres, WORKERS=2, in all' : setup} | ${(
      ['idle', 'pages', 'history'] as const
    )
      .map((moment) => mark(setup, moments[moment], TARGETS_MB[setup][moment]))
      .join(' | ')} |`,
  );
