/**
 * How `npm start` starts Node (package.json), here too so that the benchmarks start the site as it is run, and the
 * embedded database's process (server/db/pglite-process.ts) gets the same flags. Decision 0054 has the figures.
 *
 * `--max-semi-space-size=16`: V8 sizes the young generation from the machine's memory, up to 64 MB per semi-space
 * (128 MB of young generation) on a machine with several gigabytes, and keeps it once the start-up's allocations
 * have grown it. Capped at 16 MB, one process holds about 120 MB less and the figures no longer depend on the
 * machine's memory; collections of the young generation stay short.
 *
 * `--optimize-for-size`: V8 favours a small heap over peak speed (it grows the old generation in smaller steps and
 * keeps less compiled code): about 60 MB less, for no change a benchmark of the site can tell. Node refuses it in
 * NODE_OPTIONS, so it is passed on the command line.
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=16', '--optimize-for-size'] as const;

/**
 * glibc's allocator, which holds what Node allocates outside V8's heap (buffers, compilers' scratch memory):
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (the requests' thread, libuv's pool, V8's
 *   collectors and compilers, the documents' thread) an arena of its own, up to eight per core, and keeps their
 *   free memory: two arenas hold about 30 MB less after the pages;
 * - `MALLOC_TRIM_THRESHOLD_=131072`: glibc's default, made fixed. Left to itself glibc raises it after each large
 *   block freed, and then keeps up to 64 MB of freed memory per arena; the embedded database's process, whose
 *   WebAssembly compilation frees that much, holds about 60 MB less.
 * glibc reads them when the process starts, so they are set in the environment `npm start` gives Node, inherited
 * by WORKERS and given to the embedded database's process.
 */
export const PRODUCTION_ENVIRONMENT = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' } as const;
