import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  INLINE_STYLESHEET_MAX_BYTES,
  buildStylesheetReader,
  inlineSmallStylesheets,
} from './inline-stylesheets.server.ts';

const page = (links: string) => `<html><head>${links}</head><body><main>Text</main></body></html>`;
const link = (name: string) => `<link rel="stylesheet" href="/assets/${name}"/>`;

describe('inlineSmallStylesheets', () => {
  const files: Record<string, string> = {
    '/assets/page-a1.css': '.page{color:red}',
    '/assets/root-b2.css': `.x{}${'a'.repeat(INLINE_STYLESHEET_MAX_BYTES)}`,
    '/assets/odd-c3.css': '.y{content:"</style><script>"}',
  };
  const read = (href: string) => files[href];

  it('writes a small stylesheet into the page in the place of its link', () => {
    const html = inlineSmallStylesheets(page(link('root-b2.css') + link('page-a1.css')), read);
    expect(html).toBe(page(`${link('root-b2.css')}<style>.page{color:red}</style>`));
  });

  it('keeps the link of a large stylesheet, of a file it cannot read, and of one that would close the element', () => {
    const links = link('root-b2.css') + link('missing-d4.css') + link('odd-c3.css');
    expect(inlineSmallStylesheets(page(links), read)).toBe(page(links));
  });

  it('leaves links outside the build assets alone', () => {
    const other = '<link rel="stylesheet" href="https://example.org/x.css"/>';
    expect(inlineSmallStylesheets(page(other), () => '.z{}')).toBe(page(other));
  });
});

describe('buildStylesheetReader', () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-inline-css-'));
  fs.mkdirSync(path.join(directory, 'assets'));
  fs.writeFileSync(path.join(directory, 'assets/page-a1.css'), '.page{}');
  fs.writeFileSync(path.join(directory, 'secret.css'), '.secret{}');
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

  it('reads a stylesheet of the build once and keeps its text', () => {
    const read = buildStylesheetReader(directory);
    expect(read('/assets/page-a1.css')).toBe('.page{}');
    fs.writeFileSync(path.join(directory, 'assets/page-a1.css'), '.changed{}');
    expect(read('/assets/page-a1.css')).toBe('.page{}');
  });

  it('reads nothing outside the assets folder', () => {
    const read = buildStylesheetReader(directory);
    expect(read('/assets/../secret.css')).toBeUndefined();
    expect(read('/assets/none.css')).toBeUndefined();
  });
});
