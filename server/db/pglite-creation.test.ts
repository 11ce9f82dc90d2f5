import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePgliteDirectory, holdsDatabase } from './pglite-creation.ts';
import { BLOCKED, childScript, isAlive, pidOf } from '../../tests/support/child-scripts.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-pglite-creation-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A creation script in this test's folder. */
const script = (name: string, body: string) => childScript(root, name, body);

describe('ensurePgliteDirectory', () => {
  it('creates the database in a child process and moves it into place', async () => {
    const directory = path.join(root, 'pglite');
    await ensurePgliteDirectory(directory);
    expect(holdsDatabase(directory)).toBe(true);
    expect(fs.existsSync(`${directory}.creating`)).toBe(false);
  }, 120_000);

  it('stops a creation that outlives its bound, with an error that says so', async () => {
    const directory = path.join(root, 'pglite');
    const hanging = script('hanging.cjs', BLOCKED);
    const started = Date.now();
    await expect(ensurePgliteDirectory(directory, { script: hanging, timeoutMs: 1000 })).rejects.toThrow(
      /was not created within 1 s; the process creating it \(pid \d+\) was stopped/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(isAlive(pidOf(hanging))).toBe(false);
    expect(fs.existsSync(directory)).toBe(false);
    expect(fs.existsSync(`${directory}.creating`)).toBe(false);
  });

  it('reports a creation that failed with what the child said, and leaves nothing half made', async () => {
    const directory = path.join(root, 'pglite');
    const failing = script(
      'failing.cjs',
      `require('node:fs').mkdirSync(process.argv[2]); require('node:fs').writeFileSync(process.argv[2] + '/PG_VERSION', '17'); console.error('initdb: disk full'); process.exit(3);`,
    );
    await expect(ensurePgliteDirectory(directory, { script: failing })).rejects.toThrow(
      /could not be created in .*pglite \(exit 3\): initdb: disk full/,
    );
    expect(fs.existsSync(directory)).toBe(false);
    expect(fs.existsSync(`${directory}.creating`)).toBe(false);
  });

  it('starts no process for a directory that holds a database', async () => {
    const directory = path.join(root, 'pglite');
    fs.mkdirSync(directory);
    fs.writeFileSync(path.join(directory, 'PG_VERSION'), '17');
    const hanging = script('hanging.cjs', 'setInterval(() => {}, 1000);');
    await ensurePgliteDirectory(directory, { script: hanging, timeoutMs: 100 });
    expect(fs.existsSync(`${hanging}.pid`)).toBe(false);
  });

  it('replaces an empty directory, and refuses one with other files in it', async () => {
    const directory = path.join(root, 'pglite');
    const creating = script(
      'creating.cjs',
      `require('node:fs').mkdirSync(process.argv[2]); require('node:fs').writeFileSync(process.argv[2] + '/PG_VERSION', '17');`,
    );
    fs.mkdirSync(directory);
    await ensurePgliteDirectory(directory, { script: creating });
    expect(holdsDatabase(directory)).toBe(true);

    const other = path.join(root, 'other');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'notes.txt'), 'kept');
    await expect(ensurePgliteDirectory(other, { script: creating })).rejects.toThrow(
      /holds files but no embedded database/,
    );
    expect(fs.readFileSync(path.join(other, 'notes.txt'), 'utf8')).toBe('kept');
  });
});
