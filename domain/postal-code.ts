/**
 * Postal codes (cp, code_postal), checked against the country's format where postcode-validator knows one.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/** For countries without a known format: something that looks like a postal code, nothing more. */
const GENERIC_POSTAL_CODE = /^(?=.*[A-Z0-9])[A-Z0-9 -]{2,10}$/;

/**
 * True when `code` is a plausible postal code for `country` (lowercase alpha-2).
 * Input is compared trimmed and in capitals, since people type Dutch and British codes in lowercase.
 */
export function isValidPostalCode(code: unknown, country: string | null | undefined): boolean {
  if (typeof code !== 'string') return false;
  const normalized = code.trim().replace(/\s+/g, ' ').toUpperCase();
  if (normalized === '') return false;
  const library = typeof country === 'string' ? country.toUpperCase() : '';
  // The library also answers for pseudo-codes (UK, INTL) that are not countries; only real two-letter codes count.
  if (/^[A-Z]{2}$/.test(library) && library !== 'UK' && postcodeValidatorExistsForCountry(library)) {
    return postcodeValidator(normalized, library);
  }
  return GENERIC_POSTAL_CODE.test(normalized);
}
