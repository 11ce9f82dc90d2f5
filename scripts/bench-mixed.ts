/**
 * `npm run bench:mixed`: the mixed load a small club server meets, as issue 45 states it ("fits a small server",
 * a 2-core machine), measured on the production server (`node server/main.ts`) beside a bare `node:http`
 * reference.
 *
 * For each database (embedded PGlite in a fresh data folder always; PostgreSQL too when BENCH_DATABASE_URL names
 * a server: a fresh database is made on it and dropped at the end), BENCH_LAUREATES synthetic laureates are seeded
 * (`cli demo:seed`), the site is started, and for BENCH_SECONDS at once:
 * - kept public pages: anonymous GETs with `Accept-Encoding: br` of the pages below, at 300 pages/s in all, one
 *   every 3.3 ms (bench-paced-load.ts: each latency counted from the moment its request was due), each page fetched
 *   once beforehand so that the page cache holds it;
 * - the public ranking: 30 reads/s of `GET /api/laureates` with the queries of bench:api;
 * - 10 buyers, each with an account signed up and signed in beforehand, ordering (`POST /api/orders`, an adult
 *   and a minor by card) and paying with the built-in test provider (its "approve" button) in a loop.
 * Then the same page load against a bare `node:http` server in another process that answers with the very bytes
 * and headers the site sent (the references): for BENCH_SECONDS while the site still takes the ranking reads and
 * the buyers (on two cores shared with the load generators, what an ideal server would see of the contention),
 * then alone. It prints the pages' and the ranking's p50 / p99 with the rate actually served, the orders paid
 * (and the p50 / p99 of one order and its payment), the references' p50 / p99, and whether each target is met.
 * The requests leave on time whatever the server answers, so a stall of the server is counted in every request
 * due during it.
 *
 * Targets: kept pages p99 <= 100 ms on both databases, ranking p99 <= 150 ms, orders paid in 30 s at least 190
 * on PGlite and 218 on PostgreSQL (scaled to BENCH_SECONDS). It asserts nothing, so that a slower machine reads
 * its figures rather than a failure. The sign-ins all come from 127.0.0.1: the site runs with
 * RATE_LIMIT_IP_FACTOR=50, as the browser tests do.
 *
 * Options (environment): BENCH_SECONDS (30), BENCH_LAUREATES (100000; 0 keeps the demo content alone),
 * BENCH_DATABASE_URL (unset), BENCH_PAGE_RATE (300), BENCH_API_RATE (30), BENCH_BUYERS (10), BENCH_SKIP_PGLITE
 * (unset; set, only PostgreSQL is measured, to compare a change on it quickly).
 */
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { orderPayload } from '../tests/support/orders.ts';
import { fetchCall } from '../tests/support/second-factor.ts';
import { PASSWORD, signupPayload } from '../tests/support/users.ts';
import { type Recorded, record, startBare } from './bench-bare.ts';
import { type PacedResult, pacedLoad, percentileOfSorted } from './bench-paced-load.ts';
import {
  HOST,
  LAUREATE_QUERIES,
  ensureBuild,
  freePort,
  measureEachDatabase,
  productionEnv,
  projectRoot,
  startSite,
} from './bench-site.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const LAUREATES = Number(process.env.BENCH_LAUREATES ?? 100_000);
const PAGE_RATE = Number(process.env.BENCH_PAGE_RATE ?? 300);
const API_RATE = Number(process.env.BENCH_API_RATE ?? 30);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 10);

/** The kept pages a visitor opens most: home in two languages, the ranking, the figures, the rules, the roads. */
const KEPT_PAGES = ['/fr', '/gb', '/fr/laureates', '/fr/stats', '/fr/rules', '/fr/roads', '/gb/laureates'];
const PAGE_HEADERS = { 'accept-encoding': 'br' };

