/** Every locale is complete: a key present in French is present in every other language, placeholders too. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '../domain/locales.ts';

const directory = import.meta.dirname;

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  if (typeof value === 'string') entries.set(prefix, value);
  else if (Array.isArray(value))
    value.forEach((item, index) => flatten(item, `${prefix}[${index}]`).forEach((v, k) => entries.set(k, v)));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      flatten(item, prefix ? `${prefix}.${key}` : key).forEach((v, k) => entries.set(k, v));
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();
const read = (locale: string, namespace: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(directory, locale, `${namespace}.json`), 'utf8')));

const namespaces = fs
  .readdirSync(path.join(directory, DEFAULT_LOCALE))
  .map((file) => file.replace(/\.json$/, ''));

describe.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))('locale %s', (locale) => {
  it.each(namespaces)('has every key of fr/%s.json with the same placeholders', (namespace) => {
    const file = path.join(directory, locale, `${namespace}.json`);
    expect(fs.existsSync(file), `${file} is missing`).toBe(true);
    const reference = read(DEFAULT_LOCALE, namespace);
    const translated = read(locale, namespace);
    const missing = [...reference.keys()].filter((key) => !translated.has(key));
    expect(missing, `keys missing in ${locale}/${namespace}.json`).toEqual([]);
    for (const [key, text] of reference) {
      expect(placeholders(translated.get(key) ?? ''), `${locale}/${namespace}.json ${key}`).toEqual(
        placeholders(text),
      );
    }
  });

  it('has no namespace that French lacks', () => {
    const files = fs.readdirSync(path.join(directory, locale)).map((file) => file.replace(/\.json$/, ''));
    expect(files.filter((namespace) => !namespaces.includes(namespace))).toEqual([]);
  });
});

it('has a French catalogue for every namespace a page declares', async () => {
  const { PAGES } = await import('../domain/pages.ts');
  const declared = new Set(PAGES.flatMap((page) => page.ns));
  expect([...declared].filter((namespace) => !namespaces.includes(namespace))).toEqual([]);
});
