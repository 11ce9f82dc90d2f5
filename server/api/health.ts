/**
 * Probes: `/health` says the process is alive, `/ready` that it takes traffic: the database answers and the
 * instance is not draining before a stop (server/lifecycle.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Lifecycle } from '../lifecycle.ts';

const status = z.object({ status: z.enum(['ok', 'unavailable']) });

const health: FastifyPluginAsyncZod<{ database: DatabaseHandle; lifecycle: Lifecycle }> = async (
  app,
  { database, lifecycle },
) => {
  app.get('/health', { schema: { hide: true, response: { 200: status } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    { schema: { hide: true, response: { 200: status, 503: status } } },
    async (request, reply) => {
      if (lifecycle.draining) return reply.code(503).send({ status: 'unavailable' as const });
      try {
        await database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};

export default health;
