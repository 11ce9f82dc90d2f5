import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { LAYOUTS_KEPT, layoutsKept } from './pdf-kit.ts';

const require = createRequire(import.meta.url);
const dejaVu = fs.readFileSync(
  path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'),
);
const glyphIds = (run: { glyphs: { id: number }[] }) => run.glyphs.map((glyph) => glyph.id);

describe('the layouts each font keeps', () => {
  it('gives a text laid out before the same run, with the glyphs fontkit itself lays out', () => {
    const font = layoutsKept(fontkit.create(dejaVu));
    const first = font.layout('Cinglé du Ventoux – ﬁn', undefined);
    expect(font.layout('Cinglé du Ventoux – ﬁn', undefined)).toBe(first);
    expect(glyphIds(first)).toEqual(glyphIds(fontkit.create(dejaVu).layout('Cinglé du Ventoux – ﬁn')));
  });

  it('lays a text out again under other features', () => {
    const font = layoutsKept(fontkit.create(dejaVu));
    const plain = font.layout('office', undefined);
    const ligatures = font.layout('office', ['liga']);
    expect(ligatures).not.toBe(plain);
    expect(glyphIds(ligatures)).toEqual(glyphIds(fontkit.create(dejaVu).layout('office', ['liga'])));
  });

  it('keeps a bounded number of layouts', () => {
    const font = layoutsKept(fontkit.create(dejaVu));
    const first = font.layout('0', undefined);
    for (let index = 1; index <= LAYOUTS_KEPT; index++) font.layout(String(index), undefined);
    expect(font.layout('0', undefined)).not.toBe(first);
  });

  it('keeps a text used again while texts drawn once are pushed out', () => {
    const font = layoutsKept(fontkit.create(dejaVu));
    const label = font.layout('Route card', undefined);
    const once = font.layout('drawn once', undefined);
    for (let index = 1; index < LAYOUTS_KEPT; index++) {
      font.layout(String(index), undefined);
      font.layout('Route card', undefined);
    }
    expect(font.layout('Route card', undefined)).toBe(label);
    expect(font.layout('drawn once', undefined)).not.toBe(once);
  });
});
