import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as cookies from './cookies.ts';

/** Every `.ts` file under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

const defined = Object.entries(cookies)
  .filter(([name]) => name.endsWith('_COOKIE'))
  .map(([, value]) => value as string);
const listed = cookies.SITE_COOKIES.map((cookie) => cookie.name);

describe('the list of the site cookies', () => {
  it('names every cookie defined in contracts/, once', () => {
    expect(defined.length).toBeGreaterThanOrEqual(4);
    expect([...listed].sort()).toEqual([...new Set(defined)].sort());
  });

  it('gives each a lifetime', () => {
    for (const cookie of cookies.SITE_COOKIES) expect(cookie.days).toBeGreaterThan(0);
    expect(cookies.SITE_COOKIES.find((cookie) => cookie.name === 'device')?.days).toBe(365);
  });

  it('is all the server sets: every setCookie names a cookie of contracts/cookies.ts', () => {
    const names = Object.keys(cookies).filter((name) => name.endsWith('_COOKIE'));
    const calls = sources('server').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(?:setCookie|clearCookie)\(\s*([^,\s]+)/g)].map((match) => ({
        file,
        name: match[1]!,
      })),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(names, `${call.file} sets ${call.name}`).toContain(call.name);
  });
});
