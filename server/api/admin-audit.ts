/** The audit log (issue 42): a page of it, and the same as a CSV. Scoped under /api/admin by admin.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuery } from '../../domain/schemas/audit.ts';
import { z } from '../../domain/schemas/zod.ts';
import { needs } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';
import { guarded, security, tags } from './admin-shared.ts';

const auditPage = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      entity: z.string(),
      entity_id: z.string(),
      actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
      created_at: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
  next: z.number().int().nullable(),
});

const adminAudit: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get(
    '/audit',
    {
      ...needs('audit.read'),
      schema: {
        tags,
        security,
        summary:
          'The audit log, newest first, 50 entries a page: by person (`actor`, an address), kind of act, days (Paris ' +
          'time); `next` is the `before` of the older page',
        querystring: auditQuery,
        response: { 200: auditPage, 400: errorResponse, ...guarded },
      },
    },
    async (request) => services.auditLog.list(request.user, request.query),
  );

  app.get(
    '/audit.csv',
    {
      ...needs('audit.read'),
      schema: {
        tags,
        security,
        summary: 'The entries the same filters keep, as a CSV in `lang` (English without)',
        querystring: auditQuery,
        response: { 200: z.string(), 400: errorResponse, ...guarded },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(await services.auditLog.csv(request.user, request.query)),
  );
};

export default adminAudit;
