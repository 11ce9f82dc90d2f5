/** The frame plate (A5 landscape, to fold around the handlebar or frame): the reference in large type and the rider. */
import type { PDFDocument } from 'pdf-lib';
import { translator } from '../i18n.ts';
import { CLUB_RED, GREY, MM, WHITE, type Fonts, drawQrCode, drawText } from './pdf-kit.ts';
import type { DocumentCandidate } from './types.ts';

export async function addFramePlatePage(pdf: PDFDocument, candidate: DocumentCandidate, fonts: Fonts) {
  const t = translator(candidate.locale, 'documents');
  const page = pdf.addPage([210 * MM, 148 * MM]);
  const width = page.getWidth();
  const margin = 12 * MM;
  page.drawRectangle({ x: 0, y: page.getHeight() - 22 * MM, width, height: 22 * MM, color: CLUB_RED });
  drawText(page, t('common:site.name'), { x: margin, top: 7 * MM, size: 14, font: fonts.bold, color: WHITE });
  drawText(page, t(`challenges.${candidate.epreuve}`), {
    x: margin,
    top: 32 * MM,
    size: 22,
    font: fonts.bold,
    color: CLUB_RED,
  });
  const referenceSize = 44;
  drawText(page, candidate.reference, { x: margin, top: 50 * MM, size: referenceSize, font: fonts.bold });
  drawText(page, `${candidate.prenom} ${candidate.nom.toUpperCase()}`, {
    x: margin,
    top: 78 * MM,
    size: 24,
    font: fonts.bold,
    maxWidth: width - 2 * margin - 40 * MM,
  });
  drawText(page, t('framePlate.hint'), {
    x: margin,
    top: 120 * MM,
    size: 9,
    font: fonts.regular,
    color: GREY,
    maxWidth: width - 2 * margin,
  });
  drawQrCode(page, candidate.scanToken, width - margin - 34 * MM, 32 * MM, 34 * MM);
}
