/**
 * `GET /documents/{id}`: a route card or frame plate PDF, for its buyer or an admin; anyone else gets 404. The buyer
 * of a minor whose guardian has not confirmed yet gets 409 `awaiting_consent`.
 */
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { idParam } from '../../domain/schemas/common.ts';
import { requireUser } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const documents: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get(
    '/documents/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['documents'],
        security: [{ bearer: [] }],
        params: z.object({ id: idParam() }),
        // The PDF is streamed as it is; only the error answers go through a schema.
        response: { 200: z.any(), 401: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const document = await services.documents.open(request.params.id, request.user!);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${document.filename}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(fs.createReadStream(document.file));
    },
  );
};

export default documents;
