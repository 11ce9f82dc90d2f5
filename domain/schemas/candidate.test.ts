import { describe, expect, it } from 'vitest';

import { blankCandidate, candidateDraftSchema, candidateFromUser, candidateSchema } from './candidate.ts';
import { fieldErrors } from './common.ts';

const ORDER_DATE = '2025-06-01';

const adult = {
  epreuve: 'cingle',
  civilite: 'm',
  nom: 'Martin',
  prenom: 'Paul',
  email: 'Paul.Martin@example.be',
  portable: '0470 12 34 56',
  date_naissance: '1980-04-12',
  adresse: 'Rue Haute 5',
  complement: '',
  code_postal: '1000',
  ville: 'Bruxelles',
  pays: 'be',
  nationalite: 'be',
  attestation_condition_physique: true,
  attestation_assurance: true,
  autorisation_parentale: false,
  certificat_medical: false,
};

function errorsOf(value: unknown, orderDate = ORDER_DATE) {
  const result = candidateSchema(orderDate).safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

describe('candidateSchema', () => {
  it('accepts an adult with both honour statements', () => {
    const parsed = candidateSchema(ORDER_DATE).parse(adult);
    expect(parsed.email).toBe('paul.martin@example.be');
    expect(parsed.epreuve).toBe('cingle');
  });

  it('defaults the minors statements to false for adults', () => {
    const { autorisation_parentale: _a, certificat_medical: _c, ...withoutMinorFields } = adult;
    expect(candidateSchema(ORDER_DATE).parse(withoutMinorFields).autorisation_parentale).toBe(false);
  });

  it('knows the three challenges', () => {
    for (const epreuve of ['cingle', 'galerien', 'bicingle'])
      expect(errorsOf({ ...adult, epreuve })).toEqual({});
    expect(errorsOf({ ...adult, epreuve: 'tour' })).toEqual({ epreuve: 'validation:epreuve_required' });
    expect(errorsOf({ ...adult, epreuve: '' })).toEqual({ epreuve: 'validation:epreuve_required' });
  });

  it('wants both honour statements ticked', () => {
    expect(
      errorsOf({ ...adult, attestation_condition_physique: false, attestation_assurance: false }),
    ).toEqual({
      attestation_condition_physique: 'validation:attestation_condition_physique_required',
      attestation_assurance: 'validation:attestation_assurance_required',
    });
  });

  it('refuses a candidate under 14 on the day of the order', () => {
    expect(errorsOf({ ...adult, date_naissance: '2011-06-02' })).toEqual({
      date_naissance: 'validation:too_young',
    });
    expect(errorsOf({ ...adult, date_naissance: '2011-06-02' }, '2025-06-02')).not.toHaveProperty(
      'date_naissance',
    );
  });

  it('wants the parental authorisation and the medical certificate from 14 to 17', () => {
    const guardian = { nom: 'Dupont', prenom: 'Marie', email: 'marie.dupont@example.fr' };
    const minor = { ...adult, date_naissance: '2011-06-01', tuteur: guardian };
    expect(errorsOf(minor)).toEqual({
      autorisation_parentale: 'validation:autorisation_parentale_required',
      certificat_medical: 'validation:certificat_medical_required',
    });
    expect(errorsOf({ ...minor, autorisation_parentale: true })).toEqual({
      certificat_medical: 'validation:certificat_medical_required',
    });
    expect(errorsOf({ ...minor, autorisation_parentale: true, certificat_medical: true })).toEqual({});
  });

  it('wants a guardian for a minor, with an address of their own', () => {
    const minor = {
      ...adult,
      date_naissance: '2011-06-01',
      autorisation_parentale: true,
      certificat_medical: true,
    };
    expect(errorsOf(minor)).toEqual({
      'tuteur.nom': 'validation:tuteur_nom_required',
      'tuteur.prenom': 'validation:tuteur_prenom_required',
      'tuteur.email': 'validation:email_invalid',
    });
    expect(
      errorsOf({ ...minor, tuteur: { nom: 'Dupont', prenom: 'Marie', email: adult.email.toUpperCase() } }),
    ).toEqual({
      'tuteur.email': 'validation:tuteur_email_same',
    });
    const parsed = candidateSchema('2025-06-02').parse({
      ...minor,
      tuteur: { nom: ' Dupont ', prenom: 'Marie', email: 'Marie.Dupont@Example.fr' },
    });
    expect(parsed.tuteur).toEqual({ nom: 'Dupont', prenom: 'Marie', email: 'marie.dupont@example.fr' });
  });

  it('keeps no guardian for an adult, whatever the form sent', () => {
    const parsed = candidateSchema('2025-06-02').parse({
      ...adult,
      tuteur: { nom: '', prenom: '', email: '' },
    });
    expect(parsed.tuteur).toBeNull();
  });

  it('does not ask an 18-year-old for them', () => {
    expect(errorsOf({ ...adult, date_naissance: '2007-06-01' })).toEqual({});
    expect(errorsOf({ ...adult, date_naissance: '2007-06-02' })).toHaveProperty('autorisation_parentale');
  });

  it('checks the mobile phone and postal code against the country', () => {
    expect(errorsOf({ ...adult, portable: '0612', code_postal: '84410' })).toEqual({
      portable: 'validation:phone_invalid',
      code_postal: 'validation:cp_invalid',
    });
  });

  it('reports every error of a blank candidate at once', () => {
    expect(errorsOf(blankCandidate())).toEqual({
      epreuve: 'validation:epreuve_required',
      civilite: 'validation:civilite_required',
      nom: 'validation:nom_required',
      prenom: 'validation:prenom_required',
      email: 'validation:email_invalid',
      portable: 'validation:phone_invalid',
      date_naissance: 'validation:date_naissance_required',
      adresse: 'validation:adresse_required',
      code_postal: 'validation:cp_invalid',
      ville: 'validation:ville_required',
      pays: 'validation:pays_required',
      nationalite: 'validation:nationalite_required',
      attestation_condition_physique: 'validation:attestation_condition_physique_required',
      attestation_assurance: 'validation:attestation_assurance_required',
    });
  });

  it('needs a real order date', () => {
    expect(() => candidateSchema('2025-02-30')).toThrow(RangeError);
  });
});

/** The same value for each of the fields: the blank form's texts, selects and boxes each start alike. */
const each = (fields: readonly string[], value: unknown) =>
  Object.fromEntries(fields.map((field) => [field, value]));

describe('blankCandidate', () => {
  it('is empty: empty strings, null selects and date, unticked boxes', () => {
    const blank = blankCandidate();
    expect(blank).toEqual({
      ...each(
        [
          'epreuve',
          'civilite',
          'nom',
          'prenom',
          'email',
          'portable',
          'adresse',
          'complement',
          'code_postal',
          'ville',
        ],
        '',
      ),
      ...each(['date_naissance', 'pays', 'nationalite'], null),
      ...each(
        [
          'attestation_condition_physique',
          'attestation_assurance',
          'autorisation_parentale',
          'certificat_medical',
        ],
        false,
      ),
      tuteur: { nom: '', prenom: '', email: '' },
    });
    expect(candidateDraftSchema.parse(blank)).toEqual(blank);
    expect(blankCandidate()).not.toBe(blank);
  });
});

describe('candidateFromUser', () => {
  it('prefills from the user, nationality from the country of residence', () => {
    const draft = candidateFromUser({
      civilite: 'mme',
      nom: 'Dupont',
      prenom: 'Marie',
      date_naissance: '1985-03-14',
      tel: '0612345678',
      adresse: '1 place de la Mairie',
      complement: 'Bât. B',
      cp: '84410',
      ville: 'Bédoin',
      pays: 'fr',
      nationalite: 'be',
      email: 'marie@example.fr',
    });
    expect(draft).toEqual({
      epreuve: '',
      civilite: 'mme',
      nom: 'Dupont',
      prenom: 'Marie',
      email: 'marie@example.fr',
      portable: '0612345678',
      date_naissance: '1985-03-14',
      adresse: '1 place de la Mairie',
      complement: 'Bât. B',
      code_postal: '84410',
      ville: 'Bédoin',
      pays: 'fr',
      nationalite: 'fr',
      attestation_condition_physique: false,
      attestation_assurance: false,
      autorisation_parentale: false,
      certificat_medical: false,
      tuteur: { nom: '', prenom: '', email: '' },
    });
    expect(candidateDraftSchema.safeParse(draft).success).toBe(true);
  });

  it('leaves missing user fields blank', () => {
    expect(candidateFromUser({ nom: 'Dupont', pays: null, date_naissance: '' })).toEqual({
      ...blankCandidate(),
      nom: 'Dupont',
    });
  });

  it('never copies an unknown birth date: null, the legacy 1970-01-01 or an impossible day', () => {
    for (const date_naissance of [null, '1970-01-01', '2023-02-29', 'not a date']) {
      expect(
        candidateFromUser({ nom: 'Martin', date_naissance }).date_naissance,
        String(date_naissance),
      ).toBeNull();
    }
  });
});
