/** What a document needs to know about its candidate. */
import type { ChallengeId } from '../../domain/ventoux.ts';

export interface DocumentCandidate {
  reference: string;
  scanToken: string;
  epreuve: ChallengeId;
  civilite: 'mme' | 'm';
  nom: string;
  prenom: string;
  ville: string;
  pays: string;
  /** Language of the order: the document speaks it. */
  locale: string;
}
