/** A candidate and a return address to draw documents with, for the document thread's tests and its benchmark. */
import type { ClubPostalAddress } from '../../contracts/club-address.ts';
import type { DocumentCandidate } from '../../server/documents/types.ts';

export const sampleReturnAddress: ClubPostalAddress = {
  lines: ['Club des Cinglés du Mont-Ventoux', '1 place de la Poste', '84410 Bédoin'],
  demonstration: false,
};

export const sampleCandidate = (reference: string): DocumentCandidate => ({
  reference,
  scanToken: `token-${reference}`,
  epreuve: 'cingle',
  civilite: 'mme',
  nom: 'Martin',
  prenom: 'Léa',
  ville: 'Carpentras',
  pays: 'FR',
  locale: 'fr',
});
