/**
 * The document thread's side (server/documents/drawing-thread.ts): draws one PDF per task with pdf-lib and moves
 * its bytes back to the main thread. pdf-lib, fontkit, the QR code encoder and the fonts live only here.
 */
import { move } from 'piscina';
import { renderDiploma } from './diploma.ts';
import type { DrawingTask } from './drawing-thread-task.ts';
import { labelsOf, renderLabels } from './labels.ts';
import { renderBatch, renderDocument } from './render.ts';

async function draw(task: DrawingTask): Promise<Uint8Array> {
  switch (task.draw) {
    case 'document':
      return renderDocument(task.kind, task.candidate, task.returnAddress);
    case 'batch':
      try {
        return await renderBatch(task.candidates, task, (done) => task.progress.postMessage(done));
      } finally {
        task.progress.close();
      }
    case 'diploma':
      return renderDiploma(task.content);
    case 'kit_labels':
      return renderLabels(labelsOf(task.kits), task.locale);
  }
}

export default async function drawInThread(task: DrawingTask) {
  // Moved rather than copied: a batch of route cards can weigh megabytes.
  return move(await draw(task));
}
