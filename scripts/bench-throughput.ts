/**
 * `npm run bench:throughput`: how many anonymous visitors the public pages serve, beside a bare `node:http`
 * server sending the very same bytes, measured side by side in one run.
 *
 * Starts the production server (`node server/main.ts`, an empty embedded database with the demo content) three
 * times: as shipped, with the page cache off (PAGE_CACHE_MB=0), so the rendering path is measured too, and with
 * the metrics off (METRICS=off), so that what recording them costs is measured (decision 0040). Fetches
 * each page once as a browser would (Accept-Encoding: br), then starts a bare `node:http` server in another
 * process that answers every request with those bytes and headers. For each page, autocannon (50 connections,
 * 10 s after a 2 s warm-up) measures the bare server, then the site; it prints requests per second, p99 and the
 * ratio site / bare. Then, page by page, the site with and without metrics in alternating rounds (BENCH_ROUNDS of
 * BENCH_ROUND_REQUESTS each way): the server's CPU time per request, which other work on the machine hardly
 * changes, and the requests per second. Targets, with the cache on: ratio >= 0.25 for /fr, /fr/laureates and
 * /fr/stats, and the metrics costing at most 5 % of the CPU time per request (summed over the pages).
 *
 * Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_PAGES (comma-separated paths),
 * BENCH_ROUNDS (4), BENCH_ROUND_REQUESTS (1000).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { recordPageCache, recordRequest } from '../server/metrics.ts';
import { routeLabel } from '../server/plugins/metrics.ts';
import { PRODUCTION_NODE_OPTIONS } from '../server/node-flags.ts';
import { type Recorded, record, startBare } from './bench-bare.ts';
import { HOST, ensureBuild, freePort, productionEnv, projectRoot } from './bench-site.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGES = (process.env.BENCH_PAGES ?? '/fr,/fr/laureates,/fr/stats').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_REQUESTS = Number(process.env.BENCH_ROUND_REQUESTS ?? 1000);
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function startSite(environment: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-throughput-'));
  const child = spawn(process.execPath, [...PRODUCTION_NODE_OPTIONS, 'server/main.ts'], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...productionEnv(port, dataDir), ...environment },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit code ${child.exitCode}).`);
    try {
      if ((await fetch(`http://${HOST}:${port}/ready`)).ok)
        return { url: `http://${HOST}:${port}`, pid: child.pid!, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('The server did not answer /ready within 2 minutes.');
}

async function measure(url: string, page: string) {
  // A render can take seconds on a loaded machine: wait for it rather than count a timeout.
  const options = { url: `${url}${page}`, connections: CONNECTIONS, headers: BROWSER_HEADERS, timeout: 60 };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    console.log(`  warning: ${result.non2xx} non-2xx answers, ${result.errors} errors or timeouts`);
  return result;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Site {
  url: string;
  pid: number;
}

/**
 * The metrics' own work for one cached page, measured in this process apart from any server: the route's label
 * (the page registry's pattern) and the histogram's observation, plus the page cache's counter.
 */
function metricsWorkPerRequest(): number {
  const request = { routeOptions: { url: '*' }, url: '/fr/laureates?sort=name' };
  const run = (times: number) => {
    const started = process.cpuUsage();
    for (let index = 0; index < times; index++) {
      recordPageCache('hit');
      recordRequest('GET', routeLabel(request), 200, 0.002);
    }
    const { user, system } = process.cpuUsage(started);
    return (user + system) / times;
  };
  run(20_000);
  return run(200_000);
}

/**
 * The cached pages with the metrics (`measured`) and without, in alternating rounds of ROUND_REQUESTS requests:
 * the server's CPU time per request (what the metrics cost, whatever else the machine is doing) and the requests
 * per second (which another load on the machine blurs).
 */
