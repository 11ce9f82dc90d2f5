import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs `body` in a Node process of its own, whose module cache no other test has filled, and returns its output. */
function runAlone(body: string): string {
  const script = `
    import { createRequire } from 'node:module';
    import { createRateLimits } from './server/services/platform/rate-limits.ts';
    import { createChangeBus } from './server/change-bus.ts';
    const ioredisLoaded = () =>
      Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/ioredis/'));
    ${body}
  `;
  return execFileSync(process.execPath, ['--input-type=module', '--eval', script], {
    encoding: 'utf8',
    timeout: 30_000,
  }).trim();
}

describe('ioredis', () => {
  it('is not loaded by a process without REDIS_URL', () => {
    const output = runAlone(`
      const limits = createRateLimits({});
      const bus = createChangeBus({});
      console.log(ioredisLoaded());
      limits.close();
      await bus.close();
    `);
    expect(output).toBe('false');
  });

  it('is loaded when a Redis connection is made', () => {
    // lazyConnect-free clients try to connect at once; port 1 refuses, and disconnect() ends the attempts.
    const output = runAlone(`
      const limits = createRateLimits({ redisUrl: 'redis://127.0.0.1:1' });
      console.log(ioredisLoaded());
      limits.close();
    `);
    expect(output).toBe('true');
  });
});
