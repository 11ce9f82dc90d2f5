/**
 * The stop of an instance without a failed request (docs/DEPLOY.md, "Restarts"): on SIGTERM it first drains —
 * `/ready` answers 503 so that a proxy stops sending, every answer says `Connection: close` so that no client keeps
 * a connection it would reuse later — while it goes on accepting and answering for SHUTDOWN_DRAIN_MS. Then it stops
 * accepting, answers what it has read, hands back its jobs and exits 0; a second signal skips the drain. The whole
 * stop is bounded by SHUTDOWN_TIMEOUT_MS: past it the process says what it was still waiting for and exits 1, and
 * should the main thread be blocked, the watchdog's thread (server/stop-watchdog.ts) ends it.
 */
import type { StopWatchdog } from './stop-watchdog.ts';

export interface Lifecycle {
  /** True from the first SIGTERM: the instance is on its way out. */
  draining: boolean;
  /** Requests read and not answered yet, to say what a stop past its bound was waiting for. */
  inFlight: number;
}

export function createLifecycle(): Lifecycle {
  return { draining: false, inFlight: 0 };
}

/** The stop's steps after the drain, each named, so that a stop past its bound says which one hung. */
export type StopStep = [name: string, run: () => Promise<unknown>];

export interface StopOptions {
  lifecycle: Lifecycle;
  drainMs: number;
  timeoutMs: number;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
  /** Run together once the drain is over: closing the server (which answers what it read) and the jobs. */
  release: StopStep[];
  /** Run after them, in order: the services' connections, then the database. */
  close: StopStep[];
  exit: (code: number) => void;
  /** Started at the first signal: what ends the process should its main thread no longer answer. */
  startWatchdog?: (startedAt: number) => StopWatchdog;
}

/**
 * Returns the signal handler. The first signal starts the drain; a second one (SIGTERM or SIGINT) ends it at once.
 */
export function gracefulStop(options: StopOptions): (signal: string) => void {
  const { lifecycle, log } = options;
  let endDrain: (() => void) | undefined;
  const pending = new Set<string>();

  async function stop(signal: string) {
    lifecycle.draining = true;
    const watchdog = options.startWatchdog?.(Date.now());
    log.info({ signal, drainMs: options.drainMs }, 'draining before the stop');
    const bound = setTimeout(() => {
      log.error(
        { waitingFor: [...pending], requestsInFlight: lifecycle.inFlight },
        `stop not finished after ${options.timeoutMs} ms`,
      );
      options.exit(1);
    }, options.timeoutMs);
    bound.unref();
    await new Promise<void>((resolve) => {
      endDrain = resolve;
      setTimeout(resolve, options.drainMs).unref();
    });
    log.info({ requestsInFlight: lifecycle.inFlight }, 'no longer accepting; answering what was read');
    const run = async ([name, step]: StopStep) => {
      pending.add(name);
      watchdog?.waitingFor([...pending]);
      await step();
      pending.delete(name);
      watchdog?.waitingFor([...pending]);
    };
    try {
      await Promise.all(options.release.map(run));
      for (const step of options.close) await run(step);
      clearTimeout(bound);
      options.exit(0);
    } catch (error) {
      log.error({ err: error, waitingFor: [...pending] }, 'stop failed');
      options.exit(1);
    }
  }

  return (signal: string) => {
    // `stop` sets endDrain before its first await: a second signal always finds it.
    if (endDrain) endDrain();
    else void stop(signal);
  };
}
