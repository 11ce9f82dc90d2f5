/**
 * The diploma (A4 landscape), in the laureate's language: the club's colours, the mountain drawn from the road
 * model, the name, the challenge, the day ridden and the number, the ascents and their times when a checked
 * track is attached, and the QR code of its public check page.
 */
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { diplomaCheckPath } from '../../domain/diploma.ts';
import { formatDuration } from '../../domain/duration.ts';
import { formatCalendarDate, formatTime, formatTimestampDate } from '../../domain/format.ts';
import type { TrackAscent } from '../../domain/schemas/track.ts';
import { type ChallengeId, SUMMIT_ALTITUDE_M, roadById } from '../../domain/ventoux.ts';
import type { TFunction } from 'i18next';
import { translator } from '../i18n.ts';
import {
  CLUB_RED,
  DARK,
  GREY,
  LIGHT,
  MM,
  WHITE,
  type Fonts,
  drawQrCode,
  drawText,
  embedFonts,
} from './pdf-kit.ts';

export interface DiplomaContent {
  code: string;
  locale: string;
  publicUrl: string;
  prenom: string;
  nom: string;
  epreuve: ChallengeId;
  numero: number;
  date_passage: string | null;
  /** ISO 8601 UTC. */
  homologatedAt: string;
  /** The counted ascents of an attached track, in riding order; empty without one. */
  ascents: readonly TrackAscent[];
}

const WIDTH = 297 * MM;
const HEIGHT = 210 * MM;

/** Centres one line of text at `top` points from the top; returns the height used. */
function centred(page: PDFPage, text: string, top: number, size: number, font: Fonts['bold'], color = DARK) {
  const width = font.widthOfTextAtSize(text, size);
  return drawText(page, text, { x: (WIDTH - width) / 2, top, size, font, color });
}

/**
 * The Ventoux as its two western roads draw it: Bédoin's profile up from the left, Malaucène's down to the right,
 * scaled into the frame at the foot of the page, with the summit named. Answers the summit's point.
 */
function drawMountain(page: PDFPage, frame: { left: number; right: number; bottom: number }, height: number) {
  const up = roadById('bedoin').profile;
  const down = roadById('malaucene').profile;
  const lowest = Math.min(up[0]!.altitudeM, down[0]!.altitudeM);
  const highest = Math.max(up.at(-1)!.altitudeM, down.at(-1)!.altitudeM);
  const half = (frame.right - frame.left) / 2;
  const x = (km: number, lengthKm: number, side: 1 | -1) =>
    side === 1 ? frame.left + (km / lengthKm) * half : frame.right - (km / lengthKm) * half;
  const rise = (altitude: number) => ((altitude - lowest) / (highest - lowest)) * height;
  const points = [
    ...up.map((point) => ({ x: x(point.km, up.at(-1)!.km, 1), rise: rise(point.altitudeM) })),
    ...[...down]
      .reverse()
      .map((point) => ({ x: x(point.km, down.at(-1)!.km, -1), rise: rise(point.altitudeM) })),
  ];
  // pdf-lib draws an SVG path from the point given, with y growing downwards.
  const path = `M ${frame.left} 0 ${points.map((point) => `L ${point.x.toFixed(1)} ${(-point.rise).toFixed(1)}`).join(' ')} L ${frame.right} 0 Z`;
  page.drawSvgPath(path, { x: 0, y: frame.bottom, color: LIGHT, opacity: 0.35 });
  return { x: frame.left + half, y: frame.bottom + height };
}

/** What every diploma shares: the mountain and its summit, the red bands, the border and the club's name. */
function drawBackground(page: PDFPage, content: DiplomaContent, t: TFunction, fonts: Fonts, margin: number) {
  // The mountain lowers as the list of ascents grows, so that its summit stays below the text.
  const mountainHeight = 70 * MM - Math.max(0, content.ascents.length - 2) * 6 * MM;
  const summit = drawMountain(page, { left: 8 * MM, right: WIDTH - 8 * MM, bottom: 12 * MM }, mountainHeight);
  const summitLabel = t('summit', { altitude: SUMMIT_ALTITUDE_M });
  page.drawText(summitLabel, {
    x: summit.x - fonts.regular.widthOfTextAtSize(summitLabel, 8) / 2,
    y: summit.y + 2 * MM,
    size: 8,
    font: fonts.regular,
    color: GREY,
  });
  page.drawRectangle({ x: 0, y: HEIGHT - 14 * MM, width: WIDTH, height: 14 * MM, color: CLUB_RED });
  page.drawRectangle({ x: 0, y: 0, width: WIDTH, height: 6 * MM, color: CLUB_RED });
  page.drawRectangle({
    x: 8 * MM,
    y: 12 * MM,
    width: WIDTH - 16 * MM,
    height: HEIGHT - 32 * MM,
    borderColor: CLUB_RED,
    borderWidth: 1.5,
  });
  drawText(page, t('common:site.name'), { x: margin, top: 4 * MM, size: 14, font: fonts.bold, color: WHITE });
}

