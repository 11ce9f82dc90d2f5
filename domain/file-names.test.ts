import { describe, expect, it } from 'vitest';
import { fileName, fileSlug } from './file-names.ts';

describe('file names of downloads', () => {
  it('writes a title in plain ASCII with dashes', () => {
    expect(fileSlug('Homologations en cours')).toBe('homologations-en-cours');
    expect(fileName('Étiquettes d’adresse', 'pdf')).toBe('etiquettes-d-adresse.pdf');
    expect(fileName('Cartes de route (5)', 'pdf')).toBe('cartes-de-route-5.pdf');
    expect(fileName('Afgehandeld – overzicht', 'csv')).toBe('afgehandeld-overzicht.csv');
  });

  it('never gives an empty name or a path', () => {
    expect(fileName('', 'csv')).toBe('file.csv');
    expect(fileName('../../etc/passwd', 'csv')).toBe('etc-passwd.csv');
  });
});
