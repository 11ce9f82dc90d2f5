/** Probes: `/health` says the process is alive, `/ready` that the database answers. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import type { DatabaseHandle } from '../db/client.ts';

const status = z.object({ status: z.enum(['ok', 'unavailable']) });

const health: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get('/health', { schema: { hide: true, response: { 200: status } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    { schema: { hide: true, response: { 200: status, 503: status } } },
    async (request, reply) => {
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
