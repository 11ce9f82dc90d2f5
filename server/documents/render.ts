/** Builds PDFs: one candidate's route card or frame plate, or a batch of both for many candidates. */
import { PDFDocument } from 'pdf-lib';
import type { ClubPostalAddress } from '../../contracts/club-address.ts';
import { translator } from '../i18n.ts';
import type { DocumentKind } from './file-name.ts';
import { addFramePlatePage } from './frame-plate.ts';
import { embedFonts } from './pdf-kit.ts';
import { addRouteCardPage } from './route-card.ts';
import type { DocumentCandidate } from './types.ts';

/** A new PDF whose title (what a browser's tab shows) is already in its reader's language. */
export async function newDocument(title: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor('Club des Cinglés du Mont-Ventoux');
  pdf.setCreator('clubcinglesventoux.org');
  return { pdf, fonts: await embedFonts(pdf) };
}

const TITLE_KEYS = { route_card: 'titles.routeCard', frame_plate: 'titles.framePlate' } as const;
export async function renderDocument(
  kind: DocumentKind,
  candidate: DocumentCandidate,
  returnAddress: ClubPostalAddress,
): Promise<Uint8Array> {
  const t = translator(candidate.locale, 'documents');
  const { pdf, fonts } = await newDocument(t(TITLE_KEYS[kind], { reference: candidate.reference }));
  if (kind === 'route_card') await addRouteCardPage(pdf, candidate, fonts, returnAddress);
  else await addFramePlatePage(pdf, candidate, fonts);
  return pdf.save();
}

/**
 * Route card then frame plate for each candidate, in one file for printing; each page speaks its candidate's
 * language, the title the language of the administrator who asked for it.
 */
export async function renderBatch(
  candidates: DocumentCandidate[],
  { locale, returnAddress }: { locale: string; returnAddress: ClubPostalAddress },
  onProgress?: (done: number) => void,
): Promise<Uint8Array> {
  const { pdf, fonts } = await newDocument(
    translator(locale, 'documents')('titles.batch', { count: candidates.length }),
  );
  for (const [index, candidate] of candidates.entries()) {
    await addRouteCardPage(pdf, candidate, fonts, returnAddress);
    await addFramePlatePage(pdf, candidate, fonts);
    onProgress?.(index + 1);
  }
  return pdf.save();
}
