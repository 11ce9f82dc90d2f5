/**
 * Where the server's log lines go: stdout, written in the background by sonic-boom (pino's own writer), such that
 * nothing ever waits on a reader that is gone or stalled (docs/decisions/0040-bounded-stop-and-metrics.md). A line
 * that cannot be written is dropped, not waited for:
 *
 * - the reader is gone (EPIPE) or the output broke in another way: this line and every later one are dropped;
 * - the reader stalls (EAGAIN): a write is tried again for about a second, lines wait meanwhile in a buffer of
 *   MAX_BUFFERED_BYTES, and past it new lines are dropped;
 * - at exit, what is still buffered is written synchronously under the same rules (sonic-boom 5 gives up on an
 *   error other than EAGAIN, and on EAGAIN after WRITE_RETRIES tries; sonic-boom 4, which pino brings, retried
 *   every error forever, which was the stop that never ended).
 */
import SonicBoom, { type SonicBoomOpts } from 'sonic-boom';

/** Tries of a write the reader is not taking (EAGAIN), 100 ms apart. */
const WRITE_RETRIES = 10;
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export interface LogOutput {
  write(line: string): void;
  /** Writes what is buffered now, within the bounds above; called at exit. */
  flushSync(): void;
}

export function createLogOutput(fd = 1): LogOutput {
  // `maxWriteRetries` is sonic-boom 5's option; its type declarations predate it.
  const options: SonicBoomOpts & { maxWriteRetries: number } = {
    fd,
    sync: false,
    maxLength: MAX_BUFFERED_BYTES,
    maxWriteRetries: WRITE_RETRIES,
  };
  const stream = new SonicBoom(options);
  let broken = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    // A stalled reader may read again; any other failure of a pipe or terminal is for good.
    if (error.code !== 'EAGAIN' && error.code !== 'EBUSY') broken = true;
  });
  const output: LogOutput = {
    write(line) {
      if (!broken) stream.write(line);
    },
    flushSync() {
      if (broken) return;
      try {
        stream.flushSync();
      } catch {
        broken = true;
      }
    },
  };
  process.on('exit', output.flushSync);
  return output;
}
