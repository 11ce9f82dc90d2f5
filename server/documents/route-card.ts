/**
 * The route card (A4): the rider, the challenge, a stamp box in the start town and at the summit for every
 * ascent, and the QR code of the secret scan token that volunteers scan when the card comes back.
 */
import type { PDFDocument } from 'pdf-lib';
import { CHALLENGES } from '../../domain/ventoux.ts';
import { translator } from '../i18n.ts';
import { CLUB_RED, DARK, GREY, LIGHT, MM, WHITE, type Fonts, drawQrCode, drawText } from './pdf-kit.ts';
import type { DocumentCandidate } from './types.ts';

export async function addRouteCardPage(pdf: PDFDocument, candidate: DocumentCandidate, fonts: Fonts) {
  const t = translator(candidate.locale, 'documents');
  const challenge = CHALLENGES.find((item) => item.id === candidate.epreuve)!;
  const page = pdf.addPage([210 * MM, 297 * MM]);
  const width = page.getWidth();
  const margin = 15 * MM;

  page.drawRectangle({ x: 0, y: page.getHeight() - 28 * MM, width, height: 28 * MM, color: CLUB_RED });
  drawText(page, t('common:site.name'), { x: margin, top: 7 * MM, size: 16, font: fonts.bold, color: WHITE });
  drawText(page, t('routeCard.title'), {
    x: margin,
    top: 16 * MM,
    size: 12,
    font: fonts.regular,
    color: WHITE,
  });

  const qrSize = 38 * MM;
  drawQrCode(page, candidate.scanToken, width - margin - qrSize, 34 * MM, qrSize);
  drawText(page, candidate.reference, {
    x: width - margin - qrSize,
    top: 34 * MM + qrSize + 2,
    size: 10,
    font: fonts.bold,
  });

  let top = 36 * MM;
  top += drawText(page, `${candidate.prenom} ${candidate.nom.toUpperCase()}`, {
    x: margin,
    top,
    size: 20,
    font: fonts.bold,
    maxWidth: width - 2 * margin - qrSize - 8 * MM,
  });
  top += drawText(page, `${candidate.ville}`, {
    x: margin,
    top: top + 2,
    size: 11,
    font: fonts.regular,
    color: GREY,
  });
  top += 6 * MM;
  top += drawText(page, t(`challenges.${challenge.id}`), {
    x: margin,
    top,
    size: 16,
    font: fonts.bold,
    color: CLUB_RED,
  });
  top += drawText(
    page,
    t('routeCard.figures', {
      ascents: challenge.ascents.length,
      km: challenge.distanceKm,
      gain: challenge.gainM,
    }),
    {
      x: margin,
      top: top + 2,
      size: 11,
      font: fonts.regular,
    },
  );
  top += drawText(page, t('routeCard.rule'), {
    x: margin,
    top: top + 4,
    size: 9.5,
    font: fonts.regular,
    color: GREY,
    maxWidth: width - 2 * margin - qrSize - 8 * MM,
  });

  top = Math.max(top + 8 * MM, 34 * MM + qrSize + 12 * MM);
  const columns = [t('routeCard.ascent'), t('routeCard.startStamp'), t('routeCard.summitStamp')];
  const columnWidths = [45 * MM, (width - 2 * margin - 45 * MM) / 2, (width - 2 * margin - 45 * MM) / 2];
  const rowHeight = Math.min(28 * MM, (page.getHeight() - top - 40 * MM) / challenge.ascents.length);
  let x = margin;
  columns.forEach((label, index) => {
    drawText(page, label, { x: x + 2 * MM, top, size: 9.5, font: fonts.bold });
    x += columnWidths[index]!;
  });
  top += 6 * MM;
  challenge.ascents.forEach((road, index) => {
    const y = page.getHeight() - top - (index + 1) * rowHeight;
    let cellX = margin;
    columnWidths.forEach((cellWidth) => {
      page.drawRectangle({
        x: cellX,
        y,
        width: cellWidth,
        height: rowHeight,
        borderColor: LIGHT,
        borderWidth: 1,
      });
      cellX += cellWidth;
    });
    drawText(page, t('routeCard.ascentNumber', { number: index + 1 }), {
      x: margin + 2 * MM,
      top: top + index * rowHeight + 2 * MM,
      size: 11,
      font: fonts.bold,
    });
    drawText(page, t(`roads.${road}`), {
      x: margin + 2 * MM,
      top: top + index * rowHeight + 8 * MM,
      size: 9.5,
      font: fonts.regular,
      maxWidth: columnWidths[0]! - 4 * MM,
    });
    drawText(page, t('routeCard.time'), {
      x: margin + columnWidths[0]! + 2 * MM,
      top: top + (index + 1) * rowHeight - 6 * MM,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
    drawText(page, t('routeCard.time'), {
      x: margin + columnWidths[0]! + columnWidths[1]! + 2 * MM,
      top: top + (index + 1) * rowHeight - 6 * MM,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
  });
  top += challenge.ascents.length * rowHeight + 6 * MM;
  drawText(page, t('routeCard.return'), {
    x: margin,
    top,
    size: 9.5,
    font: fonts.regular,
    color: DARK,
    maxWidth: width - 2 * margin,
  });
}