/** The centred text: who rode which challenge, when, its number, and the ascents of an attached track. */
function drawCitation(page: PDFPage, content: DiplomaContent, t: TFunction, names: TFunction, fonts: Fonts) {
  let top = 28 * MM;
  top += centred(page, t('title').toUpperCase(), top, 30, fonts.bold, CLUB_RED);
  top += 4 * MM;
  top += centred(page, t('certifies'), top, 13, fonts.regular, GREY);
  top += 3 * MM;
  top += centred(page, `${content.prenom} ${content.nom.toUpperCase()}`, top, 28, fonts.bold);
  top += 3 * MM;
  top += centred(page, t('rode'), top, 13, fonts.regular, GREY);
  top += 2 * MM;
  top += centred(page, names(`challenges.${content.epreuve}`), top, 22, fonts.bold, CLUB_RED);
  top += 2 * MM;
  if (content.date_passage) {
    top += centred(
      page,
      t('on', { date: formatCalendarDate(content.locale, content.date_passage) }),
      top,
      13,
      fonts.regular,
    );
  }
  top += 2 * MM;
  top += centred(page, t('number', { numero: content.numero }), top, 16, fonts.bold);

  if (content.ascents.length > 0) {
    top += 5 * MM;
    top += centred(page, t('ascents'), top, 11, fonts.bold, GREY);
    const clock = (time: string | null) => (time ? formatTime(content.locale, time) : '—');
    for (const ascent of content.ascents) {
      const line = t('ascent', {
        road: names(`roads.${ascent.road}`),
        start: clock(ascent.start_time),
        summit: clock(ascent.summit_time),
        duration: ascent.duration_s === null ? '—' : formatDuration(ascent.duration_s),
      });
      top += centred(page, line, top + 1, 10.5, fonts.regular);
    }
  }
}

/** The QR code of the diploma's public check page, its address spelled out, and the day of the homologation. */
function drawCheck(page: PDFPage, content: DiplomaContent, t: TFunction, fonts: Fonts, margin: number) {
  const qrSize = 30 * MM;
  const qrLeft = WIDTH - margin - qrSize;
  const qrTop = HEIGHT - 20 * MM - qrSize;
  const checkUrl = `${content.publicUrl}${diplomaCheckPath(content.locale, content.code)}`;
  drawQrCode(page, checkUrl, qrLeft, qrTop, qrSize);
  const checkWidth = 70 * MM;
  const checkLeft = qrLeft - checkWidth - 3 * MM;
  const checkHeight = drawText(page, t('check'), {
    x: checkLeft,
    top: qrTop + 4 * MM,
    size: 8.5,
    font: fonts.bold,
    maxWidth: checkWidth,
  });
  drawText(page, checkUrl, {
    x: checkLeft,
    top: qrTop + 4 * MM + checkHeight + 1,
    size: 6.5,
    font: fonts.regular,
    color: GREY,
    maxWidth: checkWidth,
  });
  drawText(page, t('homologatedOn', { date: formatTimestampDate(content.locale, content.homologatedAt) }), {
    x: margin,
    top: HEIGHT - 20 * MM - 4 * MM,
    size: 9,
    font: fonts.regular,
    color: GREY,
  });
}

export async function renderDiploma(content: DiplomaContent): Promise<Uint8Array> {
  const t = translator(content.locale, 'diploma');
  const names = translator(content.locale, 'documents');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t('title')} ${names(`challenges.${content.epreuve}`)} ${content.numero}`);
  pdf.setAuthor('Club des Cinglés du Mont-Ventoux');
  pdf.setCreator('clubcinglesventoux.org');
  pdf.setLanguage(content.locale === 'gb' ? 'en-GB' : content.locale);
  const fonts = await embedFonts(pdf);
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const margin = 16 * MM;

  drawBackground(page, content, t, fonts, margin);
  drawCitation(page, content, t, names, fonts);
  drawCheck(page, content, t, fonts, margin);
  return pdf.save();
}
