/**
 * Stand-ins for the child processes the server forks (the embedded database's creation and its process): small
 * scripts that write their pid and then do what a test needs, and a check that a pid has ended.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A script in `folder` that writes its pid beside itself (`<file>.pid`), then runs `body`. */
export function childScript(folder: string, name: string, body: string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(
    file,
    `require('node:fs').writeFileSync(${JSON.stringify(`${file}.pid`)}, String(process.pid));\n${body}\n`,
  );
  return file;
}

/** The pid a script from `childScript` wrote. */
export const pidOf = (file: string) => Number(fs.readFileSync(`${file}.pid`, 'utf8'));

export function isAlive(pid: number): boolean {
  try {
    return process.kill(pid, 0);
  } catch {
    return false;
  }
}

/** Blocked for good: neither a timer nor the loss of its parent could end it from inside. */
export const BLOCKED = 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);';
