/**
 * PGlite is a single-process database: a second process opening the same directory corrupts it. A lock file
 * with the owner's pid makes the second opener (a CLI command while the server runs) stop with a clear message.
 */
import fs from 'node:fs';
import path from 'node:path';

function isProcessAlive(pid: number): boolean {
  try {
    return process.kill(pid, 0);
  } catch {
    return false;
  }
}

export function lockDirectory(directory: string): () => void {
  if (directory === 'memory://') return () => {};
  const lockFile = path.join(directory, '..', 'pglite.lock');
  if (fs.existsSync(lockFile)) {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    if (pid > 0 && pid !== process.pid && isProcessAlive(pid)) {
      throw new Error(
        `The embedded database in ${directory} is in use by process ${pid}. Stop the server first, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}
