/**
 * A process whose stop blocks its main thread, for tests/cluster/stop-bound.test.ts: the server's own stop
 * (gracefulStop, the watchdog, the logger) with one step that never returns to the event loop, either spinning
 * (`loop`) or sleeping in `Atomics.wait` as a synchronous log flush does (`wait`). Prints `ready` once its signal
 * handlers are in place. Run: `node tests/support/blocking-stop.ts <loop|wait> <timeoutMs>`.
 */
import { createLifecycle, gracefulStop } from '../../server/lifecycle.ts';
import { createLogger } from '../../server/logging.ts';
import { startStopWatchdog } from '../../server/stop-watchdog.ts';

const [mode = 'loop', timeout = '1000'] = process.argv.slice(2);
const timeoutMs = Number(timeout);
const log = createLogger('info');

function blockMainThread(): Promise<never> {
  if (mode === 'wait') {
    const cell = new Int32Array(new SharedArrayBuffer(4));
    for (;;) Atomics.wait(cell, 0, 0, 100);
  }
  for (;;);
}

const stop = gracefulStop({
  lifecycle: createLifecycle(),
  drainMs: 0,
  timeoutMs,
  log,
  release: [['blocked step', async () => blockMainThread()]],
  close: [],
  exit: (code) => process.exit(code),
  startWatchdog: (startedAt) =>
    startStopWatchdog({ startedAt, timeoutMs, logLevel: 'info' }, (error) => log.error({ err: error })),
});
process.on('SIGTERM', () => stop('SIGTERM'));
process.stderr.write('ready\n');
setInterval(() => {}, 60_000);
