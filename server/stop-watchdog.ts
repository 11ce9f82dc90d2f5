/**
 * The stop's watchdog: a worker thread that ends the process when a stop outlives SHUTDOWN_TIMEOUT_MS, even if
 * the main thread is blocked in synchronous code, where its own timer of the bound (server/lifecycle.ts) can no
 * longer fire. Started at the first signal; the thread itself is server/stop-watchdog-thread.ts.
 */
import { Worker } from 'node:worker_threads';

/** Left to the main thread's own timer first: it says more, and exits through the usual path. */
const GRACE_MS = 1000;
/** From the watchdog's request to the main thread to SIGKILL: above the log's exit flush (server/log-output.ts). */
export const KILL_AFTER_MS = 2000;

/** When a process is gone at the latest, counted from the first signal. */
export function stopEndsWithin(timeoutMs: number): number {
  return timeoutMs + GRACE_MS + KILL_AFTER_MS;
}

export interface WatchdogSettings {
  /** When the stop began (epoch ms) and its bound. */
  startedAt: number;
  timeoutMs: number;
  logLevel: string;
}

export interface StopWatchdog {
  /** The stop's steps not finished yet, for the last line should the watchdog have to end the process. */
  waitingFor(steps: string[]): void;
}

export function startStopWatchdog(settings: WatchdogSettings, onError: (error: Error) => void): StopWatchdog {
  const thread = new Worker(new URL('./stop-watchdog-thread.ts', import.meta.url), {
    workerData: { ...settings, deadlineAt: settings.startedAt + settings.timeoutMs + GRACE_MS },
  });
  // A thread that could not start leaves the main thread's own timer of the bound, which still holds.
  thread.on('error', onError);
  // The watchdog never keeps a process alive that has finished its stop.
  thread.unref();
  return { waitingFor: (steps) => thread.postMessage(steps) };
}
