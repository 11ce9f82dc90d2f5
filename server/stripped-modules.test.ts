import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPPED_MODULES_HOOKS } from './node-flags.ts';

/** Imports `module` in a Node process with the production hooks; says whether Node's type stripper was loaded. */
function loadsTypeStripper(module: string): { loaded: boolean; output: string } {
  const script = `
    const loaded = await import(${JSON.stringify(module)});
    console.log(JSON.stringify({
      loaded: process.moduleLoadList.some((name) => name.includes('amaro')),
      output: String(loaded.answer ?? ''),
    }));
  `;
  const printed = execFileSync(
    process.execPath,
    [`--import=${STRIPPED_MODULES_HOOKS.href}`, '--input-type=module', '--eval', script],
    { encoding: 'utf8', timeout: 60_000 },
  );
  return JSON.parse(printed) as { loaded: boolean; output: string };
}

describe('the stripped modules of the build', () => {
  const changed = path.resolve('build/changed-since-the-build.ts');

  beforeAll(() => {
    execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', 'scripts/strip-types.ts'], {
      timeout: 60_000,
    });
  });
  afterAll(() => fs.rmSync(changed, { force: true }));

  it('are loaded instead of Node stripping the modules itself', () => {
    const result = loadsTypeStripper(path.resolve('server/config.ts'));
    expect(result.loaded).toBe(false);
  });

  it('leave a module changed since the build to Node, which strips and runs it', () => {
    fs.writeFileSync(changed, `export const answer: string = 'stripped by Node ${Date.now()}';\n`);
    const result = loadsTypeStripper(changed);
    expect(result.loaded).toBe(true);
    expect(result.output).toMatch(/^stripped by Node \d+$/);
  });
});
