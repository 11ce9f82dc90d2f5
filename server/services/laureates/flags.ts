/**
 * The flag pictures: flag-icons' 4:3 SVGs, served under `/flags/` (server/app.ts). A page showing many countries
 * (the ranking) writes the small ones into itself as data addresses: most flags are a few hundred bytes, less
 * than the headers of their own request, and a ranking of ten countries then paints its flags with the page
 * instead of opening ten requests behind it (docs/decisions/0041-pages-without-scripts.md). The few large ones (a
 * coat of arms drawn in full: Spain's is 81 KB) stay files the browser keeps.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { flagFile } from '../../../contracts/flags.ts';

const require = createRequire(import.meta.url);
export const FLAGS_DIRECTORY = path.join(
  path.dirname(require.resolve('flag-icons/package.json')),
  'flags/4x3',
);
const INLINE_MAX_BYTES = 1024;
const COUNTRY_CODE = /^[a-z]{2}$/;

export function createFlagsService() {
  // The files do not change while the server runs: each code is read once.
  const known = new Map<string, Promise<string>>();

  async function sourceOf(code: string): Promise<string> {
    const file = flagFile(code);
    if (!COUNTRY_CODE.test(code)) return file;
    try {
      const svg = await fs.readFile(path.join(FLAGS_DIRECTORY, `${code}.svg`), 'utf8');
      return Buffer.byteLength(svg) <= INLINE_MAX_BYTES
        ? `data:image/svg+xml,${encodeURIComponent(svg.trim())}`
        : file;
    } catch {
      return file; // No such flag: its address answers 404, as it always did.
    }
  }

  return {
    /** The picture's address of each country code: a data address for a small flag, else its file. */
    async sources(codes: Iterable<string>): Promise<Record<string, string>> {
      const unique = [...new Set(codes)];
      for (const code of unique) if (!known.has(code)) known.set(code, sourceOf(code));
      return Object.fromEntries(
        await Promise.all(unique.map(async (code) => [code, await known.get(code)!])),
      );
    },
  };
}
