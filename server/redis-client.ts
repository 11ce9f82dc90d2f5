/**
 * A Redis connection, with ioredis loaded only when one is made: a club without REDIS_URL (one process, or
 * PostgreSQL's own LISTEN/NOTIFY) never needs it (docs/decisions/0059-what-a-process-loads-and-never-uses.md). It
 * is a CommonJS package, so `require` loads it where the client is made and the callers stay synchronous.
 */
import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';

const require = createRequire(import.meta.url);

export type RedisConnection = IORedis.Redis;

export function connectRedis(url: string, options: IORedis.RedisOptions = {}): RedisConnection {
  const { Redis } = require('ioredis') as typeof IORedis;
  return new Redis(url, options);
}
