/** An example phone number for a country, in the form people write it there, to show the expected format. */
import examples from 'libphonenumber-js/mobile/examples';
import { getExampleNumber, isSupportedCountry } from 'libphonenumber-js/max';

export function phoneExample(country: string | null | undefined): string | undefined {
  const code = typeof country === 'string' ? country.toUpperCase() : '';
  if (!isSupportedCountry(code)) return undefined;
  return getExampleNumber(code, examples)?.formatNational();
}
