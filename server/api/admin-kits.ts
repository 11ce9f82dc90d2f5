/**
 * The volunteers' batch actions on kits: processed, documents emailed again, address labels, and print jobs. The
 * last three refuse a minor's kit still waiting for their guardian: 409 `awaiting_consent`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs } from '../plugins/auth.ts';
import { z } from '../../domain/schemas/zod.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';
import { candidateIdsBody, downloadQuery } from '../../domain/schemas/admin.ts';
import { downloadName, guarded, pdf, security, tags } from './admin-shared.ts';

const markProcessedRoute = {
  ...needs('registrations.process'),
  schema: {
    tags,
    security,
    body: candidateIdsBody,
    response: { 200: z.object({ updated: z.number() }), 400: errorResponse, ...guarded },
  },
};

const sendDocumentsRoute = {
  ...needs('registrations.process'),
  schema: {
    tags,
    security,
    body: candidateIdsBody,
    response: { 200: z.object({ queued: z.number() }), 400: errorResponse, 409: errorResponse, ...guarded },
  },
};

const labelsRoute = {
  ...needs('registrations.process'),
  schema: {
    tags,
    security,
    querystring: downloadQuery,
    body: candidateIdsBody,
    response: { 200: z.any(), 400: errorResponse, 409: errorResponse, ...guarded },
  },
};

const printJobStartRoute = {
  ...needs('registrations.process'),
  schema: {
    tags,
    security,
    body: candidateIdsBody,
    response: {
      202: z.object({ jobId: z.string(), total: z.number() }),
      400: errorResponse,
      409: errorResponse,
      ...guarded,
    },
  },
};

const printJobStatusRoute = {
  ...needs('registrations.process'),
  schema: {
    tags,
    security,
    params: z.object({ jobId: z.uuid() }),
    response: {
      200: z.object({
        status: z.enum(['running', 'done', 'failed']),
        done: z.number(),
        total: z.number(),
      }),
      404: errorResponse,
      ...guarded,
    },
  },
};

const printJobFileRoute = {
  ...needs('registrations.process'),
  schema: {
    tags,
    security,
    params: z.object({ jobId: z.uuid() }),
    querystring: downloadQuery,
    response: { 200: z.any(), 400: errorResponse, 404: errorResponse, 409: errorResponse, ...guarded },
  },
};

/** Scoped under /api/admin by admin.ts, which requires the admin role. */
const adminKits: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.post('/candidates/processed', markProcessedRoute, async (request) => ({
    updated: await services.admin.markProcessed(request.user, request.body.ids),
  }));

  app.post('/candidates/send-documents', sendDocumentsRoute, async (request) => ({
    queued: await services.admin.sendDocuments(request.user, request.body.ids),
  }));

  app.post('/candidates/labels', labelsRoute, async (request, reply) =>
    pdf(
      reply,
      await services.admin.labels(request.user, request.body.ids, request.query.lang),
      downloadName(request.query.lang, 'labels.pdf', (t) => t('files.labels'), 'pdf'),
    ),
  );

  app.post('/print-jobs', printJobStartRoute, async (request, reply) =>
    reply.code(202).send(await services.printJobs.start(request.user, request.body.ids)),
  );

  app.get('/print-jobs/:jobId', printJobStatusRoute, async (request) =>
    services.printJobs.status(request.user, request.params.jobId),
  );

  app.get('/print-jobs/:jobId/file', printJobFileRoute, async (request, reply) => {
    const job = await services.printJobs.file(request.user, request.params.jobId);
    if (!job.file)
      return reply.code(409).send({ error: { code: 'conflict', message: 'The print job is not finished' } });
    const name = downloadName(
      request.query.lang,
      `route-cards-${job.total}.pdf`,
      (t) => t('files.routeCards', { count: job.total }),
      'pdf',
    );
    return pdf(reply, job.file, name);
  });
};

export default adminKits;
