/**
 * Address labels for postal delivery: an A4 sheet of 3 x 8 labels (70 x 37 mm), one per delivery address of each
 * order (riders of one order sent to one address share one envelope), written in the country's order
 * (domain/postal-address.ts) with the country in capitals in French, as La Poste asks for abroad.
 */
import { countryName } from '../../domain/countries.ts';
import { postalAddressLines } from '../../domain/postal-address.ts';
import { translator } from '../i18n.ts';
import { MM, drawText } from './pdf-kit.ts';
import { newDocument } from './render.ts';

export interface LabelAddress {
  nom: string;
  prenom: string;
  adresse: string;
  complement: string;
  code_postal: string;
  ville: string;
  pays: string;
}

/** One kit to post: its order, where it goes, and the candidate's reference. */
export interface KitToPost {
  orderId: number;
  address: LabelAddress;
  reference: string;
}

export interface Label {
  address: LabelAddress;
  /** The references of the kits in the envelope, in order. */
  references: string[];
}

const COLUMNS = 3;
const ROWS = 8;
const LABEL_WIDTH = 70 * MM;
const LABEL_HEIGHT = 37 * MM;
const TOP_MARGIN = (297 * MM - ROWS * LABEL_HEIGHT) / 2;

const addressKey = (address: LabelAddress) =>
  [
    address.prenom,
    address.nom,
    address.adresse,
    address.complement,
    address.code_postal,
    address.ville,
    address.pays,
  ]
    .map((part) => part.trim().replace(/\s+/g, ' ').toLowerCase())
    .join('\n');

/** One label per distinct delivery address of each order, carrying the references of the kits it covers. */
export function labelsOf(kits: readonly KitToPost[]): Label[] {
  const labels = new Map<string, Label>();
  for (const kit of kits) {
    const key = `${kit.orderId}\n${addressKey(kit.address)}`;
    const label = labels.get(key);
    if (label) label.references.push(kit.reference);
    else labels.set(key, { address: kit.address, references: [kit.reference] });
  }
  return [...labels.values()];
}

/** The sheet of labels, its title in `locale` (the administrator's language). */
export async function renderLabels(labels: readonly Label[], locale: string): Promise<Uint8Array> {
  const { pdf, fonts } = await newDocument(
    translator(locale, 'documents')('titles.labels', { count: labels.length }),
  );
  let page = pdf.addPage([210 * MM, 297 * MM]);
  labels.forEach(({ address, references }, index) => {
    const slot = index % (COLUMNS * ROWS);
    if (index > 0 && slot === 0) page = pdf.addPage([210 * MM, 297 * MM]);
    const x = (slot % COLUMNS) * LABEL_WIDTH + 5 * MM;
    let top = TOP_MARGIN + Math.floor(slot / COLUMNS) * LABEL_HEIGHT + 4 * MM;
    const lines = [
      `${address.prenom} ${address.nom.toUpperCase()}`,
      ...postalAddressLines(address, { upperCaseTown: true }),
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
    drawText(page, references.join(', '), {
      x,
      top: top + 1 * MM,
      size: 7,
      font: fonts.regular,
      maxWidth: LABEL_WIDTH - 10 * MM,
    });
  });
  return pdf.save();
}
