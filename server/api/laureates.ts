/** The public ranking: a page of laureate rows, and one rider's palmarès. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  type LaureatesPage,
  laureatesPageSchema,
  laureatesQuery,
  palmaresSchema,
} from '../../domain/schemas/laureates.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

/**
 * The JSON of each page the service keeps (it answers the same object while the page is cached), so a cached
 * page is checked against the response schema and serialized once, not on every request.
 */
const serializedPages = new WeakMap<LaureatesPage, Buffer>();

function serialized(page: LaureatesPage): Buffer {
  let json = serializedPages.get(page);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(laureatesPageSchema.parse(page)));
    serializedPages.set(page, json);
  }
  return json;
}

const laureates: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  const tags = ['laureates'];

  app.get(
    '/laureates',
    {
      schema: {
        tags,
        description:
          'One row per homologation. `sort` names a column, with a leading `-` for descending order; `q` searches names and towns, accents ignored.',
        querystring: laureatesQuery,
        response: { 200: laureatesPageSchema, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const page = await services.laureates.list(request.query);
      // Bytes are sent as they are: already checked against the schema and serialized above.
      return reply.type('application/json; charset=utf-8').send(serialized(page) as unknown as LaureatesPage);
    },
  );

  app.get(
    '/laureates/:laureateId',
    {
      schema: {
        tags,
        params: z.object({ laureateId: z.coerce.number().int().positive() }),
        response: { 200: palmaresSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => services.laureates.palmares(request.params.laureateId),
  );
};

export default laureates;
