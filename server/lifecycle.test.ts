import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type StopOptions, createLifecycle, gracefulStop } from './lifecycle.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function stopWith(overrides: Partial<StopOptions> = {}) {
  const calls: string[] = [];
  const errors: { details: object; message: string }[] = [];
  const exits: number[] = [];
  const lifecycle = createLifecycle();
  const options: StopOptions = {
    lifecycle,
    drainMs: 5000,
    timeoutMs: 30_000,
    log: { info: () => {}, error: (details, message) => errors.push({ details, message }) },
    release: [
      ['requests', async () => calls.push('requests')],
      ['jobs', async () => calls.push('jobs')],
    ],
    close: [
      ['services', async () => calls.push('services')],
      ['database', async () => calls.push('database')],
    ],
    exit: (code) => exits.push(code),
    ...overrides,
  };
  return { stop: gracefulStop(options), lifecycle, calls, errors, exits };
}

describe('gracefulStop', () => {
  it('drains first, then releases and closes in order, and exits 0', async () => {
    const { stop, lifecycle, calls, exits } = stopWith();
    stop('SIGTERM');
    expect(lifecycle.draining).toBe(true);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['requests', 'jobs', 'services', 'database']);
    expect(exits).toEqual([0]);
  });

  it('ends the drain at a second signal', async () => {
    const { stop, calls, exits } = stopWith();
    stop('SIGTERM');
    await vi.advanceTimersByTimeAsync(100);
    stop('SIGINT');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['requests', 'jobs', 'services', 'database']);
    expect(exits).toEqual([0]);
  });

  it('exits 1 past its bound, naming what it was still waiting for', async () => {
    const { stop, lifecycle, errors, exits } = stopWith({
      release: [
        ['requests', () => new Promise(() => {})],
        ['jobs', async () => {}],
      ],
    });
    lifecycle.inFlight = 2;
    stop('SIGTERM');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
    expect(errors).toEqual([
      {
        details: { waitingFor: ['requests'], requestsInFlight: 2 },
        message: 'stop not finished after 30000 ms',
      },
    ]);
  });

  it('exits 1 when a step fails', async () => {
    const { stop, errors, exits } = stopWith({
      close: [['database', () => Promise.reject(new Error('closing failed'))]],
    });
    stop('SIGTERM');
    await vi.advanceTimersByTimeAsync(5000);
    expect(exits).toEqual([1]);
    expect(errors[0]!.message).toBe('stop failed');
  });

  it('starts the watchdog at the first signal only, and tells it what the stop still waits for', async () => {
    const started: number[] = [];
    const told: string[][] = [];
    let finishJobs = () => {};
    const { stop, exits } = stopWith({
      release: [
        ['requests', async () => {}],
        ['jobs', () => new Promise<void>((resolve) => (finishJobs = resolve))],
      ],
      close: [['database', async () => {}]],
      startWatchdog: (startedAt) => {
        started.push(startedAt);
        return { waitingFor: (steps) => told.push(steps) };
      },
    });
    stop('SIGTERM');
    stop('SIGTERM');
    expect(started).toEqual([Date.now()]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(told.at(-1)).toEqual(['jobs']);
    finishJobs();
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toContainEqual(['database']);
    expect(told.at(-1)).toEqual([]);
    expect(exits).toEqual([0]);
  });
});
