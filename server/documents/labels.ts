/**
 * Address labels for postal delivery: an A4 sheet of 3 x 8 labels (70 x 37 mm), one per candidate, with the
 * delivery address of the order and the country in capitals in French, as La Poste asks for abroad.
 */
import { PDFDocument } from 'pdf-lib';
import { countryName } from '../../domain/countries.ts';
import { MM, drawText, embedFonts } from './pdf-kit.ts';

export interface LabelAddress {
  nom: string;
  prenom: string;
  adresse: string;
  complement: string;
  code_postal: string;
  ville: string;
  pays: string;
  reference: string;
}

const COLUMNS = 3;
const ROWS = 8;
const LABEL_WIDTH = 70 * MM;
const LABEL_HEIGHT = 37 * MM;
const TOP_MARGIN = (297 * MM - ROWS * LABEL_HEIGHT) / 2;

export async function renderLabels(addresses: LabelAddress[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Address labels (${addresses.length})`);
  const fonts = await embedFonts(pdf);
  let page = pdf.addPage([210 * MM, 297 * MM]);
  addresses.forEach((address, index) => {
    const slot = index % (COLUMNS * ROWS);
    if (index > 0 && slot === 0) page = pdf.addPage([210 * MM, 297 * MM]);
    const x = (slot % COLUMNS) * LABEL_WIDTH + 5 * MM;
    let top = TOP_MARGIN + Math.floor(slot / COLUMNS) * LABEL_HEIGHT + 4 * MM;
    const lines = [
      `${address.prenom} ${address.nom.toUpperCase()}`,
      address.adresse,
      address.complement,
      `${address.code_postal} ${address.ville.toUpperCase()}`,
      address.pays === 'fr' ? '' : (countryName(address.pays, 'fr') ?? address.pays).toUpperCase(),
    ].filter(Boolean);
    lines.forEach((line, lineIndex) => {
      top += drawText(page, line, {
        x,
        top,
        size: 9.5,
        font: lineIndex === 0 ? fonts.bold : fonts.regular,
        maxWidth: LABEL_WIDTH - 10 * MM,
      });
    });
    drawText(page, address.reference, { x, top: top + 1 * MM, size: 7, font: fonts.regular });
  });
  return pdf.save();
}
