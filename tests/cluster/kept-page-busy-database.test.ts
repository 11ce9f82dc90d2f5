/**
 * A kept page is answered while the embedded database runs a long query (issue 45, decision 0055): the server's
 * PGlite runs in a process of its own, so a query, however long, holds that process's thread and not the one that
 * sends kept pages. The server is built as `npm start` builds it, on a fresh data folder, in a plain Node process
 * (tests/support/busy-database-probe.ts); the long query is PostgreSQL's `pg_sleep`, on the server's own
 * connection. With PGlite in the server's process, the page would be answered only after the query.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../support/server-process.ts';

/** Far longer than a kept page ever takes, so that which answer came first says which waited. */
const LONG_QUERY_SECONDS = 4;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-busy-database-'));

describe('a kept page while the embedded database is busy', () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is sent from memory before a query of several seconds ends', () => {
    ensureBuild();
    const probe = spawnSync(
      process.execPath,
      ['tests/support/busy-database-probe.ts', String(LONG_QUERY_SECONDS)],
      {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:3000' },
        encoding: 'utf8',
        timeout: 280_000,
      },
    );
    expect(probe.status, probe.stderr).toBe(0);
    const result = JSON.parse(probe.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toEqual({
      firstStatus: 200,
      keptCache: 'hit',
      pageStatus: 200,
      pageCache: 'hit',
      queryEndedBeforePage: false,
      queryEnded: true,
    });
  }, 300_000);
});
