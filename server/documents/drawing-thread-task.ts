/**
 * What the main thread asks the document thread to draw (server/documents/drawing-thread.ts). Plain data only:
 * a task is copied to the thread, the PDF's bytes are moved back.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ClubPostalAddress } from '../../contracts/club-address.ts';
import type { DiplomaContent } from './diploma.ts';
import type { DocumentKind } from './file-name.ts';
import type { KitToPost } from './labels.ts';
import type { DocumentCandidate } from './types.ts';

export type DrawingTask =
  | { draw: 'document'; kind: DocumentKind; candidate: DocumentCandidate; returnAddress: ClubPostalAddress }
  | {
      draw: 'batch';
      candidates: DocumentCandidate[];
      locale: string;
      returnAddress: ClubPostalAddress;
      /** Receives the number of candidates drawn so far. */
      progress: MessagePort;
    }
  | { draw: 'diploma'; content: DiplomaContent }
  | { draw: 'kit_labels'; kits: readonly KitToPost[]; locale: string };