const TARGETS = {
  pagesP99Ms: 100,
  apiP99Ms: 150,
  /** Orders paid in 30 s. */
  orders: { pglite: 190, postgres: 218 },
} as const;
type Database = keyof typeof TARGETS.orders;

/** The environment of the site and of the seeding command, beside productionEnv. */
const siteEnv = (databaseUrl: string) => ({ DATABASE_URL: databaseUrl, RATE_LIMIT_IP_FACTOR: '50' });

/** BENCH_LAUREATES synthetic laureates, seeded through the CLI before the site starts (PGlite has one owner). */
function seedLaureates(dataDir: string, databaseUrl: string) {
  if (LAUREATES <= 0) return;
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['server/cli.ts', 'demo:seed', '--laureates', String(LAUREATES)],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...productionEnv(0, dataDir), ...siteEnv(databaseUrl) },
    },
  );
  if (result.status !== 0) throw new Error(`Seeding the laureates failed (exit code ${result.status}).`);
  console.log(`  seeded ${LAUREATES} laureates in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Each kept page as the site sends it once cached: fetched once to fill the cache, then recorded. */
async function recordKeptPages(base: string): Promise<Record<string, Recorded>> {
  const recorded: Record<string, Recorded> = {};
  for (const page of KEPT_PAGES) {
    await record(`${base}${page}`, PAGE_HEADERS);
    const answer = await record(`${base}${page}`, PAGE_HEADERS);
    if (answer.status !== 200) throw new Error(`${page} answered ${answer.status}`);
    recorded[page] = answer;
  }
  return recorded;
}

/**
 * How long the server's own thread kept a ready request waiting during the load (Node's event-loop delay, from
 * its metrics port; each read starts the figures afresh): the part of a page's latency that is the server's,
 * apart from the machine's cores being shared with the load generator and the database.
 */
async function eventLoopLag(metricsPort: number) {
  const text = await (await fetch(`http://${HOST}:${metricsPort}/metrics`)).text();
  const seconds = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    p99: seconds('nodejs_eventloop_lag_p99_seconds') * 1000,
    max: seconds('nodejs_eventloop_lag_max_seconds') * 1000,
  };
}

/** Each search of the ranking read once, one after the other, on a quiet server: the slowest and median times. */
async function timedFirstReads(base: string) {
  const times: number[] = [];
  for (const query of LAUREATE_QUERIES) {
    const started = performance.now();
    const response = await fetch(`${base}${query}`, { headers: { 'accept-encoding': 'br' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${query} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 0.5), max: Math.max(...times) };
}

/** A fixed rate of GETs over `paths` in turn, for SECONDS, paced (bench-paced-load.ts). */
function steadyLoad(base: string, paths: string[], rate: number, headers: Record<string, string>) {
  return pacedLoad({
    url: base,
    paths,
    rate,
    seconds: SECONDS,
    headers,
    // A third of the rate: enough for every request due in a stall of about 300 ms to leave at once.
    connections: Math.max(2, Math.ceil(rate / 3)),
    timeoutMs: 30_000,
  });
}

/** The API's answer, or an error naming the call when it is not a success. */
async function call<T>(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const answer = await fetchCall(base, token)(method, url, body);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

/** A new account, signed in: its session token. */
async function signedInBuyer(base: string): Promise<string> {
  const account = signupPayload();
  await call(base, 'POST', '/api/signup', account);
  const { token } = await call<{ token: string }>(base, 'POST', '/api/login', {
    email: account.email,
    password: PASSWORD,
  });
  return token;
}

/** One order placed and paid through the test provider's page; its time. */
async function orderAndPay(base: string, token: string): Promise<number> {
  const started = performance.now();
  const created = await call<{ id: number; redirect_url: string }>(
    base,
    'POST',
    '/api/orders?lang=fr',
    orderPayload(),
    token,
  );
  // The test provider's page: /<lang>/payment/test/<payment id>; its "approve" button settles the order.
  const paymentId = /\/payment\/test\/(\d+)/.exec(created.redirect_url)?.[1];
  if (!paymentId)
    throw new Error(`Order ${created.id}: not sent to the test provider (${created.redirect_url})`);
  await call(base, 'POST', `/api/payments/test/${paymentId}/approve?lang=fr`, undefined, token);
  return performance.now() - started;
}

/** BUYERS buyers ordering and paying in a loop until `deadline`: the orders paid and their times. */
async function buyersLoad(base: string, tokens: string[], deadline: number) {
  const times: number[] = [];
  const failures: string[] = [];
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < deadline) {
        try {
          times.push(await orderAndPay(base, token));
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    }),
  );
  return { times, failures };
}

/** The orders the server holds as paid, across the buyers: what the loop counted, checked at the source. */
async function paidOrders(base: string, tokens: string[]): Promise<number> {
  let paid = 0;
  for (const token of tokens) {
    const orders = await call<{ status: string }[]>(base, 'GET', '/api/orders', undefined, token);
    paid += orders.filter((order) => order.status === 'paid').length;
  }
  return paid;
}

function percentile(values: number[], fraction: number): number {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    fraction,
  );
}

