/**
 * The change bus between two "instances" (two buses in this process), on PostgreSQL LISTEN/NOTIFY and on Redis
 * pub/sub (`npm run test:cluster` checks both servers answer before running it).
 */
import { describe, expect, it } from 'vitest';
import {
  type ChangeBus,
  createLocalChangeBus,
  createPostgresChangeBus,
  createRedisChangeBus,
} from '../../server/change-bus.ts';
import { postgresUrl, redisUrl } from '../support/services.ts';

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function twoInstances(make: () => ChangeBus) {
  const publisher = make();
  const listener = make();
  await Promise.all([publisher.ready(), listener.ready()]);
  const heard = { publisher: [] as string[], listener: [] as string[] };
  publisher.subscribe('public-data', () => heard.publisher.push('public-data'));
  listener.subscribe('public-data', () => heard.listener.push('public-data'));
  const unsubscribe = listener.subscribe('other', () => heard.listener.push('other'));
  unsubscribe();

  publisher.publish('public-data');
  // The publisher's own caches are dropped at once, synchronously, and only once (its echo is ignored).
  expect(heard.publisher).toEqual(['public-data']);
  await until(() => heard.listener.length > 0, 'the other instance to hear it');
  publisher.publish('other');
  publisher.publish('public-data');
  await until(() => heard.listener.length > 1, 'the second message');
  expect(heard.listener).toEqual(['public-data', 'public-data']);
  expect(heard.publisher).toEqual(['public-data', 'public-data']);
  await Promise.all([publisher.close(), listener.close()]);
}

describe('change bus', () => {
  it('delivers in process at once', async () => {
    const bus = createLocalChangeBus();
    let heard = 0;
    bus.subscribe('public-data', () => (heard += 1));
    bus.publish('public-data');
    expect(heard).toBe(1);
    await bus.close();
  });

  for (const kind of ['postgres', 'redis'] as const) {
    it(`reaches another instance through ${kind}`, async () => {
      await twoInstances(() =>
        kind === 'postgres' ? createPostgresChangeBus(postgresUrl) : createRedisChangeBus(redisUrl),
      );
    });
  }
});
