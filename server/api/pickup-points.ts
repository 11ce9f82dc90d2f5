/** The pick-up points a buyer may choose (retired ones left out), their hours in the reader's language (issue 47). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOCALES, localeOr } from '../../domain/locales.ts';
import { z } from '../../domain/schemas/zod.ts';
import type { ApiOptions } from './index.ts';

const pickupPoint = z.object({ id: z.string(), name: z.string(), address: z.string(), hours: z.string() });

const pickupPoints: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get(
    '/pickup-points',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The pick-up points offered, with their hours written in `lang` (else the i18n cookie, else French)',
        querystring: z.object({ lang: z.enum(LOCALES).optional() }),
        response: { 200: z.array(pickupPoint) },
      },
    },
    async (request) => services.orders.pickupPoints(localeOr(request.query.lang ?? request.cookies.i18n)),
  );
};

export default pickupPoints;
