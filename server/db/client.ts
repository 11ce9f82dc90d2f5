/**
 * The one database of the process: PGlite in DATA_DIR when DATABASE_URL is unset, a PostgreSQL server through
 * `pg` otherwise. Both speak the same SQL, so one schema and one migration set serve both. The server runs PGlite
 * in a process of its own, reached through `pg` as well (`embeddedDatabaseProcess`, decision 0055); the command
 * line and the tests open it in their own process.
 *
 * Never open the same PGlite directory twice: the handle is kept on globalThis so Vite's dev reloads reuse it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ensurePgliteDirectory } from './pglite-creation.ts';
import { type PgliteProcess, startPgliteProcess } from './pglite-process.ts';
import { lockDirectory } from './pglite-lock.ts';
import type { PgliteMemory } from './pglite-memory.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance runs start-up work (PostgreSQL advisory lock; PGlite has one process),
   * e.g. loading demo content into an empty database exactly once.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseLocation {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite's memory settings; PGlite's defaults when absent (tests). */
  embeddedDatabase?: PgliteMemory;
  /** PGlite in its own process (the server), so that no query holds this process's thread. */
  embeddedDatabaseProcess?: boolean;
}

/** `location` is a PostgreSQL URL, a directory for PGlite, or `memory://` for a throw-away PGlite. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.databaseUrl) return openPostgres(location.databaseUrl);
  const inMemory = location.dataDir === 'memory://';
  const directory = inMemory ? 'memory://' : path.join(location.dataDir, 'pglite');
  if (!inMemory) fs.mkdirSync(location.dataDir, { recursive: true });
  if (!inMemory && location.embeddedDatabaseProcess)
    return openPgliteProcess(directory, location.embeddedDatabase);
  // PGlite in this process (the command line, the tests) is loaded only here: the server, which reaches its
  // database through `pg`, never loads it (about 8 MB).
  const { openPglite } = await import('./pglite-in-process.ts');
  return openPglite(directory, { memory: location.embeddedDatabase, migrationsFolder });
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    ...pooledHandle(pool),
    kind: 'postgres',
    migrate: () =>
      underLock(pool, (connection) =>
        migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder }),
      ),
    exclusive: (work) => underLock(pool, work),
  };
}

function pooledHandle(pool: pg.Pool) {
  // An idle connection the server closes (restart, failover, administrator) must not crash the process: the pool
  // drops it and opens a new one for the next query.
  pool.on('error', (error) => console.warn(`Database connection lost: ${error.message}`));
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite has one session: one connection, which requests take in turn (as they take PGlite's own lock in
 * process). A request waits for it at most this long, then fails rather than waiting for ever.
 */
const EMBEDDED_CONNECTION_WAIT_MS = 60_000;

async function openPgliteProcess(
  directory: string,
  memory: PgliteMemory | undefined,
): Promise<DatabaseHandle> {
  const unlock = lockDirectory(directory);
  let child: PgliteProcess;
  try {
    await ensurePgliteDirectory(directory);
    child = await startPgliteProcess(directory, { memory });
  } catch (error) {
    unlock();
    throw error;
  }
  child.onUnexpectedExit((message) =>
    console.error(
      `The embedded database's process stopped unexpectedly (${message}); the server is not ready.`,
    ),
  );
  const pool = new pg.Pool({
    host: child.socketFolder,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    connectionTimeoutMillis: EMBEDDED_CONNECTION_WAIT_MS,
  });
  const handle = pooledHandle(pool);
  return {
    ...handle,
    kind: 'pglite',
    migrate: () => migratePg(handle.db, { migrationsFolder }),
    // One server process owns the directory (its lock file): nobody to exclude. A lock taken on the one
    // connection would leave none for the work itself.
    exclusive: (work) => work(),
    close: async () => {
      try {
        await handle.close();
        await child.stop();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Instances started together on an empty database would each try to create drizzle's schema, apply the same
 * migrations and load the same demo content: one session-level advisory lock lets the first do it while the
 * others wait, then find nothing left to do. The lock is held by one dedicated connection and released even when
 * the work fails.
 */
export const STARTUP_LOCK_KEY = 0x63766d67; // "cvmg"

async function underLock<T>(pool: pg.Pool, work: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work(connection);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}

const shared = globalThis as typeof globalThis & { __cinglesDatabase?: Promise<DatabaseHandle> };

/** The process-wide database, opened and migrated once (dev reloads included). */
export function sharedDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  shared.__cinglesDatabase ??= openDatabase(location).then(async (handle) => {
    await handle.migrate();
    return handle;
  });
  return shared.__cinglesDatabase;
}
