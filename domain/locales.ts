/** The site's languages. `gb` is English (British); the code doubles as the URL prefix and the flag name. */
export const LOCALES = ['fr', 'gb', 'de', 'nl', 'es', 'it'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'fr';
export const FALLBACK_LOCALE: Locale = 'gb';

/** BCP 47 tag for `<html lang>`, `Intl` formatting and `hreflang`. */
export const LOCALE_TAGS: Record<Locale, string> = {
  fr: 'fr-FR',
  gb: 'en-GB',
  de: 'de-DE',
  nl: 'nl-NL',
  es: 'es-ES',
  it: 'it-IT',
};

/** Language names written in their own language, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  fr: 'Français',
  gb: 'English',
  de: 'Deutsch',
  nl: 'Nederlands',
  es: 'Español',
  it: 'Italiano',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The one locale fallback: `value` when it names a site language, otherwise `fallback` (the club's French unless the
 * caller says otherwise, e.g. `FALLBACK_LOCALE` for text a reader of any language must understand).
 */
export function localeOr(value: unknown, fallback: Locale = DEFAULT_LOCALE): Locale {
  return isLocale(value) ? value : fallback;
}
