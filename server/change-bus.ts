/**
 * The change bus: "something changed" messages that every instance of the site hears, so that each can drop what
 * it keeps in memory (ranking pages, totals, home teaser, statistics, and any cache that subscribes later).
 *
 * - Redis pub/sub when REDIS_URL is set;
 * - PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set (and no Redis);
 * - in process otherwise: the embedded database serves one process only.
 *
 * A message names a topic and carries no data: subscribers reread the database. The publisher's own handlers run
 * at once (a change is visible to the next request of the same instance); others hear it within milliseconds. When
 * a listening connection is lost and comes back, every handler runs once, since messages may have been missed.
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { connectRedis } from './redis-client.ts';

export interface ChangeBus {
  /** Tells every instance (this one first) that `topic` changed. Never throws: a lost message is logged. */
  publish(topic: string): void;
  /** Runs `handler` on each change of `topic`; returns the unsubscribe function. */
  subscribe(topic: string, handler: () => void): () => void;
  /** Resolves once the bus listens (immediately for the in-process bus). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The channel name, in PostgreSQL and in Redis. */
export const CHANGE_CHANNEL = 'cv_changes';
const RECONNECT_MS = 1000;

type Warn = (message: string) => void;

/** Local delivery, shared by every kind of bus. */
function localHandlers() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const topics = new Set<string>();
  return {
    subscribe(topic: string, handler: () => void) {
      topics.add(topic);
      emitter.on(topic, handler);
      return () => void emitter.off(topic, handler);
    },
    emit(topic: string) {
      emitter.emit(topic);
    },
    emitAll() {
      for (const topic of topics) emitter.emit(topic);
    },
  };
}

export function createLocalChangeBus(): ChangeBus {
  const local = localHandlers();
  return {
    publish: (topic) => local.emit(topic),
    subscribe: local.subscribe,
    ready: async () => {},
    close: async () => {},
  };
}

interface Message {
  topic: string;
  from: string;
}

function parseMessage(text: string | undefined): Message | null {
  try {
    const value = JSON.parse(text ?? '') as Partial<Message>;
    return typeof value.topic === 'string' && typeof value.from === 'string'
      ? { topic: value.topic, from: value.from }
      : null;
  } catch {
    return null;
  }
}

/** The common part of the networked buses: local delivery, own messages ignored, a reconnect replays all. */
function networkedBus(options: {
  send: (payload: string) => Promise<unknown>;
  start: (onMessage: (text: string | undefined) => void, onReconnect: () => void) => Promise<void>;
  stop: () => Promise<void>;
  warn: Warn;
}): ChangeBus {
  const local = localHandlers();
  const instance = crypto.randomUUID();
  const started = options.start(
    (text) => {
      const message = parseMessage(text);
      if (message && message.from !== instance) local.emit(message.topic);
    },
    () => local.emitAll(),
  );
  // A failed first connection is reported by ready(); keep the process alive meanwhile.
  started.catch(() => {});
  return {
    publish(topic) {
      local.emit(topic);
      options
        .send(JSON.stringify({ topic, from: instance } satisfies Message))
        .catch((error: unknown) =>
          options.warn(`change not published (${topic}): ${(error as Error).message}`),
        );
    },
    subscribe: local.subscribe,
    ready: () => started,
    close: options.stop,
  };
}

/** LISTEN on one dedicated connection (reopened when lost); NOTIFY through any connection of the pool. */
export function createPostgresChangeBus(databaseUrl: string, warn: Warn = console.warn): ChangeBus {
  const publisher = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  publisher.on('error', () => {});
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  return networkedBus({
    warn,
    send: (payload) => publisher.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]),
    start(onMessage, onReconnect) {
      const connect = async (isReconnect: boolean): Promise<void> => {
        const client = new pg.Client({ connectionString: databaseUrl });
        client.on('notification', (notification) => onMessage(notification.payload));
        client.on('error', () => {});
        client.on('end', () => {
          if (closed || listener !== client) return;
          listener = null;
          warn('change bus: PostgreSQL listening connection lost; reconnecting');
          const again = () => {
            connect(true).catch(() => {
              if (!closed) retry = setTimeout(again, RECONNECT_MS);
            });
          };
          retry = setTimeout(again, RECONNECT_MS);
        });
        await client.connect();
        await client.query(`LISTEN ${CHANGE_CHANNEL}`);
        if (closed) {
          await client.end();
          return;
        }
        listener = client;
        if (isReconnect) onReconnect();
      };
      return connect(false);
    },
    async stop() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      await Promise.allSettled([client?.end(), publisher.end()]);
    },
  });
}

/** SUBSCRIBE needs a connection of its own; ioredis reconnects both by itself. */
export function createRedisChangeBus(redisUrl: string, warn: Warn = console.warn): ChangeBus {
  const publisher = connectRedis(redisUrl, { maxRetriesPerRequest: 1 });
  const subscriber = connectRedis(redisUrl);
  for (const connection of [publisher, subscriber]) connection.on('error', () => {});
  return networkedBus({
    warn,
    send: (payload) => publisher.publish(CHANGE_CHANNEL, payload),
    async start(onMessage, onReconnect) {
      subscriber.on('message', (_channel: string, text: string) => onMessage(text));
      await subscriber.subscribe(CHANGE_CHANNEL);
      // Registered once connected, so it fires on reconnects only: ioredis subscribes again by itself, but what
      // was said meanwhile is lost.
      subscriber.on('ready', onReconnect);
    },
    async stop() {
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  });
}

/** The bus the configuration calls for. */
export function createChangeBus(
  config: { redisUrl?: string; databaseUrl?: string },
  warn: Warn = console.warn,
): ChangeBus {
  if (config.redisUrl) return createRedisChangeBus(config.redisUrl, warn);
  if (config.databaseUrl) return createPostgresChangeBus(config.databaseUrl, warn);
  return createLocalChangeBus();
}
