/**
 * Phone and postal code judged against the country of the same form. Its own module because the phone rules
 * carry libphonenumber's metadata (tens of KB in the browser): only the forms that ask for an address or a phone
 * load it, not every page that reads a schema (the public ranking, for one).
 */
import { isCountryCode } from '../countries.ts';
import { isValidPhone } from '../phone.ts';
import { isValidPostalCode } from '../postal-code.ts';
import type { FieldIssue } from './common.ts';

/**
 * Phone and postal code checked against the country of the same object. Empty or missing values are left to the
 * fields' own "required" messages; without a valid country, only a number in international form can be judged.
 */
export function contactIssues(
  value: Record<string, unknown>,
  fields: { phone?: string; postalCode?: string; country: string },
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const countryValue = value[fields.country];
  const country = typeof countryValue === 'string' ? countryValue : undefined;
  const knownCountry = isCountryCode(country);
  if (fields.phone !== undefined) {
    const phone = value[fields.phone];
    const judgeable =
      typeof phone === 'string' && phone.trim() !== '' && (knownCountry || phone.trim().startsWith('+'));
    if (judgeable && !isValidPhone(phone, country)) {
      issues.push({ path: [fields.phone], message: 'validation:phone_invalid' });
    }
  }
  if (fields.postalCode !== undefined) {
    const postalCode = value[fields.postalCode];
    const judgeable = typeof postalCode === 'string' && postalCode.trim() !== '' && knownCountry;
    if (judgeable && !isValidPostalCode(postalCode, country)) {
      issues.push({ path: [fields.postalCode], message: 'validation:cp_invalid' });
    }
  }
  return issues;
}
