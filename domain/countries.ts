/**
 * Countries for pays and nationalite: ISO 3166-1 alpha-2 codes in lowercase, with names in the page language.
 *
 * The names come from the i18n-iso-countries data files. Only the six site languages are imported (not the package
 * entry point, which registers about eighty languages on Node and pulls in a diacritics table we do not need), so
 * the browser bundle carries six small JSON files.
 */
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import { LOCALE_TAGS, type Locale } from './locales.ts';

/** Each entry is a name, or a list of names (the library's "official" name first, then aliases). */
type CountryNames = Record<string, string | string[]>;

const NAMES: Record<Locale, CountryNames> = {
  fr: fr.countries,
  gb: en.countries,
  de: de.countries,
  nl: nl.countries,
  es: es.countries,
  it: it.countries,
};

/**
 * The Dutch file lists the formal state name first ("Franse Republiek", "Koninkrijk der Nederlanden") and the name
 * people use second; a select must show the latter. The other languages list the usual name first.
 */
const PREFERS_ALIAS: ReadonlySet<Locale> = new Set<Locale>(['nl']);

/** Shown first in country selects: the countries most riders come from. */
export const PRIORITY_COUNTRIES = ['fr', 'be', 'gb', 'nl', 'de', 'it'] as const;

/** Value of the disabled item between the priority countries and the rest; never a country code. */
export const COUNTRY_SEPARATOR_VALUE = '--';

/** Every known code (lowercase alpha-2), sorted. */
export const COUNTRY_CODES: readonly string[] = Object.keys(en.countries)
  .map((code) => code.toLowerCase())
  .sort();

const COUNTRY_CODE_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** One item of a select (the shape Mantine's Select takes). */
export type CountryOption = { value: string; label: string; disabled?: boolean };

export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && COUNTRY_CODE_SET.has(value);
}

/** The country's name in the locale's language, or undefined for an unknown code. */
export function countryName(code: string, locale: Locale): string | undefined {
  if (!isCountryCode(code)) return undefined;
  const entry = NAMES[locale][code.toUpperCase()];
  if (entry === undefined) return undefined;
  if (typeof entry === 'string') return entry;
  return (PREFERS_ALIAS.has(locale) ? (entry[1] ?? entry[0]) : entry[0]) ?? undefined;
}

const optionsCache = new Map<Locale, readonly CountryOption[]>();

/** Priority countries, a disabled separator, then every other country sorted by name in the locale's collation. */
export function countryOptions(locale: Locale): readonly CountryOption[] {
  const cached = optionsCache.get(locale);
  if (cached) return cached;

  const option = (code: string): CountryOption => ({ value: code, label: countryName(code, locale) ?? code });
  const priority: ReadonlySet<string> = new Set(PRIORITY_COUNTRIES);
  const collator = new Intl.Collator(LOCALE_TAGS[locale]);
  const others = COUNTRY_CODES.filter((code) => !priority.has(code))
    .map(option)
    .sort((a, b) => collator.compare(a.label, b.label));

  const options: readonly CountryOption[] = [
    ...PRIORITY_COUNTRIES.map(option),
    { value: COUNTRY_SEPARATOR_VALUE, label: '──────────', disabled: true },
    ...others,
  ];
  optionsCache.set(locale, options);
  return options;
}
