import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { personalDataKinds } from './registry.ts';

const kinds = personalDataKinds(parseConfig({}).retention);
const catalogue = JSON.parse(fs.readFileSync('locales/fr/privacy.json', 'utf8')) as {
  data: { kinds: Record<string, Record<string, string>> };
};

describe('the personal-data registry', () => {
  it('declares each kind once', () => {
    const ids = kinds.map((kind) => kind.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(kinds.map((kind) => [kind.id, kind] as const))(
    '%s has its name, purpose and keeping on the privacy page, and says what its file holds',
    (id, kind) => {
      const texts = catalogue.data.kinds[id];
      expect(texts?.name).toBeTruthy();
      expect(texts?.purpose).toBeTruthy();
      const period = 'period' in kind.retention && kind.retention.period !== 'expiry';
      // A period the club can set is said from the setting, never written into the text.
      expect(texts?.keep?.includes('{{period}}')).toBe(period);
      expect(Boolean(texts?.copy)).toBe(Boolean(kind.copy));
    },
  );

  it('copies only what is tied to a person, and deletes only by a rule', () => {
    for (const kind of kinds) {
      if (kind.copy) expect(kind.owner.length).toBeGreaterThan(0);
      if ('purge' in kind.retention) expect(kind.retention.period).toBeTruthy();
    }
  });
});
