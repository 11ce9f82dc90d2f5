import { describe, expect, it } from 'vitest';
import { addDays, today } from '../../../domain/dates.ts';
import { blankCandidate, candidateDraftSchema } from '../../../domain/schemas/candidate.ts';
import { orderSchema } from '../../../domain/schemas/order.ts';
import {
  candidatesFromForm,
  EMPTY_ADDRESS,
  addressFromUser,
  candidateAgeCategory,
  draftHasMinor,
  fromCandidateValues,
  orderRequest,
  readCandidate,
  readDraft,
  sameAddress,
  stepOfField,
  toCandidateValues,
} from './draft.ts';

const address = {
  nom: 'Martin',
  prenom: 'Paul',
  adresse: '12 route du Mont Ventoux',
  complement: '',
  code_postal: '84410',
  ville: 'Bédoin',
  pays: 'fr',
};

const rider = {
  ...blankCandidate(),
  epreuve: 'cingle' as const,
  civilite: 'm' as const,
  nom: 'Martin',
  prenom: 'Paul',
  email: 'paul@example.com',
  portable: '0612345678',
  date_naissance: '1979-04-12',
  adresse: '12 route du Mont Ventoux',
  code_postal: '84410',
  ville: 'Bédoin',
  pays: 'fr',
  nationalite: 'fr',
  attestation_condition_physique: true,
  attestation_assurance: true,
};

describe('readDraft', () => {
  it('reads no draft as an empty one', () => {
    expect(readDraft(null)).toEqual({ candidats: [] });
    expect(readDraft('nonsense')).toEqual({ candidats: [] });
  });

  it('completes partial candidates and drops values of the wrong type', () => {
    const [candidate] = readDraft({
      candidats: [
        { nom: 'Martin', epreuve: 'everest', civilite: 'dr', attestation_assurance: 'yes', pays: 'fr' },
      ],
    }).candidats;
    expect(candidate).toEqual({ ...blankCandidate(), nom: 'Martin', pays: 'fr' });
    expect(candidateDraftSchema.safeParse(candidate).success).toBe(true);
  });

  it('keeps the delivery choices it knows and ignores the rest', () => {
    const draft = readDraft({
      candidats: [rider],
      mode_livraison: 'pigeon',
      date_livraison: '2030-05-01',
      point_retrait: 'bedoin',
      adresse_livraison: { ...address, pays: 42 },
      mode_paiement: 'wallet',
      avertissement_condition_physique: true,
      extra: 'ignored',
    });
    expect(draft).toEqual({
      candidats: [rider],
      date_livraison: '2030-05-01',
      point_retrait: 'bedoin',
      adresse_livraison: { ...address, pays: '' },
      mode_paiement: 'wallet',
    });
  });

  it('reads a candidate that is not an object as a blank one', () => {
    expect(readCandidate(7)).toEqual(blankCandidate());
  });
});

describe('candidate values', () => {
  it('turns the nulls of a blank candidate into empty inputs and back', () => {
    const values = toCandidateValues(blankCandidate());
    expect(values.date_naissance).toBe('');
    expect(values.pays).toBe('');
    expect(values.nationalite).toBe('');
    expect(fromCandidateValues(values)).toEqual(blankCandidate());
    expect(JSON.stringify(fromCandidateValues(values))).toBe(JSON.stringify(blankCandidate()));
  });

  it('keeps chosen values', () => {
    expect(fromCandidateValues(toCandidateValues(rider))).toEqual(rider);
  });
});

describe('addresses', () => {
  it('takes the delivery address from the account (cp is code_postal there)', () => {
    expect(
      addressFromUser({
        nom: 'Martin',
        prenom: 'Paul',
        adresse: '12 route du Mont Ventoux',
        cp: '84410',
        ville: 'Bédoin',
        pays: 'fr',
        complement: null,
      }),
    ).toEqual(address);
    expect(addressFromUser({})).toEqual(EMPTY_ADDRESS);
  });

  it('compares addresses field by field', () => {
    expect(sameAddress(address, { ...address })).toBe(true);
    expect(sameAddress(address, { ...address, ville: 'Sault' })).toBe(false);
  });
});

describe('ages', () => {
  it('says nothing until the date of birth is a real past date', () => {
    expect(candidateAgeCategory('', '2026-06-01')).toBeNull();
    expect(candidateAgeCategory('2026-02-30', '2026-06-01')).toBeNull();
    expect(candidateAgeCategory('2026-06-01', '2026-06-01')).toBeNull();
  });

  it('tells too young, minor and adult apart on the order date', () => {
    expect(candidateAgeCategory('2012-06-02', '2026-06-01')).toBe('too_young');
    expect(candidateAgeCategory('2012-06-01', '2026-06-01')).toBe('minor');
    expect(candidateAgeCategory('2008-06-01', '2026-06-01')).toBe('adult');
  });

  it('finds a minor among the candidates', () => {
    expect(draftHasMinor({ candidats: [rider] }, '2026-06-01')).toBe(false);
    expect(
      draftHasMinor({ candidats: [rider, { ...rider, date_naissance: '2010-01-01' }] }, '2026-06-01'),
    ).toBe(true);
  });
});

describe('orderRequest', () => {
  const draft = {
    candidats: [rider],
    mode_livraison: 'email' as const,
    date_livraison: addDays(today(), 20),
    point_retrait: 'bedoin',
    adresse_livraison: address,
    adresse_facturation: address,
  };

  it('is an order the API schema accepts, without a pick-up point unless one is wanted', () => {
    const body = orderRequest(draft, 'card');
    expect(body).not.toHaveProperty('point_retrait');
    expect(body.avertissement_mineurs).toBe(false);
    expect(orderSchema(today()).safeParse(body).success).toBe(true);
  });

  it('names the pick-up point for a pick-up', () => {
    expect(orderRequest({ ...draft, mode_livraison: 'retrait' }, 'wallet')).toMatchObject({
      point_retrait: 'bedoin',
      mode_paiement: 'wallet',
    });
  });

  it('sends the page that can fix a field', () => {
    expect(stepOfField('candidats.1.nom')).toBe('order');
    expect(stepOfField('adresse_livraison.ville')).toBe('shipping');
    expect(stepOfField('avertissement_mineurs')).toBe('shipping');
  });
});

describe('candidatesFromForm', () => {
  it('reads the posted fields in the order of their candidates, ticked boxes as true, the rest as blank', () => {
    const candidats = candidatesFromForm({
      'candidats.1.nom': 'Durand',
      'candidats.0.nom': 'Martin',
      'candidats.0.epreuve': 'cingle',
      'candidats.0.attestation_assurance': 'true',
      'candidats.0.date_naissance': '',
      'candidats.0.pays': 'fr',
      intent: 'continue',
    });
    expect(candidats.map((candidate) => candidate.nom)).toEqual(['Martin', 'Durand']);
    expect(candidats[0]).toMatchObject({
      epreuve: 'cingle',
      attestation_assurance: true,
      attestation_condition_physique: false,
      date_naissance: null,
      pays: 'fr',
    });
    expect(candidateDraftSchema.safeParse(candidats[1]).success).toBe(true);
  });

  it('ignores unknown challenges, other names and more candidates than an order holds', () => {
    const candidats = candidatesFromForm({
      'candidats.0.epreuve': 'tour-de-france',
      'candidats.0.role': 'admin',
      'candidats.99.nom': 'Too many',
      'candidats.0.nom.x': 'nested',
    });
    expect(candidats).toHaveLength(1);
    expect(candidats[0]!.epreuve).toBe('');
    expect(candidats[0]).not.toHaveProperty('role');
  });
});
