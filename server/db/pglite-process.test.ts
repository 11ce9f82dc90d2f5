import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensurePgliteDirectory } from './pglite-creation.ts';
import { startPgliteProcess } from './pglite-process.ts';
import { BLOCKED, childScript, isAlive, pidOf } from '../../tests/support/child-scripts.ts';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-pglite-process-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A stand-in for the database's process, in this test's folder. */
const script = (name: string, body: string) => childScript(root, name, body);

describe('the embedded database in its own process', () => {
  it('serves PostgreSQL’s protocol on a private socket, loses nothing committed when killed, and stops', async () => {
    const directory = path.join(root, 'pglite');
    await ensurePgliteDirectory(directory);
    const database = await startPgliteProcess(directory, { memory: { sharedBuffersMb: 16 } });
    expect(fs.statSync(database.socketFolder).mode & 0o777).toBe(0o700);
    const client = new pg.Client({ host: database.socketFolder, user: 'postgres', database: 'postgres' });
    await client.connect();
    await client.query('create table kept (id int primary key)');
    await client.query('insert into kept values ($1)', [7]);
    // Killed outright, as by the system when memory runs out: the committed row is in the files.
    client.on('error', () => {});
    const ended = new Promise<string>((resolve) => database.onUnexpectedExit(resolve));
    process.kill(database.pid, 'SIGKILL');
    expect(await ended).toMatch(/exit SIGKILL/);
    expect(fs.existsSync(database.socketFolder)).toBe(false);

    const again = await startPgliteProcess(directory);
    const reader = new pg.Client({ host: again.socketFolder, user: 'postgres', database: 'postgres' });
    await reader.connect();
    expect((await reader.query('select id from kept')).rows).toEqual([{ id: 7 }]);
    await reader.end();
    await again.stop();
    expect(isAlive(again.pid)).toBe(false);
    expect(fs.existsSync(again.socketFolder)).toBe(false);
  }, 120_000);

  it('stops a process that does not open within its bound, and says so', async () => {
    const never = script('never.cjs', BLOCKED);
    await expect(
      startPgliteProcess(path.join(root, 'pglite'), { script: never, startTimeoutMs: 1000 }),
    ).rejects.toThrow(/did not open within 1 s/);
    expect(isAlive(pidOf(never))).toBe(false);
  }, 30_000);

  it('kills a process that does not close within its bound', async () => {
    const stuck = script('stuck.cjs', `process.send({ ready: true });\n${BLOCKED}`);
    const database = await startPgliteProcess(path.join(root, 'pglite'), {
      script: stuck,
      stopTimeoutMs: 1000,
    });
    await database.stop();
    expect(isAlive(pidOf(stuck))).toBe(false);
  }, 30_000);

  it('tells the server when the process ends without being asked', async () => {
    const crashing = script(
      'crashing.cjs',
      `process.send({ ready: true });\nprocess.on('disconnect', () => {});\nsetTimeout(() => { console.error('out of memory'); process.exit(3); }, 50);`,
    );
    const database = await startPgliteProcess(path.join(root, 'pglite'), { script: crashing });
    const message = await new Promise<string>((resolve) => database.onUnexpectedExit(resolve));
    expect(message).toMatch(/exit 3: out of memory/);
    expect(fs.existsSync(database.socketFolder)).toBe(false);
  }, 30_000);
});
