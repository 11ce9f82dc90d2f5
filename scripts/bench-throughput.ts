/**
 * `npm run bench:throughput`: how many anonymous visitors the public pages serve, beside a bare `node:http`
 * server sending the very same bytes, measured side by side in one run.
 *
 * Starts the production server (`node server/main.ts`, an empty embedded database with the demo content) twice:
 * as shipped, and with the page cache off (PAGE_CACHE_MB=0), so the rendering path is measured too. Fetches
 * each page once as a browser would (Accept-Encoding: br), then starts a bare `node:http` server in another
 * process that answers every request with those bytes and headers. For each page, autocannon (50 connections,
 * 10 s after a 2 s warm-up) measures the bare server, then the site; it prints requests per second, p99 and the
 * ratio site / bare. Target: ratio >= 0.25 for /fr, /fr/laureates and /fr/stats with the cache on.
 *
 * Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_PAGES (comma-separated paths).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGES = (process.env.BENCH_PAGES ?? '/fr,/fr/laureates,/fr/stats').split(',');
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Recorded {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

/** The child process: a bare node:http server answering each recorded path with its bytes. */
function serveBare(file: string) {
  const pages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Recorded>;
  const answers = new Map(
    Object.entries(pages).map(([page, recorded]) => [
      page,
      { ...recorded, bytes: Buffer.from(recorded.body, 'base64') },
    ]),
  );
  const server = http.createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.bytes.length });
    response.end(answer.bytes);
  });
  server.listen(0, HOST, () => {
    process.stdout.write(`${(server.address() as net.AddressInfo).port}\n`);
  });
}

function ensureBuild() {
  if (fs.existsSync(path.join(projectRoot, 'build/server/index.js'))) return;
  console.log('No build found: running npm run build...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed; see the output above.');
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, HOST);
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function startSite(environment: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-throughput-'));
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST,
      PUBLIC_URL: `http://${HOST}:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      ...environment,
    },
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
      if ((await fetch(`http://${HOST}:${port}/ready`)).ok) return { url: `http://${HOST}:${port}`, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('The server did not answer /ready within 2 minutes.');
}

async function startBare(pages: Record<string, Recorded>): Promise<{ url: string; child: ChildProcess }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-bare-')), 'pages.json');
  fs.writeFileSync(file, JSON.stringify(pages));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return { url: `http://${HOST}:${Number(String(chunk).trim())}`, child };
}

/** One browser-like request, kept as raw bytes (fetch would decode them). */
function record(url: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const name of ['content-type', 'content-encoding', 'vary', 'content-security-policy']) {
            const value = response.headers[name];
            if (value) headers[name] = String(value);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
      })
      .on('error', reject);
  });
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

async function main() {
  ensureBuild();
  const cached = await startSite({});
  const uncached = await startSite({ PAGE_CACHE_MB: '0' });
  let bare: ChildProcess | undefined;
  try {
    const recorded: Record<string, Recorded> = {};
    for (const page of PAGES) {
      await record(`${cached.url}${page}`);
      recorded[page] = await record(`${cached.url}${page}`);
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
    console.log('\nTarget: ratio >= 0.25 with the page cache on.');
  } finally {
    if (bare && bare.exitCode === null) {
      bare.kill('SIGTERM');
      await once(bare, 'exit');
    }
    await cached.stop();
    await uncached.stop();
  }
}

if (process.argv[2] === '--bare') serveBare(process.argv[3]!);
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
