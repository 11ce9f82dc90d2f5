/** Builds PDFs: one candidate's route card or frame plate, or a batch of both for many candidates. */
import { PDFDocument } from 'pdf-lib';
import type { ClubPostalAddress } from '../../contracts/club-address.ts';
import { translator } from '../i18n.ts';
import { addFramePlatePage } from './frame-plate.ts';
import { embedFonts } from './pdf-kit.ts';
import { addRouteCardPage } from './route-card.ts';
import type { DocumentCandidate } from './types.ts';

export type DocumentKind = 'route_card' | 'frame_plate';

/** A new PDF whose title (what a browser's tab shows) is already in its reader's language. */
export async function newDocument(title: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor('Club des Cinglés du Mont-Ventoux');
  pdf.setCreator('clubcinglesventoux.org');
  return { pdf, fonts: await embedFonts(pdf) };
}

const TITLE_KEYS = { route_card: 'titles.routeCard', frame_plate: 'titles.framePlate' } as const;
const FILE_NAME_KEYS = { route_card: 'fileNames.routeCard', frame_plate: 'fileNames.framePlate' } as const;

/**
 * The file name of a candidate's document in `locale` (`carte-de-route-C-12-1.pdf`), for downloads and mail
 * attachments: ASCII letters, digits and hyphens only, so that every mail client and file system keeps it.
 */
export function documentFileName(kind: DocumentKind, reference: string, locale: string): string {
  const name = translator(locale, 'documents')(FILE_NAME_KEYS[kind]);
  const safe = `${name}-${reference}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return `${safe}.pdf`;
}

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
