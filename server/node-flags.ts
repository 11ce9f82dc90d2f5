/**
 * The flags `npm start` gives Node (package.json), here too so that the benchmarks start the site as it is run,
 * and the embedded database's process (server/db/pglite-process.ts) gets them too.
 *
 * `--max-semi-space-size=16`: V8 sizes the young generation from the machine's memory, up to 64 MB per semi-space
 * (128 MB of young generation) on a machine with several gigabytes, and keeps it once the start-up's allocations
 * have grown it. Capped at 16 MB, one process holds about 120 MB less (decision 0054) and the figures no longer
 * depend on the machine's memory; collections of the young generation stay short.
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=16'] as const;
