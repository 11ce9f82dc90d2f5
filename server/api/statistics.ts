/** The ranking in figures (the stats page shows the same numbers). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsSchema } from '../../domain/schemas/statistics.ts';
import type { ApiOptions } from './index.ts';

const statistics: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get(
    '/statistics/count',
    { schema: { tags: ['statistics'], response: { 200: statisticsSchema } } },
    async () => services.statistics.count(),
  );
};

export default statistics;
