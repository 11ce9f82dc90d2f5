import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENVIRONMENT, PRODUCTION_NODE_FLAGS } from './node-flags.ts';

describe('the flags of the production process', () => {
  it('are the ones npm start gives Node, which the benchmarks use', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
    const environment = Object.entries(PRODUCTION_ENVIRONMENT).map(([name, value]) => `${name}=${value}`);
    expect(scripts.start).toBe(
      `${environment.join(' ')} NODE_ENV=production node ${PRODUCTION_NODE_FLAGS.join(' ')} server/main.ts`,
    );
  });
});
