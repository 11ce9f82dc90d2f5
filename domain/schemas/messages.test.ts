// Every message key the domain can produce must exist, with the same keys, in the six validation catalogues.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ERROR_MESSAGE_KEYS } from '../errors.ts';
import { LOCALES } from '../locales.ts';

const domainDir = join(import.meta.dirname, '..');
const localesDir = join(domainDir, '..', 'locales');

/** The catalogue with nested groups flattened to dotted keys ('form.title'). */
function catalogue(locale: string): Record<string, string> {
  const flat: Record<string, string> = {};
  const visit = (value: unknown, prefix: string) => {
    if (typeof value === 'string') flat[prefix] = value;
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, prefix ? `${prefix}.${key}` : key);
    }
  };
  visit(JSON.parse(readFileSync(join(localesDir, locale, 'validation.json'), 'utf8')), '');
  return flat;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const usedKeys = new Set(
  sourceFiles(domainDir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/'validation:([a-z0-9_]+)'/g)].map((match) => match[1] ?? ''),
  ),
);

describe('validation messages', () => {
  it('finds the keys used by the domain', () => {
    expect(usedKeys.size).toBeGreaterThan(30);
    expect(usedKeys).toContain('phone_invalid');
  });

  it.each(LOCALES)('%s has every key used by the domain and the error codes', (locale) => {
    const messages = catalogue(locale);
    const errorKeys = Object.values(ERROR_MESSAGE_KEYS).map((key) => key.replace('validation:', ''));
    for (const key of [...usedKeys, ...errorKeys]) expect(messages[key], `${locale}: ${key}`).toBeTruthy();
  });

  it.each(LOCALES)('%s has the same keys and interpolations as gb', (locale) => {
    const reference = catalogue('gb');
    const messages = catalogue(locale);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(reference)) {
      const variables = (value: string) =>
        [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
      expect(variables(messages[key] ?? ''), `${locale}: ${key}`).toEqual(variables(text));
    }
  });

  it('keeps the texts the specification gives', () => {
    const gb = catalogue('gb');
    expect(gb.generic).toBe('Required fields are empty or incorrect.');
    expect(gb.invalid_credentials).toBe('Incorrect email address or password.');
    expect(gb.wrong_current_password).toBe('Check the current password and try again.');
    expect(gb.order_price_error).toBe('Error preparing the order, please retry later.');
    expect(gb.text_not_valid).toBe('Text not valid');
    expect(gb.rate_limited).toContain('{{seconds}}');
    expect(gb.earliest_postal_date).toContain('{{date}}');
  });
});
