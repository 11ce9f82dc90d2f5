import { fileURLToPath } from 'node:url';

/**
 * How `npm start` starts Node (package.json), here too so that the benchmarks and the browser tests start the site
 * as it is run, and the embedded database's process (server/db/pglite-process.ts) gets the same flags. Decisions
 * 0054, 0057 and 0058 have the figures.
 *
 * V8's heap, sized for a small server without its size mode (decision 0058 has the figures):
 * - `--max-semi-space-size=2`: the young generation, where every request's short-lived objects are born, is 2 MB
 *   per semi-space. V8 would otherwise size it from the machine's memory (16 MB per semi-space on a machine of
 *   several gigabytes) and keep it, so the figures would depend on the machine;
 * - `--heap-growing-percent=30`: after each full collection the old generation may grow by 30 % of what survived
 *   before the next one. V8's own factor goes up to 4 when collections are cheap, and a burst of work (an import,
 *   a print batch) then leaves a large heap behind.
 * `--optimize-for-size` (decision 0057) held about as little, but its 1 MB young generation promoted the objects of
 * requests still in flight, and its old generation, let grow by about a tenth of what survived, was marked again every
 * two seconds under load: the collectors took more than a third of a core, and their pauses were the kept pages'
 * longest waits. Node refuses `--heap-growing-percent` in NODE_OPTIONS, so both are passed on the command line.
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=30'] as const;

/**
 * The hooks that load the build's type-stripped modules instead of loading Node's type stripper
 * (server/stripped-modules.mjs, decision 0059). `npm start` names the file from the project's root, where it runs;
 * a process started from code (the embedded database's, the benchmarks', the browser tests') names it by its
 * absolute path, whatever its working directory.
 */
export const STRIPPED_MODULES_IMPORT = '--import=./server/stripped-modules.mjs';
export const STRIPPED_MODULES_HOOKS = new URL('./stripped-modules.mjs', import.meta.url);

/** The production process's Node options: the heap's flags and the stripped modules' hooks. */
export const PRODUCTION_NODE_OPTIONS = [
  ...PRODUCTION_NODE_FLAGS,
  `--import=${fileURLToPath(STRIPPED_MODULES_HOOKS)}`,
] as const;

/**
 * glibc's allocator, which holds what Node allocates outside V8's heap (buffers, compilers' scratch memory):
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (the requests' thread, libuv's pool, V8's
 *   collectors and compilers, the documents' thread) an arena of its own, up to eight per core, and keeps their
 *   free memory: two arenas hold about 30 MB less after the pages;
 * - `MALLOC_TRIM_THRESHOLD_=131072`: glibc's default, made fixed. Left to itself glibc raises it after each large
 *   block freed, and then keeps up to 64 MB of freed memory per arena; the embedded database's process, whose
 *   WebAssembly compilation frees that much, holds about 60 MB less. Fixing it also fixes the size from which
 *   glibc maps a block of its own (128 KB): each larger buffer is mapped and returned to the system when freed,
 *   a system call more for each, no memory kept.
 * glibc reads them when the process starts, so they are set in the environment `npm start` gives Node, inherited
 * by WORKERS and given to the embedded database's process (where an operator's own values win).
 */
export const PRODUCTION_ENVIRONMENT = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' } as const;
