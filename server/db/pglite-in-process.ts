/**
 * PGlite in the calling process: the command line and the tests. The server runs it in a process of its own
 * (server/db/pglite-process.ts) and never loads this module. `memory://` is a throw-away database.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';
import { ensurePgliteDirectory } from './pglite-creation.ts';
import { lockDirectory } from './pglite-lock.ts';
import { type PgliteMemory, pgliteStartParams } from './pglite-memory.ts';
import * as schema from './schema/index.ts';

export async function openPglite(
  directory: string,
  { memory, migrationsFolder }: { memory: PgliteMemory | undefined; migrationsFolder: string },
): Promise<DatabaseHandle> {
  const unlock = lockDirectory(directory);
  let client: PGlite;
  try {
    // On disk only: initdb's memory would stay with the server for good (server/db/pglite-creation.ts).
    if (directory !== 'memory://') await ensurePgliteDirectory(directory);
    client = await PGlite.create(directory, {
      extensions: { pg_trgm, unaccent },
      ...(memory && { startParams: pgliteStartParams(memory) }),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusive: (work) => work(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
