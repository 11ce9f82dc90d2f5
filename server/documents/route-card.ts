/**
 * The route card (A4): the rider, the challenge, a stamp box in the start town and at the summit for every
 * ascent, and the QR code of the secret scan token that volunteers scan when the card comes back.
 */
import type { TFunction } from 'i18next';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { ClubPostalAddress } from '../../contracts/club-address.ts';
import { CHALLENGES } from '../../domain/ventoux.ts';
import { translator } from '../i18n.ts';
import { CLUB_RED, DARK, GREY, LIGHT, MM, WHITE, type Fonts, drawQrCode, drawText } from './pdf-kit.ts';
import type { DocumentCandidate } from './types.ts';

type Challenge = (typeof CHALLENGES)[number];

const MARGIN = 15 * MM;
const QR_SIZE = 38 * MM;
/** Where the QR code starts, from the top of the page. */
const QR_TOP = 34 * MM;

/** The red band with the club's name, and the scan token's QR code with the reference under it. */
function drawHeader(page: PDFPage, t: TFunction, fonts: Fonts, candidate: DocumentCandidate) {
  const width = page.getWidth();
  page.drawRectangle({ x: 0, y: page.getHeight() - 28 * MM, width, height: 28 * MM, color: CLUB_RED });
  drawText(page, t('common:site.name'), { x: MARGIN, top: 7 * MM, size: 16, font: fonts.bold, color: WHITE });
  drawText(page, t('routeCard.title'), {
    x: MARGIN,
    top: 16 * MM,
    size: 12,
    font: fonts.regular,
    color: WHITE,
  });

  drawQrCode(page, candidate.scanToken, width - MARGIN - QR_SIZE, QR_TOP, QR_SIZE);
  drawText(page, candidate.reference, {
    x: width - MARGIN - QR_SIZE,
    top: QR_TOP + QR_SIZE + 2,
    size: 10,
    font: fonts.bold,
  });
}

/** The rider, the challenge and its rule, beside the QR code; answers where the text ends. */
function drawRider(
  page: PDFPage,
  t: TFunction,
  fonts: Fonts,
  candidate: DocumentCandidate,
  challenge: Challenge,
) {
  const width = page.getWidth();
  let top = 36 * MM;
  top += drawText(page, `${candidate.prenom} ${candidate.nom.toUpperCase()}`, {
    x: MARGIN,
    top,
    size: 20,
    font: fonts.bold,
    maxWidth: width - 2 * MARGIN - QR_SIZE - 8 * MM,
  });
  top += drawText(page, `${candidate.ville}`, {
    x: MARGIN,
    top: top + 2,
    size: 11,
    font: fonts.regular,
    color: GREY,
  });
  top += 6 * MM;
  top += drawText(page, t(`challenges.${challenge.id}`), {
    x: MARGIN,
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
      x: MARGIN,
      top: top + 2,
      size: 11,
      font: fonts.regular,
    },
  );
  top += drawText(page, t('routeCard.rule'), {
    x: MARGIN,
    top: top + 4,
    size: 9.5,
    font: fonts.regular,
    color: GREY,
    maxWidth: width - 2 * MARGIN - QR_SIZE - 8 * MM,
  });
  return top;
}

/** One row per ascent with a box for the stamp in the start town and one at the summit; answers its bottom. */
function drawStampTable(page: PDFPage, t: TFunction, fonts: Fonts, challenge: Challenge, tableTop: number) {
  const width = page.getWidth();
  let top = tableTop;
  const columns = [t('routeCard.ascent'), t('routeCard.startStamp'), t('routeCard.summitStamp')];
  const columnWidths = [45 * MM, (width - 2 * MARGIN - 45 * MM) / 2, (width - 2 * MARGIN - 45 * MM) / 2];
  const rowHeight = Math.min(28 * MM, (page.getHeight() - top - 52 * MM) / challenge.ascents.length);
  let x = MARGIN;
  columns.forEach((label, index) => {
    drawText(page, label, { x: x + 2 * MM, top, size: 9.5, font: fonts.bold });
    x += columnWidths[index]!;
  });
  top += 6 * MM;
  challenge.ascents.forEach((road, index) => {
    const y = page.getHeight() - top - (index + 1) * rowHeight;
    let cellX = MARGIN;
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
      x: MARGIN + 2 * MM,
      top: top + index * rowHeight + 2 * MM,
      size: 11,
      font: fonts.bold,
    });
    drawText(page, t(`roads.${road}`), {
      x: MARGIN + 2 * MM,
      top: top + index * rowHeight + 8 * MM,
      size: 9.5,
      font: fonts.regular,
      maxWidth: columnWidths[0]! - 4 * MM,
    });
    drawText(page, t('routeCard.time'), {
      x: MARGIN + columnWidths[0]! + 2 * MM,
      top: top + (index + 1) * rowHeight - 6 * MM,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
    drawText(page, t('routeCard.time'), {
      x: MARGIN + columnWidths[0]! + columnWidths[1]! + 2 * MM,
      top: top + (index + 1) * rowHeight - 6 * MM,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
  });
  return top + challenge.ascents.length * rowHeight + 6 * MM;
}

const ADDRESS_WIDTH = 72 * MM;

/** What to do with the card once ridden, and beside it the club's address to post it to. */
function drawReturn(page: PDFPage, t: TFunction, fonts: Fonts, top: number, address: ClubPostalAddress) {
  const width = page.getWidth();
  drawText(page, t('routeCard.return'), {
    x: MARGIN,
    top,
    size: 9.5,
    font: fonts.regular,
    color: DARK,
    maxWidth: width - 2 * MARGIN - ADDRESS_WIDTH - 6 * MM,
  });
  const x = width - MARGIN - ADDRESS_WIDTH;
  let addressTop = top;
  addressTop += drawText(page, t('routeCard.returnAddress'), {
    x,
    top: addressTop,
    size: 9.5,
    font: fonts.bold,
  });
  for (const line of address.lines)
    addressTop += drawText(page, line, {
      x,
      top: addressTop + 1,
      size: 10,
      font: fonts.regular,
      maxWidth: ADDRESS_WIDTH,
    });
  if (address.demonstration)
    drawText(page, t('common:postalAddress.demonstration'), {
      x,
      top: addressTop + 3,
      size: 8.5,
      font: fonts.bold,
      color: CLUB_RED,
      maxWidth: ADDRESS_WIDTH,
    });
}

export async function addRouteCardPage(
  pdf: PDFDocument,
  candidate: DocumentCandidate,
  fonts: Fonts,
  returnAddress: ClubPostalAddress,
) {
  const t = translator(candidate.locale, 'documents');
  const challenge = CHALLENGES.find((item) => item.id === candidate.epreuve)!;
  const page = pdf.addPage([210 * MM, 297 * MM]);
  drawHeader(page, t, fonts, candidate);
  const riderBottom = drawRider(page, t, fonts, candidate, challenge);
  const top = drawStampTable(
    page,
    t,
    fonts,
    challenge,
    Math.max(riderBottom + 8 * MM, QR_TOP + QR_SIZE + 12 * MM),
  );
  drawReturn(page, t, fonts, top, returnAddress);
}
