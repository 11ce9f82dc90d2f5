/**
 * The watchdog's thread (server/stop-watchdog.ts). At the deadline it ends the process with exit code 1 and a last
 * line in the log saying why:
 *
 * - it asks the main thread, through an inspector session to it, to exit. V8 runs that request as an interrupt,
 *   which reaches JavaScript stuck in a loop or in `Atomics.wait` (the sleep of a synchronous log flush), where no
 *   timer of the main thread can fire. The main thread writes the lines it still holds (the log's exit flush, itself
 *   bounded), then this line, and exits 1;
 * - should the main thread be blocked outside JavaScript (a system call that does not return), this thread writes
 *   the line itself after KILL_AFTER_MS and sends SIGKILL.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from './logging.ts';
import { KILL_AFTER_MS } from './stop-watchdog.ts';

const { deadlineAt, timeoutMs, logLevel } = workerData as {
  deadlineAt: number;
  timeoutMs: number;
  logLevel: string;
};

let waitingFor: string[] = [];
parentPort!.on('message', (steps: string[]) => {
  waitingFor = steps;
});

function lastLine(): string {
  let line = '';
  createLogger(logLevel, { write: (written) => (line = written) }).fatal(
    { waitingFor, timeoutMs },
    `stop not finished after ${timeoutMs} ms and the main thread does not answer: ending the process (exit code 1)`,
  );
  return line;
}

/**
 * Run on the main thread. After the exit listeners (the log's flush among them), or at once when the main thread
 * was stuck in one of them. Stderr is closed last: Node would print "Waiting for the debugger to disconnect..."
 * there on leaving with an inspector session open, after the line that says why.
 */
function exitOnMainThread(line: string): string {
  return `(() => {
    const fs = process.getBuiltinModule('node:fs');
    const last = () => {
      try { fs.writeSync(1, ${JSON.stringify(line)}); } catch {}
      try { fs.closeSync(2); } catch {}
    };
    if (process._exiting) last(); else process.on('exit', last);
    process.exit(1);
  })()`;
}

function endProcess() {
  const line = lastLine();
  const session = new inspector.Session();
  session.connectToMainThread();
  session.post('Runtime.evaluate', { expression: exitOnMainThread(line) });
  setTimeout(() => {
    try {
      fs.writeSync(1, line);
    } catch {
      // Nobody reads the output any more: the process ends all the same.
    }
    process.kill(process.pid, 'SIGKILL');
  }, KILL_AFTER_MS);
}

setTimeout(endProcess, Math.max(0, deadlineAt - Date.now()));
