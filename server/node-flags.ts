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
 * `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (the requests' thread, libuv's pool, V8's
 * collectors, the documents' thread) an arena of its own, up to eight per core, and keeps their free memory; two
 * arenas hold about 30 MB less after the pages. glibc reads it when the process starts, so it is set in the
 * environment `npm start` gives Node, and inherited by the embedded database's process and by WORKERS.
 */
export const PRODUCTION_ENVIRONMENT = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' } as const;
