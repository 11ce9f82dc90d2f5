/** Shared drawing helpers for the documents: the Unicode font, the QR code as vector squares, colours. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
} from 'pdf-lib';
import QRCode from 'qrcode';

const require = createRequire(import.meta.url);
const fontDirectory = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const fontFiles = {
  regular: fs.readFileSync(path.join(fontDirectory, 'DejaVuSans.ttf')),
  bold: fs.readFileSync(path.join(fontDirectory, 'DejaVuSans-Bold.ttf')),
};

export const CLUB_RED = rgb(0.929, 0.11, 0.141);
export const DARK = rgb(0.13, 0.13, 0.13);
export const GREY = rgb(0.45, 0.45, 0.45);
export const LIGHT = rgb(0.75, 0.75, 0.75);
export const WHITE = rgb(1, 1, 1);
export const MM = 72 / 25.4;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Text runs laid out per font, the most recently used (the labels of six languages fit several times). */
export const LAYOUTS_KEPT = 2_000;

/**
 * fontkit with each font parsed once per thread: reading DejaVu's tables was most of a document's drawing time.
 * A parsed font is only read (laid out, measured, subset per document), and there are two, so keeping them is safe
 * and bounded; their glyphs, once read, stay for the next documents too.
 *
 * Each font also keeps the layouts of the texts it drew (`layoutsKept`): shaping a run (OpenType substitutions and
 * positions) is about a third of a document's time and much of its garbage, and every document draws the same
 * labels again. pdf-lib reads only a layout's glyphs, which fontkit keeps per font anyway.
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Font = ReturnType<Fontkit['create']>;
const parsedFonts = new Map<Uint8Array, Font>();
const fontkitParsingOnce: Fontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    let font = parsedFonts.get(data);
    if (!font) {
      font = layoutsKept(fontkit.create(data, postscriptName));
      parsedFonts.set(data, font);
    }
    return font;
  },
};

export function layoutsKept(font: Font): Font {
  const layout = font.layout.bind(font);
  const kept = new Map<string, ReturnType<Font['layout']>>();
  font.layout = (text, features, ...rest) => {
    if (rest.length > 0) return layout(text, features, ...rest);
    const key = `${JSON.stringify(features ?? null)}\u0000${text}`;
    // Least recently used first out: a batch's names, drawn once, do not push the labels out.
    let run = kept.get(key);
    if (run) kept.delete(key);
    else {
      if (kept.size >= LAYOUTS_KEPT) kept.delete(kept.keys().next().value!);
      run = layout(text, features);
    }
    kept.set(key, run);
    return run;
  };
  return font;
}

export async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  pdf.registerFontkit(fontkitParsingOnce);
  return {
    regular: await pdf.embedFont(fontFiles.regular, { subset: true }),
    bold: await pdf.embedFont(fontFiles.bold, { subset: true }),
  };
}

/**
 * Draws `text` as a QR code of `size` points with its top-left corner at (x, y from the top).
 *
 * One filled path of rectangles, one per run of dark modules in a row, rather than a drawn rectangle per module:
 * pdf-lib's `drawRectangle` writes a saved state, a colour and a transformation for each, and a code's five
 * hundred modules were most of a document's garbage. Adjacent modules in one path also show no hairline between
 * them.
 */
export function drawQrCode(page: PDFPage, text: string, x: number, top: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  const y0 = page.getHeight() - top - size;
  const operators = [
    pushGraphicsState(),
    setFillingColor(WHITE),
    rectangle(x, y0, size, size),
    fill(),
    setFillingColor(DARK),
  ];
  for (let row = 0; row < modules.size; row += 1) {
    const y = y0 + size - (row + quiet + 1) * cell;
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      operators.push(rectangle(x + (start + quiet) * cell, y, (column - start) * cell, cell));
    }
  }
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}

/** Text with its top at `top` points from the top of the page; returns the height used. */
export function drawText(
  page: PDFPage,
  text: string,
  options: {
    x: number;
    top: number;
    size: number;
    font: PDFFont;
    color?: ReturnType<typeof rgb>;
    maxWidth?: number;
  },
): number {
  const lineHeight = options.size * 1.3;
  const lines = options.maxWidth ? wrap(text, options.font, options.size, options.maxWidth) : [text];
  lines.forEach((line, index) => {
    page.drawText(line, {
      x: options.x,
      y: page.getHeight() - options.top - options.size - index * lineHeight,
      size: options.size,
      font: options.font,
      color: options.color ?? DARK,
    });
  });
  return lines.length * lineHeight;
}

/** A word wider than the line (an address) is cut between characters. */
function pieces(word: string, font: PDFFont, size: number, maxWidth: number): string[] {
  if (font.widthOfTextAtSize(word, size) <= maxWidth) return [word];
  const cut: string[] = [''];
  for (const character of word) {
    if (font.widthOfTextAtSize(cut.at(-1)! + character, size) > maxWidth) cut.push('');
    cut[cut.length - 1] += character;
  }
  return cut;
}

function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).flatMap((item) => pieces(item, font, size, maxWidth))) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > maxWidth && current) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}
