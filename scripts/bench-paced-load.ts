/**
 * A paced, open-loop load for bench:mixed: GETs sent at a fixed rate, one every 1/rate s, whatever the server
 * answers, each latency measured from the moment its request was due (what wrk2 does). A stall of the server is
 * then counted in every request due during it, and nothing else is: when no connection is free, the request
 * waits for one and the wait is counted.
 *
 * Why not autocannon's `overallRate` (decision 0058): autocannon sends each connection's share of a second's
 * requests back to back at the start of the second, so the connections arrive in bursts; and its correction for
 * coordinated omission assumes 1 ms between two requests of a connection whatever the rate (`Math.ceil(1 / rate)`
 * of a per-second rate), adding one made-up sample per millisecond of every slow answer. One 300 ms answer in
 * 3,300 makes its p99 141 ms where the answers' own p99 is 42 ms.
 *
 * It runs in a thread of its own, so that the work of the process that starts it (the buyers of bench:mixed) is
 * not counted in the latencies.
 */
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface PacedLoad {
  url: string;
  /** Requested in turn. */
  paths: string[];
  /** Requests per second. */
  rate: number;
  seconds: number;
  headers: Record<string, string>;
  /** Connections kept open at most; a request due while all are busy waits for one. */
  connections: number;
  /** An answer not complete after this long counts as a timeout (its socket is closed). */
  timeoutMs: number;
}

export interface PacedResult {
  /** Latencies of the 2xx answers, ms from the moment each request was due, in ascending order. */
  latencies: number[];
  sent: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** The load in its own thread; its result once every request sent has been answered or has timed out. */
export function pacedLoad(load: PacedLoad): Promise<PacedResult> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL(import.meta.url), { workerData: load });
    thread.once('message', resolve);
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`The paced load's thread stopped (exit code ${code}).`)));
  });
}

/** The value below which `fraction` of the sorted values fall (NaN for none). */
export function percentileOfSorted(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

function run(load: PacedLoad): Promise<PacedResult> {
  const target = new URL(load.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections });
  const result: PacedResult = { latencies: [], sent: 0, non2xx: 0, errors: 0, timeouts: 0 };
  const intervalMs = 1000 / load.rate;
  const total = Math.round(load.rate * load.seconds);
  let pending = 0;
  let finished: () => void = () => {};
  const allAnswered = new Promise<void>((resolve) => {
    finished = resolve;
  });

  function send(path: string, dueAt: number) {
    pending += 1;
    result.sent += 1;
    let timedOut = false;
    let settled = false;
    // Each request is counted once, as answered, refused, timed out or failed, whichever event comes first.
    const settle = (count: () => void) => {
      if (settled) return;
      settled = true;
      count();
      pending -= 1;
      if (pending === 0 && result.sent === total) finished();
    };
    const failed = () =>
      settle(() => {
        if (timedOut) result.timeouts += 1;
        else result.errors += 1;
      });
    const request = http.get(
      { agent, host: target.hostname, port: target.port, path, headers: load.headers },
      (response) => {
        response.resume();
        response.once('end', () =>
          settle(() => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) result.latencies.push(performance.now() - dueAt);
            else result.non2xx += 1;
          }),
        );
        response.once('error', failed);
        response.once('aborted', failed);
      },
    );
    request.setTimeout(load.timeoutMs, () => {
      timedOut = true;
      request.destroy();
      failed();
    });
    request.once('error', failed);
  }

  const startedAt = performance.now();
  // Each tick sends every request due by now, each with its own due time: a late tick makes late requests,
  // counted as such, never fewer requests.
  function tick() {
    const now = performance.now();
    while (result.sent < total && startedAt + result.sent * intervalMs <= now)
      send(load.paths[result.sent % load.paths.length]!, startedAt + result.sent * intervalMs);
    if (result.sent < total) setTimeout(tick, Math.max(0, startedAt + result.sent * intervalMs - now));
    else if (pending === 0) finished();
  }
  tick();

  return allAnswered.then(() => {
    agent.destroy();
    result.latencies.sort((a, b) => a - b);
    return result;
  });
}

if (!isMainThread && parentPort && (workerData as PacedLoad | undefined)?.rate) {
  const port = parentPort;
  void run(workerData as PacedLoad).then((result) => {
    port.postMessage(result);
    port.close();
  });
}
