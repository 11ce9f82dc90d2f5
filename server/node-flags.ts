/**
 * How `npm start` starts Node (package.json), here too so that the benchmarks and the browser tests start the site
 * as it is run, and the embedded database's process (server/db/pglite-process.ts) gets the same flags. Decisions
 * 0054 and 0057 have the figures.
 *
 * `--optimize-for-size`: V8 favours a small heap over peak speed. Its young generation is 1 MB per semi-space
 * (V8 would otherwise size it from the machine's memory, up to 64 MB on a machine with several gigabytes, and keep
 * it), and its old generation grows in smaller steps: one process holds about 180 MB less than with V8's own
 * choices on a machine of 24 GB, and the figures no longer depend on the machine's memory. The cost is more collections where a process
 * allocates much; the document thread showed it, and keeps its fonts' layouts to pay it back. Node refuses the flag
 * in NODE_OPTIONS, so it is passed on the command line.
 */
export const PRODUCTION_NODE_FLAGS = ['--optimize-for-size'] as const;

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
