/** Every catalogue of locales/, bundled into the server build: the server renders any page in any language. */
import type { Resource } from 'i18next';
import { LOCALES } from '../../domain/locales.ts';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const SERVER_RESOURCES: Resource = {};
for (const locale of LOCALES) SERVER_RESOURCES[locale] = {};
for (const [file, catalogue] of Object.entries(files)) {
  const [, locale = '', namespace = ''] = /\/locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(file) ?? [];
  const forLocale = SERVER_RESOURCES[locale];
  if (forLocale) forLocale[namespace] = catalogue;
}
