/**
 * The dependency arrows run one way: domain ← contracts ← server, app (docs/ARCHITECTURE.md, "Layout"). This
 * test reads every source file of those folders and fails on an import, or a file path written in the code,
 * that points into a folder its layer may not depend on; so server/ never reaches into app/, nor app/ into
 * server/. The package import `#request-context` counts as the file package.json maps it to. Tests under tests/
 * may import both sides.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

const ALLOWED = {
  domain: ['domain'],
  contracts: ['contracts', 'domain'],
  server: ['server', 'contracts', 'domain', 'locales'],
  app: ['app', 'contracts', 'domain', 'locales'],
} as const;
type Layer = keyof typeof ALLOWED;
const TOP_LEVEL = ['app', 'server', 'domain', 'contracts', 'locales'];

const packageImports: Record<string, string> = JSON.parse(
  fs.readFileSync(path.join(root, 'package.json'), 'utf8'),
).imports;

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Relative imports, `import.meta.glob` patterns and file paths, plus package imports (`#…`). */
function referencedPaths(file: string): { written: string; target: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  const relative = [...text.matchAll(/['"`](\.{1,2}\/[^'"`\s]*)['"`]/g)].map((match) => match[1]!);
  const aliased = [...text.matchAll(/['"](#[\w/-]+)['"]/g)].map((match) => match[1]!);
  return [
    ...relative.map((written) => ({ written, target: path.resolve(path.dirname(file), written) })),
    ...aliased
      .filter((written) => packageImports[written])
      .map((written) => ({ written, target: path.resolve(root, packageImports[written]!) })),
  ];
}

function layerOf(target: string): string | undefined {
  const [first] = path.relative(root, target).split(path.sep);
  return TOP_LEVEL.includes(first ?? '') ? first : undefined;
}

function violations(layer: Layer): string[] {
  const allowed: readonly string[] = ALLOWED[layer];
  return sourceFiles(path.join(root, layer)).flatMap((file) =>
    referencedPaths(file)
      .filter(({ target }) => {
        const reached = layerOf(target);
        return reached !== undefined && !allowed.includes(reached);
      })
      .map(({ written }) => `${path.relative(root, file)} → ${written}`),
  );
}

describe.each(Object.keys(ALLOWED) as Layer[])('%s/', (layer) => {
  it(`depends only on ${ALLOWED[layer].join(', ')}`, () => {
    expect(violations(layer)).toEqual([]);
  });
});

it('sees a crossing when there is one (the scan itself works)', () => {
  const target = path.resolve(root, 'server/plugins', '../../app/root.tsx');
  expect(layerOf(target)).toBe('app');
  expect(sourceFiles(path.join(root, 'server')).length).toBeGreaterThan(20);
  expect(referencedPaths(path.join(root, 'server/plugins/pages.ts')).map((entry) => entry.written)).toContain(
    '#request-context',
  );
});
