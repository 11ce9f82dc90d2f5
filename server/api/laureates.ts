/** The public ranking: a page of laureate rows, and one rider's palmarès. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import {
  type LaureatesPage,
  laureatesPageSchema,
  laureatesQuery,
  palmaresSchema,
} from '../../domain/schemas/laureates.ts';
import { idParam } from '../../domain/schemas/common.ts';
import { type Encoding, chooseEncoding, compressOnce } from '../plugins/compression.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

/**
 * The bytes of each page the service keeps (it answers the same object while the page is cached), so a cached
 * page is checked against the response schema, serialized and compressed once, not on every request. Each
 * encoding is kept as its promise: the requests that come while it is being compressed wait for the same one.
 */
interface PageBytes {
  json: Buffer;
  encoded: Map<Encoding, Promise<Buffer | null>>;
}
const pageBytes = new WeakMap<LaureatesPage, PageBytes>();

async function bytesOf(
  page: LaureatesPage,
  encoding: Encoding | null,
): Promise<{ body: Buffer; encoding: Encoding | null }> {
  let bytes = pageBytes.get(page);
  if (bytes === undefined) {
    bytes = { json: Buffer.from(JSON.stringify(laureatesPageSchema.parse(page))), encoded: new Map() };
    pageBytes.set(page, bytes);
  }
  if (encoding === null) return { body: bytes.json, encoding: null };
  let pending = bytes.encoded.get(encoding);
  if (pending === undefined) {
    pending = compressOnce(bytes.json, encoding);
    bytes.encoded.set(encoding, pending);
  }
  const encoded = await pending;
  return encoded ? { body: encoded, encoding } : { body: bytes.json, encoding: null };
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
      const { body, encoding } = await bytesOf(page, chooseEncoding(request.headers['accept-encoding']));
      // Bytes are sent as they are: already checked against the schema, serialized and compressed above.
      reply.type('application/json; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(body as unknown as LaureatesPage);
    },
  );

  app.get(
    '/laureates/:laureateId',
    {
      schema: {
        tags,
        params: z.object({ laureateId: idParam() }),
        response: { 200: palmaresSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => services.laureates.palmares(request.params.laureateId),
  );
};

export default laureates;
