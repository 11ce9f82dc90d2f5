/** The file names of candidates' documents, apart from the PDF code so that listing them does not load it. */
import { translator } from '../i18n.ts';

export type DocumentKind = 'route_card' | 'frame_plate';

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
