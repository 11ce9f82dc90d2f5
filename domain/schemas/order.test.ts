import { describe, expect, it } from 'vitest';

import { blankCandidate } from './candidate.ts';
import { fieldErrors } from './common.ts';
import {
  MAX_CANDIDATES_PER_ORDER,
  addressSchema,
  hasMinorCandidate,
  orderSchema,
  priceRequestSchema,
  shippingSchema,
} from './order.ts';

const ORDER_DATE = '2025-06-01';

const candidate = {
  epreuve: 'galerien',
  civilite: 'mme',
  nom: 'Dupont',
  prenom: 'Marie',
  email: 'marie@example.fr',
  portable: '0612345678',
  date_naissance: '1985-03-14',
  adresse: '1 place de la Mairie',
  complement: '',
  code_postal: '84410',
  ville: 'Bédoin',
  pays: 'fr',
  nationalite: 'fr',
  attestation_condition_physique: true,
  attestation_assurance: true,
  autorisation_parentale: false,
  certificat_medical: false,
};
const minor = {
  ...candidate,
  prenom: 'Léa',
  date_naissance: '2009-01-01',
  autorisation_parentale: true,
  certificat_medical: true,
  tuteur: { nom: 'Dupont', prenom: 'Marie', email: 'marie.dupont@example.fr' },
};
const address = {
  nom: 'Dupont',
  prenom: 'Marie',
  adresse: '1 place de la Mairie',
  complement: '',
  code_postal: '84410',
  ville: 'Bédoin',
  pays: 'fr',
};
const order = {
  candidats: [candidate],
  mode_livraison: 'postal',
  date_livraison: '2025-07-10',
  adresse_livraison: address,
  adresse_facturation: address,
  mode_paiement: 'card',
  avertissement_condition_physique: true,
  avertissement_mineurs: false,
};

function errorsOf(value: unknown) {
  const result = orderSchema(ORDER_DATE).safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
}

describe('addressSchema', () => {
  it('accepts an address and checks its postal code against its country', () => {
    expect(addressSchema.parse({ ...address, complement: undefined }).complement).toBe('');
    expect(fieldErrors(addressSchema.safeParse({ ...address, pays: 'nl' }).error!)).toEqual({
      code_postal: 'validation:cp_invalid',
    });
    expect(addressSchema.safeParse({ ...address, pays: 'nl', code_postal: '1012 AB' }).success).toBe(true);
  });
});

describe('priceRequestSchema', () => {
  it('accepts draft candidates, blank or complete', () => {
    expect(priceRequestSchema.safeParse({ candidats: [blankCandidate(), candidate] }).success).toBe(true);
    expect(priceRequestSchema.safeParse({ candidats: [{}] }).success).toBe(true);
  });

  it('wants 1 to 20 candidates', () => {
    expect(fieldErrors(priceRequestSchema.safeParse({ candidats: [] }).error!)).toEqual({
      candidats: 'validation:candidats_min',
    });
    expect(fieldErrors(priceRequestSchema.safeParse({}).error!)).toEqual({
      candidats: 'validation:candidats_min',
    });
    const many = Array.from({ length: MAX_CANDIDATES_PER_ORDER + 1 }, () => blankCandidate());
    expect(fieldErrors(priceRequestSchema.safeParse({ candidats: many }).error!)).toEqual({
      candidats: 'validation:candidats_max',
    });
    expect(priceRequestSchema.safeParse({ candidats: many.slice(1) }).success).toBe(true);
  });

  it('refuses candidates of the wrong shape', () => {
    expect(priceRequestSchema.safeParse({ candidats: ['x'] }).success).toBe(false);
    expect(priceRequestSchema.safeParse({ candidats: [{ nom: 42 }] }).success).toBe(false);
  });
});

