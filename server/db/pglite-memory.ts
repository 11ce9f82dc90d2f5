/**
 * The embedded database's memory settings (decision 0052). PGlite's WebAssembly memory grows to what PostgreSQL
 * asks for and never shrinks, so its buffer cache is most of the process's resident memory: 128 MB by default,
 * sized here for a small server. Pages outside it are read again from the file system, whose cache the kernel
 * gives back under pressure.
 */
import { PGlite } from '@electric-sql/pglite';

export interface PgliteMemory {
  sharedBuffersMb: number;
}

/** PGlite's own start parameters, which a caller's list replaces, plus ours. */
export function pgliteStartParams(memory: PgliteMemory): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${memory.sharedBuffersMb}MB`];
}
