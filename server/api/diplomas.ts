/**
 * Diplomas (decision 0033). Public: `GET /diplomas/{code}` (what the check page shows, with the signed statement)
 * and `GET /diplomas/{code}/statement` (that statement as a file). For the laureate and administrators:
 * `GET /homologations/{id}/diploma` (the PDF); anyone else gets 404, as for an unknown id.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { CHALLENGE_IDS } from '../../domain/ventoux.ts';
import { diplomaCheckPath } from '../../domain/diploma.ts';
import { LOCALES, localeOr } from '../../domain/locales.ts';
import { idParam } from '../../domain/schemas/common.ts';
import { notFound } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const codeParams = z.object({ code: z.string().max(100) });

const diplomaResponse = z.object({
  code: z.string(),
  status: z.enum(['valid', 'revoked']),
  name: z.string(),
  epreuve: z.enum(CHALLENGE_IDS),
  numero: z.number().int(),
  date_passage: z.string().nullable(),
  homologated_at: z.string(),
  revoked_at: z.string().nullable(),
  check_url: z.string(),
  /** Compact JWS (EdDSA) of these facts; verify it with the keys of `/.well-known/jwks.json`. */
  jws: z.string(),
});

const diplomas: FastifyPluginAsyncZod<ApiOptions> = async (app, { services, config }) => {
  const tags = ['diplomas'];

  app.get(
    '/diplomas/:code',
    {
      schema: {
        tags,
        params: codeParams,
        querystring: z.object({ lang: z.enum(LOCALES).optional() }),
        response: { 200: diplomaResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const diploma = await services.diplomas.check(request.params.code);
      if (!diploma) throw notFound('No such diploma');
      // Read again on every request: a cancellation or a correction shows at once.
      reply.header('cache-control', 'no-cache');
      return {
        ...diploma,
        check_url: `${config.publicUrl}${diplomaCheckPath(localeOr(request.query.lang), diploma.code)}`,
      };
    },
  );

  app.get(
    '/diplomas/:code/statement',
    {
      schema: {
        tags,
        params: codeParams,
        response: { 200: z.string(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const diploma = await services.diplomas.check(request.params.code);
      if (!diploma) throw notFound('No such diploma');
      return reply
        .type('application/jwt')
        .header('cache-control', 'no-cache')
        .header(
          'content-disposition',
          `attachment; filename="diploma-${diploma.epreuve}-${diploma.numero}.jwt"`,
        )
        .send(diploma.jws);
    },
  );

  app.get(
    '/homologations/:id/diploma',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: z.object({ id: idParam() }),
        querystring: z.object({ lang: z.enum(LOCALES).optional() }),
        // The PDF is sent as it is; only the error answers go through a schema.
        response: { 200: z.any(), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { bytes, filename } = await services.diplomas.pdf(
        request.params.id,
        user,
        localeOr(request.query.lang, localeOr(user.locale)),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-cache')
        .send(Buffer.from(bytes));
    },
  );
};

export default diplomas;
