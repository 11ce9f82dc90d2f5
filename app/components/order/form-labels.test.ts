import { describe, expect, it } from 'vitest';
import { candidatePathLabel, shippingPathLabel } from './form-labels.ts';

/** Answers the key itself, with its values: enough to see which label is chosen. */
const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key}(${Object.values(values).join(',')})` : key;

describe('candidatePathLabel', () => {
  it('names the candidate and the field, as the card shows it', () => {
    expect(candidatePathLabel('candidats.1.nom', t)).toBe('order:order.candidate(2) — order:fields.nom');
    expect(candidatePathLabel('candidats.0.attestation_assurance', t)).toBe(
      'order:order.candidate(1) — order:order.attestation_assurance',
    );
    expect(candidatePathLabel('candidats.0.tuteur.email', t)).toBe(
      'order:order.candidate(1) — order:order.guardian.email',
    );
  });

  it('is null for any other path', () => {
    expect(candidatePathLabel('candidats', t)).toBeNull();
    expect(candidatePathLabel('_form', t)).toBeNull();
    expect(candidatePathLabel('candidats.0.nom.x', t)).toBeNull();
  });
});

describe('shippingPathLabel', () => {
  it('names the delivery fields, the acknowledgements and each address', () => {
    expect(shippingPathLabel('mode_livraison', t)).toBe('order:shipping.mode');
    expect(shippingPathLabel('avertissement_mineurs', t)).toBe('order:shipping.avertissement_mineurs');
    expect(shippingPathLabel('adresse_livraison.ville', t)).toBe(
      'order:shipping.deliveryAddress — order:fields.ville',
    );
    expect(shippingPathLabel('adresse_facturation.pays', t)).toBe(
      'order:shipping.billingAddress — order:fields.pays',
    );
  });

  it('is null for a path the step does not show', () => {
    expect(shippingPathLabel('adresse_livraison.rue', t)).toBeNull();
    expect(shippingPathLabel('candidats.0.nom', t)).toBeNull();
  });
});
