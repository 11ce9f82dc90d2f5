import { describe, expect, it } from 'vitest';
import { labelsOf } from './labels.ts';

const home = {
  nom: 'Durand',
  prenom: 'Paul',
  adresse: '3 place du Marché',
  complement: '',
  code_postal: '84340',
  ville: 'Malaucène',
  pays: 'fr',
};

describe('labelsOf', () => {
  it('gives one label per address of an order, with the references of the kits it covers', () => {
    expect(
      labelsOf([
        { orderId: 1, address: home, reference: '00000001-01' },
        { orderId: 1, address: { ...home, ville: ' malaucène ' }, reference: '00000001-02' },
        { orderId: 1, address: { ...home, adresse: '9 rue Neuve' }, reference: '00000001-03' },
        { orderId: 2, address: home, reference: '00000002-01' },
      ]),
    ).toEqual([
      { address: home, references: ['00000001-01', '00000001-02'] },
      { address: { ...home, adresse: '9 rue Neuve' }, references: ['00000001-03'] },
      // Another order is another envelope, even to the same address.
      { address: home, references: ['00000002-01'] },
    ]);
  });
});
