import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLAGS_DIRECTORY, createFlagsService } from './flags.ts';

describe('flags.sources', () => {
  it('writes a small flag as a data address holding its picture, and leaves a large one a file', async () => {
    const sources = await createFlagsService().sources(['fr', 'es', 'fr']);
    expect(Object.keys(sources)).toEqual(['fr', 'es']);
    const svg = fs.readFileSync(path.join(FLAGS_DIRECTORY, 'fr.svg'), 'utf8').trim();
    expect(sources.fr).toBe(`data:image/svg+xml,${encodeURIComponent(svg)}`);
    // Spain's coat of arms makes its flag 81 KB: better kept by the browser than repeated in pages.
    expect(sources.es).toBe('/flags/es.svg');
  });

  it('answers an unknown or malformed code with its address, reading nothing outside the flags', async () => {
    const sources = await createFlagsService().sources(['zz', '../package', 'FR']);
    expect(sources).toEqual({
      zz: '/flags/zz.svg',
      '../package': '/flags/../package.svg',
      FR: '/flags/FR.svg',
    });
  });
});
