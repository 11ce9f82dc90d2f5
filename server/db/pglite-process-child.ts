/**
 * Run by server/db/pglite-process.ts: the embedded database in a process of its own, which the server reaches
 * through PostgreSQL's protocol on a Unix socket (`@electric-sql/pglite-socket`). PGlite runs a query on the thread
 * that asked for it; here that thread is this process's, so the server's keeps answering (kept pages, health
 * checks, the stop) while a query runs (decision 0055).
 *
 * Arguments: <database directory> <socket path> <shared buffers, MB; 0 for PGlite's default>.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { pgliteStartParams } from './pglite-memory.ts';

const [directory, socketPath, sharedBuffers] = process.argv.slice(2);
if (!directory || !socketPath)
  throw new Error('Usage: pglite-process-child.ts <directory> <socket> <shared MB>');
const sharedBuffersMb = Number(sharedBuffers);

// A terminal's Ctrl+C reaches the whole process group: the server decides when the database closes, after its
// last request, by closing the channel (or is gone, which closes it too).
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

const database = await PGlite.create(directory, {
  extensions: { pg_trgm, unaccent },
  ...(sharedBuffersMb > 0 && { startParams: pgliteStartParams({ sharedBuffersMb }) }),
});
const server = new PGLiteSocketServer({ db: database, path: socketPath });
await server.start();

let closing = false;
process.on('disconnect', () => {
  if (closing) return;
  closing = true;
  // Every committed transaction is already in the directory's files; closing checkpoints them.
  void server
    .stop()
    .then(() => database.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
});
process.send?.({ ready: true });
