import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { pgliteStartParams } from './pglite-memory.ts';

async function sharedBuffers(location: Parameters<typeof openDatabase>[0]): Promise<unknown> {
  const handle = await openDatabase(location);
  try {
    const result = await handle.db.execute(sql`show shared_buffers`);
    return (result as unknown as { rows: unknown[] }).rows[0];
  } finally {
    await handle.close();
  }
}

describe('the embedded database memory settings', () => {
  it("keep PGlite's own start parameters and add the buffer cache", () => {
    const params = pgliteStartParams({ sharedBuffersMb: 16 });
    expect(params.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams);
    expect(params.slice(PGlite.defaultStartParams.length)).toEqual(['-c', 'shared_buffers=16MB']);
  });

  it('reach the database in memory', async () => {
    expect(await sharedBuffers({ dataDir: 'memory://', embeddedDatabase: { sharedBuffersMb: 8 } })).toEqual({
      shared_buffers: '8MB',
    });
  }, 60_000);

  it('reach a database on disk, made at the first start and opened again at the next', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-pglite-memory-'));
    try {
      const first = await sharedBuffers({ dataDir, embeddedDatabase: { sharedBuffersMb: 8 } });
      expect(first).toEqual({ shared_buffers: '8MB' });
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(await sharedBuffers({ dataDir, embeddedDatabase: { sharedBuffersMb: 24 } })).toEqual({
        shared_buffers: '24MB',
      });
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
