/**
 * The labels an error summary gives the order's fields: the same keys the fields show (candidate-card.tsx,
 * address-fields.tsx, delivery-choices.tsx, the shipping step's acknowledgements), named with the candidate or the
 * address they belong to, since a form holds several of each.
 */
import { addressPathLabel } from './address-fields.tsx';
import { DELIVERY_LABELS } from './delivery-choices.tsx';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The honour statements of a candidate, labelled `order:order.{field}`. */
const STATEMENTS = new Set([
  'attestation_condition_physique',
  'attestation_assurance',
  'autorisation_parentale',
  'certificat_medical',
]);

/** `candidats.1.nom` → "Candidate 2 — Surname"; null for any other path. */
export function candidatePathLabel(path: string, t: Translate): string | null {
  const match = /^candidats\.(\d+)\.([a-z_]+)(?:\.([a-z_]+))?$/.exec(path);
  if (!match) return null;
  const [, index, field, sub] = match as unknown as [string, string, string, string | undefined];
  let label: string;
  if (field === 'tuteur' && sub) label = t(`order:order.guardian.${sub}`);
  else if (sub) return null;
  else if (STATEMENTS.has(field)) label = t(`order:order.${field}`);
  else label = t(`order:fields.${field}`);
  return `${t('order:order.candidate', { number: Number(index) + 1 })} — ${label}`;
}

/** The shipping step's paths: the delivery, its two addresses and the acknowledgements. */
export function shippingPathLabel(path: string, t: Translate): string | null {
  const delivery = DELIVERY_LABELS[path as keyof typeof DELIVERY_LABELS];
  if (delivery) return t(delivery);
  if (path === 'avertissement_condition_physique' || path === 'avertissement_mineurs')
    return t(`order:shipping.${path}`);
  return addressPathLabel(path, t, {
    adresse_livraison: t('order:shipping.deliveryAddress'),
    adresse_facturation: t('order:shipping.billingAddress'),
  });
}
