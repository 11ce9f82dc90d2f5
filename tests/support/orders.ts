/** Valid orders for tests: an adult and a 16-year-old, delivered by email, paid by card. */
import { addDays, today } from '../../domain/dates.ts';

function yearsAgo(years: number, extraDays = 0): string {
  const now = today();
  const [year, month, day] = now.split('-').map(Number) as [number, number, number];
  return addDays(
    `${year - years}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    -extraDays,
  );
}

export function candidatePayload(overrides: Record<string, unknown> = {}) {
  return {
    epreuve: 'cingle',
    civilite: 'm',
    nom: 'Durand',
    prenom: 'Paul',
    email: 'paul.durand@example.org',
    portable: '06 11 22 33 44',
    date_naissance: yearsAgo(40),
    adresse: '3 place du Marché',
    complement: '',
    code_postal: '84340',
    ville: 'Malaucène',
    pays: 'fr',
    nationalite: 'fr',
    attestation_condition_physique: true,
    attestation_assurance: true,
    autorisation_parentale: false,
    certificat_medical: false,
    ...overrides,
  };
}

export const minorCandidate = (overrides: Record<string, unknown> = {}) =>
  candidatePayload({
    prenom: 'Léa',
    email: 'lea.durand@example.org',
    epreuve: 'galerien',
    date_naissance: yearsAgo(16, 10),
    autorisation_parentale: true,
    certificat_medical: true,
    tuteur: { nom: 'Durand', prenom: 'Marie', email: 'marie.durand@example.org' },
    ...overrides,
  });

const address = {
  nom: 'Durand',
  prenom: 'Paul',
  adresse: '3 place du Marché',
  complement: '',
  code_postal: '84340',
  ville: 'Malaucène',
  pays: 'fr',
};

export function orderPayload(overrides: Record<string, unknown> = {}) {
  return {
    candidats: [candidatePayload(), minorCandidate()],
    mode_livraison: 'email',
    date_livraison: addDays(today(), 30),
    adresse_livraison: address,
    adresse_facturation: address,
    mode_paiement: 'card',
    avertissement_condition_physique: true,
    avertissement_mineurs: true,
    ...overrides,
  };
}
