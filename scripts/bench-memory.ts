/**
 * `npm run bench:memory`: the memory of one production process, measured as issue 45 states its targets (RSS of
 * `node server/main.ts`, read from /proc): settled after the start, then after the seven public pages in the six
 * languages once. On embedded PGlite always; on PostgreSQL too when BENCH_DATABASE_URL names a server (a fresh
 * database is made on it and dropped at the end).
 *
 * The embedded database runs in a process of its own (decision 0055): its resident memory is printed beside the
 * server's, with the sum, since a club's machine holds both.
 *
 * It measures and reports against the targets (PGlite: idle 300 MB, after the pages 350 MB; PostgreSQL: 180 MB
 * and 230 MB); it asserts nothing, so that a slower machine reads its figures rather than a failure. Linux only
 * (/proc/<pid>/status).
 */
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '../domain/locales.ts';
import { PAGES } from '../domain/pages.ts';
import { HOST, ensureBuild, freePort, measureEachDatabase, startSite } from './bench-site.ts';

const TARGETS_MB = {
  pglite: { idle: 300, pages: 350 },
  postgres: { idle: 180, pages: 230 },
} as const;
type Database = keyof typeof TARGETS_MB;

/** The resident memory of a process, in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`No VmRSS for process ${pid}`);
  return kb / 1024;
}

/**
 * The RSS once it has stopped moving: read every half second until two readings 3 s apart differ by less than
 * 2 MB (start-up work, the first collections), at most 60 s.
 */
async function settledRss(pid: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  const readings: number[] = [];
  while (Date.now() < deadline) {
    readings.push(rssMb(pid));
    const earlier = readings.at(-7);
    if (earlier !== undefined && Math.abs(readings.at(-1)! - earlier) < 2) return readings.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return readings.at(-1)!;
}

/** The seven public pages of the sitemap, in every language. */
function publicPageUrls(base: string): string[] {
  const paths = PAGES.filter((entry) => entry.sitemap).map((entry) => entry.path);
  return LOCALES.flatMap((locale) => paths.map((page) => `${base}/${locale}${page ? `/${page}` : ''}`));
}

/** The processes `pid` started (the embedded database's, decision 0055). */
function childPids(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
    : [];
}

/** The server's settled RSS, and its children's (the embedded database's process) read at the same moment. */
async function settled(pid: number): Promise<{ server: number; children: number }> {
  const server = await settledRss(pid);
  const children = childPids(pid).reduce((sum, child) => sum + rssMb(child), 0);
  return { server, children };
}

async function measure(database: Database, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-memory-'));
  const port = await freePort();
  const site = await startSite(port, dataDir, { DATABASE_URL: databaseUrl });
  try {
    const idle = await settled(site.pid!);
    for (const url of publicPageUrls(`http://${HOST}:${port}`)) {
      const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
    }
    const pages = await settled(site.pid!);
    return { database, idle, pages };
  } finally {
    // Stopped before its database goes (at most 10 s: the site stops at once without a proxy's drain).
    const exited = once(site, 'exit');
    site.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const mark = ({ server, children }: { server: number; children: number }, target: number) =>
  `${server.toFixed(0)} MB ${server <= target ? '≤' : '>'} ${target}` +
  (children > 0 ? ` (+ ${children.toFixed(0)} MB database process = ${(server + children).toFixed(0)})` : '');

ensureBuild();
const results = await measureEachDatabase(measure);

console.log('\n| database | idle after start | after the public pages in six languages |');
console.log('| --- | --- | --- |');
for (const { database, idle, pages } of results)
  console.log(
    `| ${database} | ${mark(idle, TARGETS_MB[database].idle)} | ${mark(pages, TARGETS_MB[database].pages)} |`,
  );
