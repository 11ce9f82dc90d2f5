/**
 * The embedded database's own process (decision 0055): the server starts it, waits until it listens on a Unix
 * socket in a private temporary folder (mode 0700: only this user connects), and talks to it with `pg`, as to a
 * PostgreSQL server. A query, however long, then runs on that process's thread and never holds the server's.
 *
 * - Bounded: the start waits at most `startTimeoutMs`, the stop at most `stopTimeoutMs` before the process is
 *   killed; a process that is killed loses nothing committed (PostgreSQL's write-ahead log is in the directory).
 * - Tied to the server: the child closes the database and exits when its channel to the server closes, whether
 *   the server asked (`stop`) or died.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCTION_ENVIRONMENT, PRODUCTION_NODE_OPTIONS } from '../node-flags.ts';
import type { PgliteMemory } from './pglite-memory.ts';

const childScript = new URL('./pglite-process-child.ts', import.meta.url);
/** Opening an existing directory takes a second or two; a busy machine, some more. */
export const START_TIMEOUT_MS = 120_000;
/** Closing checkpoints the database: seconds at most. */
export const STOP_TIMEOUT_MS = 30_000;
const EXIT_AFTER_KILL_MS = 5_000;
const STDERR_KEPT_CHARS = 2_000;
/** pg connects to `<host>/.s.PGSQL.<port>` when `host` is a folder. */
const SOCKET_FILE = '.s.PGSQL.5432';

export interface PgliteProcess {
  /** The folder `pg` connects to (its `host`). */
  socketFolder: string;
  pid: number;
  /** Closes the database and waits for the process to end (killed after `stopTimeoutMs`). */
  stop(): Promise<void>;
  /** Called if the process ends without being asked to (its last error output, if any). */
  onUnexpectedExit(listener: (message: string) => void): void;
}

export interface PgliteProcessOptions {
  memory?: PgliteMemory;
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
  /** The child's script; tests give one that never answers. */
  script?: URL | string;
}

function boundedWait<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function killed(child: ChildProcess, exited: Promise<unknown>) {
  child.kill('SIGKILL');
  await boundedWait(exited, EXIT_AFTER_KILL_MS);
}

export async function startPgliteProcess(
  directory: string,
  options: PgliteProcessOptions = {},
): Promise<PgliteProcess> {
  const socketFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-pglite-'));
  const sharedBuffersMb = String(options.memory?.sharedBuffersMb ?? 0);
  // Not the server's flags (a test runner's loaders, --inspect): plain Node, with npm start's memory settings
  // and malloc's environment, whoever started the server.
  const child = fork(
    options.script ?? childScript,
    [directory, path.join(socketFolder, SOCKET_FILE), sharedBuffersMb],
    {
      execArgv: [...PRODUCTION_NODE_OPTIONS],
      env: { ...PRODUCTION_ENVIRONMENT, ...process.env },
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    process.stderr.write(chunk);
    stderr = (stderr + chunk).slice(-STDERR_KEPT_CHARS);
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const removeFolder = () => fs.rmSync(socketFolder, { recursive: true, force: true });

  const ready = new Promise<'ready'>((resolve) =>
    child.on('message', (message: { ready?: boolean }) => message.ready && resolve('ready')),
  );
  const outcome = await boundedWait(
    Promise.race([ready, exited]),
    options.startTimeoutMs ?? START_TIMEOUT_MS,
  );
  if (outcome !== 'ready') {
    if (outcome === 'timeout') await killed(child, exited);
    removeFolder();
    const why =
      outcome === 'timeout'
        ? `did not open within ${(options.startTimeoutMs ?? START_TIMEOUT_MS) / 1000} s`
        : `stopped (exit ${outcome[0] ?? outcome[1]})`;
    throw new Error(`The embedded database in ${directory} ${why}: ${stderr.trim()}`);
  }

  let stopping = false;
  const listeners: ((message: string) => void)[] = [];
  void exited.then(([code, signal]) => {
    removeFolder();
    if (!stopping) for (const listener of listeners) listener(`exit ${code ?? signal}: ${stderr.trim()}`);
  });
  return {
    socketFolder,
    pid: child.pid!,
    onUnexpectedExit: (listener) => listeners.push(listener),
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.disconnect();
      const stopped = await boundedWait(exited, options.stopTimeoutMs ?? STOP_TIMEOUT_MS);
      if (stopped === 'timeout') await killed(child, exited);
    },
  };
}
