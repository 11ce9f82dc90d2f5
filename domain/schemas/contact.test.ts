import { describe, expect, it } from 'vitest';
import { contactIssues } from './contact.ts';

describe('contactIssues', () => {
  const fields = { phone: 'tel', postalCode: 'cp', country: 'pays' };

  it('checks phone and postal code against the country', () => {
    expect(contactIssues({ tel: '0612345678', cp: '84410', pays: 'fr' }, fields)).toEqual([]);
    expect(contactIssues({ tel: '0612', cp: '8441', pays: 'fr' }, fields)).toEqual([
      { path: ['tel'], message: 'validation:phone_invalid' },
      { path: ['cp'], message: 'validation:cp_invalid' },
    ]);
  });

  it('leaves empty values to the fields and judges only international numbers without a country', () => {
    expect(contactIssues({ tel: '', cp: '', pays: 'fr' }, fields)).toEqual([]);
    expect(contactIssues({ tel: '0612', cp: '8441', pays: null }, fields)).toEqual([]);
    expect(contactIssues({ tel: '+33 0612', cp: '8441', pays: null }, fields)).toEqual([
      { path: ['tel'], message: 'validation:phone_invalid' },
    ]);
  });
});
