/**
 * The change bus between two "instances" (two buses in this process), on PostgreSQL LISTEN/NOTIFY and on Redis
 * pub/sub; skipped, saying so, when the server is unreachable.
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  type ChangeBus,
  createLocalChangeBus,
  createPostgresChangeBus,
  createRedisChangeBus,
} from '../../server/change-bus.ts';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(kind: 'postgres' | 'redis'): Promise<boolean> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
    return client.connect().then(
      () => client.end().then(() => true),
      () => false,
    );
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  return redis.connect().then(
    () => (redis.disconnect(), true),
    () => (redis.disconnect(), false),
  );
}

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
    it(`reaches another instance through ${kind}`, async (context) => {
      if (!(await reachable(kind))) {
        process.stderr.write(`\n[change bus] SKIPPED: ${kind} unreachable\n`);
        context.skip();
      }
      await twoInstances(() =>
        kind === 'postgres' ? createPostgresChangeBus(postgresUrl) : createRedisChangeBus(redisUrl),
      );
    });
  }
});
