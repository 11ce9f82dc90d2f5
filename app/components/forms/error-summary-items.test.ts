import { describe, expect, it } from 'vitest';
import { fieldId, summaryItems } from './error-summary-items.ts';

describe('fieldId', () => {
  it('is a stable id an address fragment can name, for nested paths too', () => {
    expect(fieldId('email')).toBe('field-email');
    expect(fieldId('candidats.0.nom')).toBe('field-candidats-0-nom');
    expect(fieldId('adresse_livraison.code_postal')).toBe('field-adresse_livraison-code_postal');
  });

  it('is scoped when a page holds two forms with the same field', () => {
    expect(fieldId('password', 'password')).toBe('password-field-password');
    expect(summaryItems({ email: 'x' }, () => 'Email', [], 'profile')[0]?.href).toBe('#profile-field-email');
  });
});

describe('summaryItems', () => {
  const labels: Record<string, string> = { nom: 'Surname', prenom: 'First name', email: 'Email address' };
  const label = (path: string) => labels[path] ?? null;

  it('lists each field at fault with its label, link and message, in the form order', () => {
    const items = summaryItems(
      { email: 'validation:email_invalid', nom: 'validation:nom_required' },
      label,
      Object.keys(labels),
    );
    expect(items).toEqual([
      { path: 'nom', href: '#field-nom', label: 'Surname', message: 'validation:nom_required' },
      { path: 'email', href: '#field-email', label: 'Email address', message: 'validation:email_invalid' },
    ]);
  });

  it('drops the full stop that ends a statement, as a link names it', () => {
    const items = summaryItems({ ok: 'validation:x' }, () => 'I certify that the rider is fit.');
    expect(items[0]?.label).toBe('I certify that the rider is fit');
  });

  it('keeps the order given when no form order is known', () => {
    const items = summaryItems({ email: 'a', nom: 'b' }, label);
    expect(items.map((item) => item.path)).toEqual(['email', 'nom']);
  });

  it('leaves out fields the form does not show, the form-wide error and cleared errors', () => {
    const items = summaryItems(
      { _form: 'validation:generic', unknown: 'x', prenom: null, nom: '', email: undefined },
      label,
    );
    expect(items).toEqual([]);
  });
});
