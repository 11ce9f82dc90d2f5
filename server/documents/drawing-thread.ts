/**
 * Every PDF the site makes (route cards and frame plates, print batches, diplomas, address labels) is drawn on a
 * thread of its own, never on the requests' thread: drawing one takes about 250 ms of CPU (pdf-lib and fontkit
 * laying out text), which would hold every request behind it, kept pages included (decision 0056). The thread
 * starts with the first document and ends after a minute without one, so a process that makes no PDF never loads
 * pdf-lib, fontkit or the fonts. One thread per process: on a small server the other core answers requests.
 */
import { MessageChannel, type TransferListItem } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ClubPostalAddress } from '../../contracts/club-address.ts';
import type { DiplomaContent } from './diploma.ts';
import type { DrawingTask } from './drawing-thread-task.ts';
import type { DocumentKind } from './file-name.ts';
import type { KitToPost } from './labels.ts';
import type { DocumentCandidate } from './types.ts';

/** A thread left idle this long ends, and gives its memory back. */
const IDLE_MS = 60_000;
/** The longest one document may take; past it the thread is stopped and the caller gets an error. */
const DOCUMENT_BOUND_MS = 60_000;
/** A print batch gets this much more per candidate (two pages each, about half a second on a slow core). */
const BATCH_BOUND_PER_CANDIDATE_MS = 2_000;

export interface DocumentDrawer {
  document(
    kind: DocumentKind,
    candidate: DocumentCandidate,
    returnAddress: ClubPostalAddress,
  ): Promise<Uint8Array>;
  /**
   * Route card then frame plate of each candidate, in one file. `onProgress` hears how many are drawn; if it
   * throws, the drawing stops and the batch rejects with its error.
   */
  batch(
    candidates: DocumentCandidate[],
    options: { locale: string; returnAddress: ClubPostalAddress },
    onProgress?: (done: number) => void,
  ): Promise<Uint8Array>;
  diploma(content: DiplomaContent): Promise<Uint8Array>;
  kitLabels(kits: readonly KitToPost[], locale: string): Promise<Uint8Array>;
  /** Stops the thread; a drawing under way rejects. */
  close(): Promise<void>;
}

export function createDocumentDrawer({
  boundMs = DOCUMENT_BOUND_MS,
  workerFile = new URL('./drawing-thread-worker.ts', import.meta.url),
}: {
  /** Tests shorten the bound, and give a thread that never answers. */
  boundMs?: number;
  workerFile?: URL;
} = {}): DocumentDrawer {
  let pool: Piscina<DrawingTask, Uint8Array> | undefined;
  const threads = () =>
    (pool ??= new Piscina({
      filename: workerFile.href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
      // Tasks are a few hundred milliseconds each: the plain message channel is plenty.
      atomics: 'disabled',
      // Below the requests' thread for the CPU (Linux, through @napi-rs/nice; ignored where it is missing).
      niceIncrement: 10,
    }));

  async function draw(
    task: DrawingTask,
    timeoutMs: number,
    transferList: TransferListItem[] = [],
    abort?: AbortSignal,
  ) {
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(abort ? [abort] : [])]);
    // Piscina hands back a view of the moved buffer.
    return new Uint8Array(await threads().run(task, { signal, transferList }));
  }

  return {
    document: (kind, candidate, returnAddress) =>
      draw({ draw: 'document', kind, candidate, returnAddress }, boundMs),
    diploma: (content) => draw({ draw: 'diploma', content }, boundMs),
    kitLabels: (kits, locale) => draw({ draw: 'kit_labels', kits, locale }, boundMs),

    async batch(candidates, { locale, returnAddress }, onProgress) {
      const { port1, port2 } = new MessageChannel();
      const stop = new AbortController();
      let refusal: unknown;
      port1.on('message', (done: number) => {
        try {
          onProgress?.(done);
        } catch (error) {
          refusal = error;
          stop.abort(error);
        }
      });
      try {
        return await draw(
          { draw: 'batch', candidates, locale, returnAddress, progress: port2 },
          boundMs + candidates.length * BATCH_BOUND_PER_CANDIDATE_MS,
          [port2],
          stop.signal,
        );
      } catch (error) {
        throw refusal ?? error;
      } finally {
        port1.close();
      }
    },

    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}
