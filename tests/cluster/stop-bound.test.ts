/**
 * A stop that always ends (docs/decisions/0040-bounded-stop-and-metrics.md).
 *
 * - The operator's scenario that once hung the server for good: `node server/main.ts` with its output piped to
 *   another process, two stop signals, and the reading end gone at the same time (the terminal or the log pipe
 *   closing with it). Run 20 times in a row on one embedded database, each stop ends by itself, exit code 0,
 *   within SHUTDOWN_TIMEOUT_MS.
 * - A process whose main thread is blocked after the signal (spinning, or asleep in `Atomics.wait` as the old
 *   synchronous log flush was) is still ended by the watchdog's thread, with exit code 1 and its line last.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopEndsWithin } from '../../server/stop-watchdog.ts';
import { readyStatus, until } from '../support/probes.ts';
import { type ServerProcess, ensureBuild, startServer } from '../support/server-process.ts';

const port = Number(process.env.CLUSTER_PORT ?? 3230) + 8;
const root = path.resolve(import.meta.dirname, '../..');
const DRAIN_MS = 2000;
const TIMEOUT_MS = 5000;
const RUNS = 20;

/** The exit, or null when the process is still there after `withinMs`. */
async function exitWithin(server: ServerProcess['exited'], withinMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), withinMs)));
  const exit = await Promise.race([server, late]);
  clearTimeout(timer);
  return exit;
}

describe('a stop whose output nobody reads any more', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-stop-bound-'));
  const environment = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
  };

  beforeAll(async () => {
    ensureBuild();
    // A first start migrates the database, so that each run below starts quickly.
    const first = startServer(port, environment);
    await until(async () => (await readyStatus(port)) === 200, 'the first start', 150_000, first.output);
    first.process.kill('SIGINT');
    first.process.kill('SIGINT');
    await first.exited;
  }, 180_000);

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(`ends within SHUTDOWN_TIMEOUT_MS, ${RUNS} times in a row`, async () => {
    const durations: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const reader = spawn('cat', [], { stdio: ['pipe', 'ignore', 'ignore'] });
      const server = startServer(port, environment, reader.stdin!);
      try {
        await until(async () => (await readyStatus(port)) === 200, `start ${run}`, 60_000);
        // Pages and API answers, each logged: lines in the output's buffer when the stop begins.
        await Promise.all(
          ['/fr', '/fr/laureates', '/api/payment-methods', '/health'].map(async (address) => {
            await (await fetch(`http://127.0.0.1:${port}${address}`)).arrayBuffer();
          }),
        );
        const signalledAt = Date.now();
        server.process.kill('SIGTERM');
        reader.kill('SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 100));
        server.process.kill('SIGTERM');
        const exit = await exitWithin(server.exited, stopEndsWithin(TIMEOUT_MS) + 5000);
        expect(exit, `run ${run}: the process did not end`).not.toBeNull();
        expect(exit!.code, `run ${run}`).toBe(0);
        durations.push(exit!.at - signalledAt);
        expect(exit!.at - signalledAt, `run ${run}`).toBeLessThan(TIMEOUT_MS);
      } finally {
        if (server.process.exitCode === null && server.process.signalCode === null)
          server.process.kill('SIGKILL');
        reader.stdin!.destroy();
      }
    }
    expect(durations).toHaveLength(RUNS);
  }, 600_000);
});

describe('a stop whose main thread is blocked', () => {
  const BLOCKED_TIMEOUT_MS = 1500;

  it.each(['loop', 'wait'])('is ended by the watchdog, exit code 1, its line last (%s)', async (mode) => {
    const child = spawn(
      process.execPath,
      ['tests/support/blocking-stop.ts', mode, String(BLOCKED_TIMEOUT_MS)],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const stdout: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk.toString()));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    await until(async () => stderr.includes('ready'), 'the test process', 30_000);
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const exit = await Promise.race([
      exited,
      new Promise<null>((resolve) =>
        setTimeout(() => resolve(null), stopEndsWithin(BLOCKED_TIMEOUT_MS) + 5000),
      ),
    ]);
    if (exit === null) child.kill('SIGKILL');
    expect(exit, 'the blocked process did not end').not.toBeNull();
    expect(exit).toMatchObject({ code: 1, signal: null });
    // Ended by the watchdog's request to the main thread, before its SIGKILL.
    expect(exit!.at - signalledAt).toBeLessThan(stopEndsWithin(BLOCKED_TIMEOUT_MS));
    expect(exit!.at - signalledAt).toBeGreaterThanOrEqual(BLOCKED_TIMEOUT_MS);
    const lines = stdout.join('').trim().split('\n');
    const last = JSON.parse(lines.at(-1)!) as { level: number; msg: string; waitingFor: string[] };
    expect(last).toMatchObject({ level: 60, waitingFor: ['blocked step'] });
    expect(last.msg).toContain(`stop not finished after ${BLOCKED_TIMEOUT_MS} ms`);
    expect(stderr).not.toContain('debugger');
  });
});
