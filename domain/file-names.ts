/**
 * The names of the files the admin pages download (CSV exports, route cards, labels), written from a title in
 * the admin's language: accents dropped and spaces turned into dashes, so that the name is plain ASCII and safe
 * in a Content-Disposition header and on every file system ("Homologations en cours" → "homologations-en-cours").
 */
export function fileSlug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'file'
  );
}

/** `fileName('Étiquettes', 'pdf')` → `etiquettes.pdf`. */
export function fileName(title: string, extension: 'csv' | 'pdf'): string {
  return `${fileSlug(title)}.${extension}`;
}