async function metricsCost(measured: Site, unmeasured: Site) {
  console.log(
    `\nMetrics, page cache on: ${ROUNDS} rounds of ${ROUND_REQUESTS} requests each way, alternating`,
  );
  const totals = { on: { cpu: 0, rate: 0 }, off: { cpu: 0, rate: 0 } };
  for (const page of PAGES) {
    const options = { connections: CONNECTIONS, headers: BROWSER_HEADERS, timeout: 60 };
    for (const site of [measured, unmeasured])
      await autocannon({ ...options, url: `${site.url}${page}`, duration: 2 });
    const sums = { on: { cpu: 0, rate: 0 }, off: { cpu: 0, rate: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      // Which goes first alternates too, so that neither always follows the other's load.
      const order = round % 2 === 0 ? [measured, unmeasured] : [unmeasured, measured];
      for (const site of order) {
        const before = cpuSeconds(site.pid);
        const result = await autocannon({ ...options, url: `${site.url}${page}`, amount: ROUND_REQUESTS });
        const sum = site === measured ? sums.on : sums.off;
        sum.cpu += (cpuSeconds(site.pid) - before) / result.requests.total;
        sum.rate += result.requests.average;
      }
    }
    for (const side of ['on', 'off'] as const) {
      totals[side].cpu += sums[side].cpu;
      totals[side].rate += sums[side].rate;
    }
    const micros = (cpu: number) => ((cpu / ROUNDS) * 1e6).toFixed(0).padStart(5);
    const rate = (sum: number) => (sum / ROUNDS).toFixed(0).padStart(6);
    console.log(
      `  ${page.padEnd(14)} CPU per request: with ${micros(sums.on.cpu)} µs, METRICS=off ${micros(sums.off.cpu)} µs` +
        ` (cost ${((sums.on.cpu / sums.off.cpu - 1) * 100).toFixed(1)} %)` +
        `   req/s: ${rate(sums.on.rate)} / ${rate(sums.off.rate)}`,
    );
  }
  const cpuCost = (totals.on.cpu / totals.off.cpu - 1) * 100;
  const rateCost = (1 - totals.on.rate / totals.off.rate) * 100;
  console.log(
    `Metrics cost, all pages: ${cpuCost.toFixed(1)} % of the CPU time per request (target <= 5 %); ` +
      `requests per second ${rateCost.toFixed(1)} % lower.`,
  );
  // The same cost counted directly: stable where the comparison above is blurred by a busy machine.
  const work = metricsWorkPerRequest();
  const perRequest = (totals.off.cpu / (ROUNDS * PAGES.length)) * 1e6;
  console.log(
    `Metrics' own work per cached page: ${work.toFixed(2)} µs of CPU, ${((work / perRequest) * 100).toFixed(2)} % ` +
      `of a cached page's ${perRequest.toFixed(0)} µs without them (target <= 5 %).`,
  );
}

async function main() {
  ensureBuild();
  const cached = await startSite({});
  const uncached = await startSite({ PAGE_CACHE_MB: '0' });
  const unmeasured = await startSite({ METRICS: 'off' });
  let bare: ChildProcess | undefined;
  try {
    const recorded: Record<string, Recorded> = {};
    for (const page of PAGES) {
      await record(`${cached.url}${page}`, BROWSER_HEADERS);
      recorded[page] = await record(`${cached.url}${page}`, BROWSER_HEADERS);
    }
    const started = await startBare(recorded);
    bare = started.child;
    console.log(
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per line after 2 s of warm-up, Accept-Encoding of a browser\n`,
    );
    const line = (name: string, result: autocannon.Result, ratio?: number) =>
      `  ${name.padEnd(38)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(5)} ms` +
      (ratio === undefined ? '' : `   ratio ${ratio.toFixed(3)}`);
    for (const page of PAGES) {
      const size = Buffer.from(recorded[page]!.body, 'base64').length;
      const encoding = recorded[page]!.headers['content-encoding'] ?? 'identity';
      console.log(`${page} (${(size / 1024).toFixed(1)} KB ${encoding})`);
      const reference = await measure(started.url, page);
      const site = await measure(cached.url, page);
      const rendered = await measure(uncached.url, page);
      const ratio = (result: autocannon.Result) => result.requests.average / reference.requests.average;
      console.log(line('bare node:http, same bytes', reference));
      console.log(line('site, page cache on', site, ratio(site)));
      console.log(line('site, page cache off (PAGE_CACHE_MB=0)', rendered, ratio(rendered)));
    }
    console.log('Target: ratio >= 0.25 with the page cache on.');
    await metricsCost(cached, unmeasured);
  } finally {
    if (bare && bare.exitCode === null) {
      bare.kill('SIGTERM');
      await once(bare, 'exit');
    }
    await cached.stop();
    await uncached.stop();
    await unmeasured.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
