import { describe, expect, it } from 'vitest';
import { isValidPhone } from '../../../domain/phone.ts';
import { phoneExample } from './phone-example.ts';

describe('phoneExample', () => {
  it('gives a number written the way the country writes it, which the form accepts', () => {
    for (const country of ['fr', 'be', 'gb', 'nl', 'de', 'it', 'es']) {
      const example = phoneExample(country);
      expect(example, country).toBeTruthy();
      expect(isValidPhone(example, country), `${country}: ${example}`).toBe(true);
    }
    expect(phoneExample('fr')).toMatch(/^0\d( \d\d){4}$/);
  });

  it('gives nothing for an unknown or missing country', () => {
    expect(phoneExample('zz')).toBeUndefined();
    expect(phoneExample('')).toBeUndefined();
    expect(phoneExample(undefined)).toBeUndefined();
  });
});
