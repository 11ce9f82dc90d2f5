import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOCKED } from '../../tests/support/child-scripts.ts';
import { sampleCandidate, sampleReturnAddress } from '../../tests/support/documents.ts';
import { createDocumentDrawer, type DocumentDrawer } from './drawing-thread.ts';

const returnAddress = sampleReturnAddress;
const candidate = sampleCandidate;

/** A thread that never answers: blocked for good, so only being stopped from outside ends it. */
function blockedWorker(): URL {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drawing-')), 'blocked.mjs');
  fs.writeFileSync(file, `export default function draw() { ${BLOCKED} }\n`);
  return pathToFileURL(file);
}

describe('the document thread', () => {
  let drawer: DocumentDrawer | undefined;
  afterEach(() => drawer?.close());

  it('draws a route card in the order’s language off the main thread', async () => {
    drawer = createDocumentDrawer();
    const bytes = await drawer.document('route_card', candidate('C-1042-1'), returnAddress);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toContain('C-1042-1');
  });

  it('draws a batch, two pages per candidate', async () => {
    drawer = createDocumentDrawer();
    const bytes = await drawer.batch([candidate('C-1-1'), candidate('C-1-2'), candidate('C-1-3')], {
      locale: 'gb',
      returnAddress,
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(6);
  });

  it('stops a batch whose listener refuses to go on, with the listener’s error', async () => {
    drawer = createDocumentDrawer();
    const stopping = new Error('the instance is stopping');
    const many = Array.from({ length: 40 }, (_, index) => candidate(`C-2-${index + 1}`));
    await expect(
      drawer.batch(many, { locale: 'fr', returnAddress }, () => {
        throw stopping;
      }),
    ).rejects.toBe(stopping);
    // The thread was stopped with the batch; the next document gets a new one.
    const next = await drawer.document('frame_plate', candidate('C-2-1'), returnAddress);
    expect((await PDFDocument.load(next)).getPageCount()).toBe(1);
  });

  it('stops a thread that never answers once its bound has passed', async () => {
    drawer = createDocumentDrawer({ boundMs: 200, workerFile: blockedWorker() });
    await expect(drawer.document('route_card', candidate('C-3-1'), returnAddress)).rejects.toThrow();
  });

  it('ends a drawing under way when the process stops', async () => {
    drawer = createDocumentDrawer({ workerFile: blockedWorker() });
    const drawing = drawer.diploma({} as never);
    const settled = expect(drawing).rejects.toThrow();
    await drawer.close();
    await settled;
  });
});
