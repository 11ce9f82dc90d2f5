/**
 * A Redis connection, with ioredis loaded only when one is made: a club without REDIS_URL (one process, or
 * PostgreSQL's own LISTEN/NOTIFY) never needs it, and loading it costs a small server about 14 MB
 * (docs/decisions/0058-paced-load-and-a-young-generation-of-2-mb.md). It is a CommonJS package, so `require` loads
 * it where the client is made and the callers stay synchronous.
 */
import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';

const require = createRequire(import.meta.url);

export type RedisConnection = IORedis.Redis;

export function connectRedis(url: string, options: IORedis.RedisOptions = {}): RedisConnection {
  const { Redis } = require('ioredis') as typeof IORedis;
  return new Redis(url, options);
}