/** p50 and p99 in ms (NaN when nothing was answered), and the rate actually answered (answers a second). */
function latencies(result: PacedResult) {
  return {
    p50: percentileOfSorted(result.latencies, 0.5),
    p99: percentileOfSorted(result.latencies, 0.99),
    rate: result.latencies.length / SECONDS,
  };
}

function warnIfFailed(name: string, result: PacedResult) {
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    console.log(
      `  warning (${name}): ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  // At most 10 s: the site stops at once without a proxy's drain.
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

async function measure(database: Database, databaseUrl: string) {
  console.log(`\n${database}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-mixed-'));
  let site: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    seedLaureates(dataDir, databaseUrl);
    const port = await freePort();
    const metricsPort = await freePort();
    site = await startSite(port, dataDir, { ...siteEnv(databaseUrl), METRICS_PORT: String(metricsPort) });
    const base = `http://${HOST}:${port}`;
    const recorded = await recordKeptPages(base);
    const tokens = await Promise.all(Array.from({ length: BUYERS }, () => signedInBuyer(base)));
    // One order beforehand: the first order's work (loading the document code, fonts, caches) is not measured.
    if (tokens[0]) await orderAndPay(base, tokens[0]);
    const warmedUp = await paidOrders(base, tokens);
    // Each search once beforehand, as the pages and the first order: a first read of a search is a query over
    // every laureate (printed here, not hidden), then the ranking keeps the page (ranking-cache.ts).
    const firstReads = await timedFirstReads(base);
    // Read once to start the server's event-loop figures afresh: the next read covers the load alone.
    await eventLoopLag(metricsPort);

    const deadline = Date.now() + SECONDS * 1000;
    const [pages, api, buyers] = await Promise.all([
      steadyLoad(base, KEPT_PAGES, PAGE_RATE, PAGE_HEADERS),
      steadyLoad(base, LAUREATE_QUERIES, API_RATE, { 'accept-encoding': 'gzip, deflate, br, zstd' }),
      buyersLoad(base, tokens, deadline),
    ]);
    const lag = await eventLoopLag(metricsPort);
    warnIfFailed('kept pages', pages);
    warnIfFailed('ranking API', api);
    if (buyers.failures.length > 0)
      console.log(`  warning (buyers): ${buyers.failures.length} failures, first: ${buyers.failures[0]}`);
    const paid = (await paidOrders(base, tokens)) - warmedUp;
    if (paid !== buyers.times.length)
      console.log(`  warning: ${buyers.times.length} orders paid by the loop, ${paid} paid on the server`);

    // The references: a bare server sending the very same bytes, first while the site still takes the ranking
    // reads and the buyers (what an ideal server would see of the machine's contention), then alone.
    const started = await startBare(recorded);
    bare = started.child;
    const contended = await Promise.all([
      steadyLoad(started.url, KEPT_PAGES, PAGE_RATE, PAGE_HEADERS),
      steadyLoad(base, LAUREATE_QUERIES, API_RATE, { 'accept-encoding': 'gzip, deflate, br, zstd' }),
      buyersLoad(base, tokens, Date.now() + SECONDS * 1000),
    ]).then(([bareAnswers]) => bareAnswers);
    warnIfFailed('reference under the same load', contended);
    await stop(site);
    const reference = await steadyLoad(started.url, KEPT_PAGES, PAGE_RATE, PAGE_HEADERS);
    warnIfFailed('reference', reference);

    return {
      database,
      pages: latencies(pages),
      api: latencies(api),
      orders: { paid, p50: percentile(buyers.times, 0.5), p99: percentile(buyers.times, 0.99) },
      firstReads,
      lag,
      contended: latencies(contended),
      reference: latencies(reference),
    };
  } finally {
    if (bare) await stop(bare);
    if (site) await stop(site);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A latency, or that none was measured (a NaN also fails its target: NaN <= target is false). */
const ms = (value: number) => (Number.isNaN(value) ? 'no answer' : `${value.toFixed(1)} ms`);
const served = ({ p50, p99, rate }: { p50: number; p99: number; rate: number }) =>
  `${ms(p50)} / ${ms(p99)} (${rate.toFixed(0)}/s)`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

function report(results: Awaited<ReturnType<typeof measure>>[]) {
  console.log(
    `\n${SECONDS} s at once: kept pages ${PAGE_RATE}/s (${KEPT_PAGES.join(' ')}, Accept-Encoding: br), ` +
      `ranking API ${API_RATE}/s, ${BUYERS} buyers ordering and paying in a loop; ` +
      `references: the same page load on a bare node:http server sending the same bytes, while the site takes ` +
      `the ranking reads and the buyers, then alone.`,
  );
  console.log(
    '\n| database | kept pages p50 / p99 (served) | ranking API p50 / p99 (served) | orders paid (order + payment p50 / p99) | bare server under the same load | bare server alone |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const { database, pages, api, orders, contended, reference } of results)
    console.log(
      `| ${database} | ${served(pages)} | ${served(api)} | ` +
        `${orders.paid} (${ms(orders.p50)} / ${ms(orders.p99)}) | ${served(contended)} | ${served(reference)} |`,
    );
  for (const { database, lag } of results)
    console.log(
      `${database}: the server's event loop during the load (how long a ready request waited for its thread): ` +
        `p99 ${ms(lag.p99)}, longest ${ms(lag.max)}`,
    );
  for (const { database, firstReads } of results)
    console.log(
      `${database}: the first read of each of the ${LAUREATE_QUERIES.length} searches, before the load: ` +
        `p50 ${ms(firstReads.p50)}, slowest ${ms(firstReads.max)}`,
    );
  console.log('\nTargets:');
  for (const { database, pages, api, orders } of results) {
    const ordersTarget = Math.round((TARGETS.orders[database] * SECONDS) / 30);
    console.log(
      `  ${database}: kept pages p99 ${ms(pages.p99)} <= ${TARGETS.pagesP99Ms} ms ${met(pages.p99 <= TARGETS.pagesP99Ms)}; ` +
        `ranking API p99 ${ms(api.p99)} <= ${TARGETS.apiP99Ms} ms ${met(api.p99 <= TARGETS.apiP99Ms)}; ` +
        `orders ${orders.paid} >= ${ordersTarget} ${met(orders.paid >= ordersTarget)}`,
    );
  }
}

async function main() {
  ensureBuild();
  console.log(`${os.cpus().length} CPUs, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB of memory`);
  report(await measureEachDatabase(measure, { skipPglite: Boolean(process.env.BENCH_SKIP_PGLITE) }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