describe('orderSchema', () => {
  it('accepts a complete order', () => {
    const parsed = orderSchema(ORDER_DATE).parse(order);
    expect(parsed.candidats).toHaveLength(1);
    expect(parsed.mode_livraison).toBe('postal');
  });

  it('wants 1 to 20 valid candidates, with errors at their index', () => {
    expect(errorsOf({ ...order, candidats: [] })).toEqual({ candidats: 'validation:candidats_min' });
    expect(errorsOf({ ...order, candidats: Array.from({ length: 21 }, () => candidate) })).toEqual({
      candidats: 'validation:candidats_max',
    });
    expect(errorsOf({ ...order, candidats: [candidate, { ...candidate, nom: '' }] })).toEqual({
      'candidats.1.nom': 'validation:nom_required',
    });
  });

  it('wants a delivery mode, a payment mode and a desired delivery date', () => {
    expect(
      errorsOf({ ...order, mode_livraison: 'pigeon', mode_paiement: 'cash', date_livraison: null }),
    ).toEqual({
      mode_livraison: 'validation:mode_livraison_required',
      mode_paiement: 'validation:mode_paiement_required',
      date_livraison: 'validation:date_livraison_required',
    });
    for (const mode_livraison of ['postal', 'email']) {
      expect(errorsOf({ ...order, mode_livraison })).toEqual({});
    }
    expect(errorsOf({ ...order, mode_livraison: 'retrait' })).toEqual({
      point_retrait: 'validation:point_retrait_required',
    });
    expect(errorsOf({ ...order, mode_livraison: 'retrait', point_retrait: 'bedoin' })).toEqual({});
    expect(errorsOf({ ...order, mode_paiement: 'wallet' })).toEqual({});
  });

  it('refuses a delivery date before the order date, but not a close one', () => {
    expect(errorsOf({ ...order, date_livraison: '2025-05-31' })).toEqual({
      date_livraison: 'validation:date_livraison_past',
    });
    expect(errorsOf({ ...order, date_livraison: ORDER_DATE })).toEqual({});
    expect(errorsOf({ ...order, date_livraison: '2025-02-30' })).toEqual({
      date_livraison: 'validation:date_livraison_required',
    });
  });

  it('checks both addresses', () => {
    expect(
      errorsOf({
        ...order,
        adresse_livraison: { ...address, ville: '' },
        adresse_facturation: { ...address, code_postal: 'x' },
      }),
    ).toEqual({
      'adresse_livraison.ville': 'validation:ville_required',
      'adresse_facturation.code_postal': 'validation:cp_invalid',
    });
  });

  it("asks fitness once, of each candidate: the buyer's acknowledgement may be left out, never false", () => {
    const { avertissement_condition_physique: _asked, ...withoutIt } = order;
    expect(orderSchema(ORDER_DATE).parse(withoutIt).avertissement_condition_physique).toBe(true);
    expect(errorsOf({ ...order, avertissement_condition_physique: false })).toEqual({
      avertissement_condition_physique: 'validation:avertissement_condition_physique_required',
    });
    expect(
      errorsOf({ ...order, candidats: [{ ...candidate, attestation_condition_physique: false }] }),
    ).toEqual({
      'candidats.0.attestation_condition_physique': 'validation:attestation_condition_physique_required',
    });
  });

  it('asks no postal address nor date for a delivery by email, and keeps the billing address and the day', () => {
    const {
      adresse_livraison: _address,
      date_livraison: _date,
      ...byEmail
    } = {
      ...order,
      mode_livraison: 'email',
    };
    const parsed = orderSchema(ORDER_DATE).parse(byEmail);
    expect(parsed.adresse_livraison).toEqual(parsed.adresse_facturation);
    expect(parsed.date_livraison).toBe(ORDER_DATE);
    // What a form still holds of them is not judged: the buyer could not see it.
    const stale = { ...order, mode_livraison: 'email', adresse_livraison: { ...address, ville: '' } };
    expect(errorsOf({ ...stale, date_livraison: '2020-01-01' })).toEqual({});
    for (const mode_livraison of ['postal', 'retrait'])
      expect(errorsOf({ ...byEmail, mode_livraison, point_retrait: 'bedoin' })).toEqual({
        adresse_livraison: 'validation:adresse_required',
        date_livraison: 'validation:date_livraison_required',
      });
  });

  it('wants the minors warning acknowledged when a candidate is under 18', () => {
    expect(errorsOf({ ...order, candidats: [candidate, minor] })).toEqual({
      avertissement_mineurs: 'validation:avertissement_mineurs_required',
    });
    expect(errorsOf({ ...order, candidats: [candidate, minor], avertissement_mineurs: true })).toEqual({});
  });

  it('counts ages on the day of the order', () => {
    const turning18 = { ...candidate, date_naissance: '2007-06-02' };
    expect(errorsOf({ ...order, candidats: [turning18] })).toHaveProperty('avertissement_mineurs');
    const result = orderSchema('2025-06-02').safeParse({
      ...order,
      candidats: [turning18],
      date_livraison: '2025-07-10',
    });
    expect(result.success).toBe(true);
  });
});

describe('hasMinorCandidate', () => {
  it('looks at valid dates of birth only', () => {
    expect(hasMinorCandidate([candidate, minor], ORDER_DATE)).toBe(true);
    expect(hasMinorCandidate([candidate], ORDER_DATE)).toBe(false);
    expect(hasMinorCandidate([blankCandidate(), { date_naissance: 'soon' }, null, 3], ORDER_DATE)).toBe(
      false,
    );
    expect(hasMinorCandidate('x', ORDER_DATE)).toBe(false);
  });
});

describe('shippingSchema', () => {
  const { candidats: _candidats, mode_paiement: _mode, ...shipping } = order;

  it('checks the shipping step without candidates or payment mode', () => {
    expect(shippingSchema(ORDER_DATE, false).safeParse(shipping).success).toBe(true);
  });

  it('wants the minors warning when the caller says there is a minor', () => {
    expect(fieldErrors(shippingSchema(ORDER_DATE, true).safeParse(shipping).error!)).toEqual({
      avertissement_mineurs: 'validation:avertissement_mineurs_required',
    });
    expect(
      shippingSchema(ORDER_DATE, true).safeParse({ ...shipping, avertissement_mineurs: true }).success,
    ).toBe(true);
  });

  it('names the missing minors warning on the first try, together with the other missing fields', () => {
    const errors = fieldErrors(
      shippingSchema(ORDER_DATE, true).safeParse({
        ...shipping,
        mode_livraison: undefined,
        avertissement_condition_physique: false,
      }).error!,
    );
    expect(errors).toMatchObject({
      avertissement_mineurs: 'validation:avertissement_mineurs_required',
      avertissement_condition_physique: expect.any(String),
      mode_livraison: expect.any(String),
    });
  });

  it('needs a real order date', () => {
    expect(() => shippingSchema('today', false)).toThrow(RangeError);
    expect(() => orderSchema('today')).toThrow(RangeError);
  });
});
