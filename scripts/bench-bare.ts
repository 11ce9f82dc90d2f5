/**
 * The reference of the page benchmarks: a bare `node:http` server, in a process of its own, answering each
 * recorded path with the very bytes and headers the site sent for it (bench-throughput, bench-mixed). Run with
 * `--bare <file>` it is that server; imported, it records the pages and starts it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST } from './bench-site.ts';

export interface Recorded {
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

/** Starts the bare server on the recorded pages (keyed by path); stop it with `child.kill()`. */
export async function startBare(
  pages: Record<string, Recorded>,
): Promise<{ url: string; child: ChildProcess }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cv-bench-bare-')), 'pages.json');
  fs.writeFileSync(file, JSON.stringify(pages));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return { url: `http://${HOST}:${Number(String(chunk).trim())}`, child };
}

/** One request with `headers`, kept as raw bytes (fetch would decode them). */
export function record(url: string, headers: Record<string, string>): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const kept: Record<string, string> = {};
          for (const name of ['content-type', 'content-encoding', 'vary', 'content-security-policy']) {
            const value = response.headers[name];
            if (value) kept[name] = String(value);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: kept,
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
      })
      .on('error', reject);
  });
}

if (process.argv[2] === '--bare' && process.argv[1] === fileURLToPath(import.meta.url))
  serveBare(process.argv[3]!);
