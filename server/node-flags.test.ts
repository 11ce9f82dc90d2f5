import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  PRODUCTION_ENVIRONMENT,
  PRODUCTION_NODE_FLAGS,
  STRIPPED_MODULES_HOOKS,
  STRIPPED_MODULES_IMPORT,
} from './node-flags.ts';

describe('the flags of the production process', () => {
  it('are the ones npm start gives Node, which the benchmarks use', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
    const environment = Object.entries(PRODUCTION_ENVIRONMENT).map(([name, value]) => `${name}=${value}`);
    expect(scripts.start).toBe(
      `${environment.join(' ')} NODE_ENV=production node ${PRODUCTION_NODE_FLAGS.join(' ')} ${STRIPPED_MODULES_IMPORT} server/main.ts`,
    );
  });

  it('name the same hooks from the project root as by their absolute address', () => {
    const fromRoot = path.resolve(STRIPPED_MODULES_IMPORT.replace('--import=', ''));
    expect(fromRoot).toBe(fileURLToPath(STRIPPED_MODULES_HOOKS));
    expect(fs.existsSync(fromRoot)).toBe(true);
  });
});
