/**
 * Translations on the server outside React (emails, documents): the same catalogues as the pages, read once
 * from the top-level locales/ folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type Resource, type TFunction } from 'i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale, localeOr } from '../domain/locales.ts';

const localesDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

function readCatalogues(): Resource {
  const resources: Resource = {};
  for (const locale of LOCALES) {
    const catalogues: Resource[string] = {};
    resources[locale] = catalogues;
    for (const file of fs.readdirSync(path.join(localesDirectory, locale))) {
      const namespace = file.replace(/\.json$/, '');
      catalogues[namespace] = JSON.parse(fs.readFileSync(path.join(localesDirectory, locale, file), 'utf8'));
    }
  }
  return resources;
}

let instance: typeof i18next | undefined;

function serverI18n() {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources: readCatalogues(),
      lng: FALLBACK_LOCALE,
      fallbackLng: FALLBACK_LOCALE,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return instance;
}

/** A translation function fixed to one language (an unknown language falls back to English). */
export function translator(locale: string, namespace = 'common'): TFunction {
  const language: Locale = localeOr(locale, FALLBACK_LOCALE);
  return serverI18n().getFixedT(language, namespace);
}
