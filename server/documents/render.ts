/** Builds PDFs: one candidate's route card or frame plate, or a batch of both for many candidates. */
import { PDFDocument } from 'pdf-lib';
import { addFramePlatePage } from './frame-plate.ts';
import { embedFonts } from './pdf-kit.ts';
import { addRouteCardPage } from './route-card.ts';
import type { DocumentCandidate } from './types.ts';

export type DocumentKind = 'route_card' | 'frame_plate';

async function newDocument(title: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor('Club des Cinglés du Mont-Ventoux');
  pdf.setCreator('clubcinglesventoux.org');
  return { pdf, fonts: await embedFonts(pdf) };
}

export async function renderDocument(kind: DocumentKind, candidate: DocumentCandidate): Promise<Uint8Array> {
  const { pdf, fonts } = await newDocument(
    `${kind === 'route_card' ? 'Route card' : 'Frame plate'} ${candidate.reference}`,
  );
  if (kind === 'route_card') await addRouteCardPage(pdf, candidate, fonts);
  else await addFramePlatePage(pdf, candidate, fonts);
  return pdf.save();
}

/** Route card then frame plate for each candidate, in one file for printing. */
export async function renderBatch(
  candidates: DocumentCandidate[],
  onProgress?: (done: number) => void,
): Promise<Uint8Array> {
  const { pdf, fonts } = await newDocument(`Batch of ${candidates.length}`);
  for (const [index, candidate] of candidates.entries()) {
    await addRouteCardPage(pdf, candidate, fonts);
    await addFramePlatePage(pdf, candidate, fonts);
    onProgress?.(index + 1);
  }
  return pdf.save();
}
