/**
 * The PostgreSQL and Redis servers the cluster tests run against: their addresses (TEST_DATABASE_URL and
 * TEST_REDIS_URL, default the local ports), and whether both answer. `npm run test:cluster`
 * (scripts/test-cluster.ts) asks before it runs those tests, so the tests themselves never skip.
 */
import { Redis } from 'ioredis';
import pg from 'pg';

export const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why the servers cannot be used, or null when both answer. */
export async function unreachableServices(): Promise<string | null> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    return `PostgreSQL at ${new URL(postgresUrl).host} unreachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `Redis at ${redisUrl} unreachable (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
  return null;
}
