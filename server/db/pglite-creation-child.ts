/**
 * Run by server/db/pglite-creation.ts in a process of its own: creates an embedded database in the directory given
 * as its argument (PGlite runs initdb on an empty one) and exits. initdb's module and file bundle stay in the memory
 * of the process that ran it, about 500 MB of it, so the server opens the directory only once it exists.
 */
import { PGlite } from '@electric-sql/pglite';

const directory = process.argv[2];
if (!directory) throw new Error('Usage: pglite-creation-child.ts <directory>');
// The server that asked is gone: nobody will use what this process makes.
process.on('disconnect', () => process.exit(1));
const database = await PGlite.create(directory);
await database.close();
// The channel to the server would keep this process alive.
process.exit(0);
