/**
 * The embedded database's first start, in a short-lived process. PGlite creates a missing database by running
 * initdb, whose module and file bundle stay in the memory of the process that ran it (decision 0052: about
 * 500 MB of a 780 MB process). A child process makes the database and exits, taking that memory with it; the
 * server then opens a directory that exists. A worker thread does not give it back (its memory stays with the
 * process).
 *
 * The database is made in a sibling directory and renamed into place once complete, so that a creation that
 * failed or was stopped never leaves a half-made database to be opened at the next start.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';

/**
 * initdb takes 5 to 10 s on an idle 2-core machine and 45 s on one busy with other work; far beyond that,
 * something is stuck.
 */
export const CREATION_TIMEOUT_MS = 300_000;
/** After SIGKILL a process is gone at once; this only bounds the wait for its exit to be reported. */
const EXIT_AFTER_KILL_MS = 5_000;
/** What the error keeps of the child's own message. */
const STDERR_KEPT_CHARS = 2_000;

const creationScript = new URL('./pglite-creation-child.ts', import.meta.url);

export function holdsDatabase(directory: string): boolean {
  return fs.existsSync(`${directory}/PG_VERSION`);
}

/**
 * Makes the embedded database in `directory` unless it is there already. A directory that exists without a
 * database must be empty (it is replaced); one with other files in it is refused rather than overwritten.
 */
export async function ensurePgliteDirectory(
  directory: string,
  options: { timeoutMs?: number; script?: URL | string } = {},
): Promise<void> {
  if (holdsDatabase(directory)) return;
  if (fs.existsSync(directory)) {
    if (fs.readdirSync(directory).length > 0)
      throw new Error(
        `${directory} holds files but no embedded database (no PG_VERSION). Move them away and start again.`,
      );
    fs.rmdirSync(directory);
  }
  const staging = `${directory}.creating`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    await runCreation(
      staging,
      directory,
      options.script ?? creationScript,
      options.timeoutMs ?? CREATION_TIMEOUT_MS,
    );
    if (!holdsDatabase(staging)) throw new Error(`The embedded database was not created in ${staging}.`);
    fs.renameSync(staging, directory);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs the creation script on `staging`, at most `timeoutMs`; errors name `directory`, the one the operator knows. */
async function runCreation(
  staging: string,
  directory: string,
  script: URL | string,
  timeoutMs: number,
): Promise<void> {
  // No inherited flags (a test runner's loaders, --inspect): the script is plain Node.
  const child = fork(script, [staging], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT_CHARS);
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([exited, timedOut]);
    if (outcome === 'timeout') {
      child.kill('SIGKILL');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, EXIT_AFTER_KILL_MS))]);
      throw new Error(
        `The embedded database in ${directory} was not created within ${timeoutMs / 1000} s; the process creating it (pid ${child.pid}) was stopped.`,
      );
    }
    const [code, signal] = outcome;
    if (code !== 0)
      throw new Error(
        `The embedded database could not be created in ${directory} (exit ${code ?? signal}): ${stderr.trim()}`,
      );
  } finally {
    clearTimeout(timer);
  }
}
