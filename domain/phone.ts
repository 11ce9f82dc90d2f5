/**
 * Phone numbers (tel, portable): validation by the country of the address, and E.164 normalisation for storage.
 *
 * Uses libphonenumber-js with its "max" metadata (about 40 kB gzipped, 20 kB more than "min"): the "min" metadata
 * only checks lengths, so it accepts numbers such as "123456" in Germany or any 9-digit Belgian number, which the
 * form is meant to catch. "mobile" would reject landlines, which riders give too.
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** The library's country code for ours (lowercase alpha-2), when it knows the country's numbering plan. */
function numberingCountry(countryCode: string | null | undefined): CountryCode | undefined {
  if (typeof countryCode !== 'string') return undefined;
  const upper = countryCode.toUpperCase();
  return isSupportedCountry(upper) ? upper : undefined;
}

function parse(number: string, countryCode: string | null | undefined) {
  const text = number.trim();
  if (text === '') return undefined;
  // A number written in international form carries its own country, so the address country does not matter.
  const country = text.startsWith('+') ? undefined : numberingCountry(countryCode);
  if (!text.startsWith('+') && country === undefined) return undefined;
  // extract: false so that text around a number ("tel: 06...") is refused rather than silently dropped; an
  // extension is refused too, because E.164 cannot store it.
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  return parsed?.isValid() && parsed.ext === undefined ? parsed : undefined;
}

/** True when `number` is a valid phone number: in international form (+..) for any country, else for `countryCode`. */
export function isValidPhone(number: unknown, countryCode: string | null | undefined): boolean {
  return typeof number === 'string' && parse(number, countryCode) !== undefined;
}

/** The number in E.164 form (+33612345678), or null when it is not valid. */
export function normalizePhone(number: unknown, countryCode: string | null | undefined): string | null {
  if (typeof number !== 'string') return null;
  return parse(number, countryCode)?.number ?? null;
}
