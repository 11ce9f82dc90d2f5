/** The signed-in person's copy of their data (decision 0043). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { requireUser } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const personalData: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get(
    '/me/export',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        security: [{ bearer: [] }],
        description:
          'A ZIP: one JSON file per kind of personal data, the attached rides, and a README in the account language. ' +
          'Data found by email address (laureates, registrations made by others, mail) only once the address is verified.',
        // The ZIP is sent as it is; only the error answers go through a schema.
        response: { 200: z.any(), 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const copy = await services.dataExport.forAccount(request.user);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${copy.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(copy.bytes));
    },
  );
};

export default personalData;
