/** The admin API: every route in this scope requires the admin role, checked on the server. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import {
  adminCandidatesQuery,
  adminCsvQuery,
  candidateIdsBody,
  downloadQuery,
  homologationBody,
  cancellationBody,
  evidenceRequestBody,
  homologationBatchBody,
  homologationCorrectionBody,
  paperConsentBody,
  rejectionBody,
  scanBody,
} from '../../domain/schemas/admin.ts';
import { idParam, text } from '../../domain/schemas/common.ts';
import { EVIDENCE_STATES } from '../../domain/evidence.ts';
import { trackFlagSchema } from '../../domain/schemas/track.ts';
import { fileName } from '../../domain/file-names.ts';
import type { Locale } from '../../domain/locales.ts';
import { translator } from '../i18n.ts';
import { CANDIDATE_STATUSES } from '../../domain/statuses.ts';
import { CHALLENGE_IDS } from '../../domain/ventoux.ts';
import { requireAdmin } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  nom: z.string(),
  prenom: z.string(),
  president: z.boolean(),
  createdAt: z.string(),
});

const person = z.object({ id: z.number().int(), name: z.string() });

const listItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  epreuve: z.string(),
  created_at: z.string(),
  date_livraison: z.string().nullable(),
  mode_livraison: z.string().nullable(),
  point_retrait: z.string().nullable(),
  statut: z.string(),
  ville: z.string(),
  pays: z.string(),
  rejectionReason: z.string().nullable(),
  rejectedBy: person.nullable(),
  homologation: z
    .object({
      id: z.number().int(),
      numero: z.number().int(),
      epreuve: z.string(),
      date_passage: z.string().nullable(),
      diploma_code: z.string(),
      homologateur: person.extend({ president: z.boolean() }).nullable(),
    })
    .nullable(),
  evidence: z
    .object({
      state: z.enum(EVIDENCE_STATES),
      card_received_at: z.string().nullable(),
      track: z
        .object({
          verdict: z.string(),
          source: z.enum(['file', 'strava']),
          day: z.string().nullable(),
          flags: z.array(trackFlagSchema),
        })
        .nullable(),
      request: z.object({ asked_at: z.string(), answered_at: z.string().nullable() }).nullable(),
    })
    .optional(),
});

const evidenceRequest = z.object({
  id: z.number().int(),
  message: z.string(),
  asked_by: person.nullable(),
  asked_at: z.string(),
  answered_at: z.string().nullable(),
});

const dashboardResponse = z.object({
  counts: z.object({
    traitements: z.number(),
    email: z.number(),
    retrait: z.number(),
    in_progress: z.number(),
    evidence_answered: z.number(),
    cancellation_requests: z.number(),
  }),
  season: z.object({
    from: z.string(),
    to: z.string(),
    orders: z.number(),
    revenueCents: z.number(),
    currency: z.string(),
    money: z.object({ inCents: z.number(), outCents: z.number(), netCents: z.number() }),
  }),
  laureatesTotal: z.number(),
  monthly: z.array(z.object({ month: z.string(), registrations: z.number(), homologations: z.number() })),
  latestActions: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      entity: z.string(),
      entityId: z.string(),
      reference: z.string().nullable(),
      actor: person.nullable(),
      createdAt: z.string(),
    }),
  ),
});

const idParams = z.object({ id: idParam() });

/** A downloaded file's name in the admin's language (`admin:files.*`), or the English one API clients know. */
const downloadName = (
  lang: Locale | undefined,
  fallback: string,
  title: (t: ReturnType<typeof translator>) => string,
  extension: 'csv' | 'pdf',
) => (lang ? fileName(title(translator(lang, 'admin')), extension) : fallback);
const pdf = (
  reply: {
    type: (value: string) => { header: (name: string, value: string) => { send: (body: Buffer) => unknown } };
  },
  file: Uint8Array,
  name: string,
) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${name}"`)
    .send(Buffer.from(file));

const admin: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const guarded = { 401: errorResponse, 403: errorResponse };

  app.get(
    '/admin-users',
    { schema: { tags, security, response: { 200: z.array(adminUser), ...guarded } } },
    async () => services.accounts.listAdmins(),
  );

  app.get(
    '/dashboard',
    { schema: { tags, security, response: { 200: dashboardResponse, ...guarded } } },
    async (request) => services.admin.dashboard(request.user),
  );

  app.get(
    '/candidates',
    {
      schema: {
        tags,
        security,
        querystring: adminCandidatesQuery,
        response: {
          200: z.object({
            items: z.array(listItem),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
          400: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) => services.admin.listCandidates(request.user, request.query),
  );

  app.get(
    '/candidates.csv',
    {
      schema: {
        tags,
        security,
        querystring: adminCsvQuery,
        response: { 200: z.string(), 400: errorResponse, ...guarded },
      },
    },
    async (request, reply) => {
      const { list, lang } = request.query;
      const csv = await services.admin.exportCsv(request.user, request.query);
      const name = downloadName(lang, `candidates-${list}.csv`, (t) => t(`lists.${list}.title`), 'csv');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  app.get(
    '/candidates/:id',
    {
      schema: {
        tags,
        security,
        params: idParams,
        response: { 200: z.any(), 404: errorResponse, ...guarded },
      },
    },
    async (request) => services.admin.candidateDetail(request.user, request.params.id),
  );

  app.post(
    '/candidates/processed',
    {
      schema: {
        tags,
        security,
        body: candidateIdsBody,
        response: { 200: z.object({ updated: z.number() }), 400: errorResponse, ...guarded },
      },
    },
    async (request) => ({ updated: await services.admin.markProcessed(request.user, request.body.ids) }),
  );

  app.post(
    '/candidates/send-documents',
    {
      schema: {
        tags,
        security,
        body: candidateIdsBody,
        response: { 200: z.object({ queued: z.number() }), 400: errorResponse, ...guarded },
      },
    },
    async (request) => ({ queued: await services.admin.sendDocuments(request.user, request.body.ids) }),
  );

  app.post(
    '/candidates/labels',
    {
      schema: {
        tags,
        security,
        querystring: downloadQuery,
        body: candidateIdsBody,
        response: { 200: z.any(), 400: errorResponse, ...guarded },
      },
    },
    async (request, reply) =>
      pdf(
        reply,
        await services.admin.labels(request.user, request.body.ids),
        downloadName(request.query.lang, 'labels.pdf', (t) => t('files.labels'), 'pdf'),
      ),
  );

  app.post(
    '/print-jobs',
    {
      schema: {
        tags,
        security,
        body: candidateIdsBody,
        response: { 202: z.object({ jobId: z.string(), total: z.number() }), 400: errorResponse, ...guarded },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await services.printJobs.start(request.user, request.body.ids)),
  );

  app.get(
    '/print-jobs/:jobId',
    {
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
    },
    async (request) => services.printJobs.status(request.user, request.params.jobId),
  );

  app.get(
    '/print-jobs/:jobId/file',
    {
      schema: {
        tags,
        security,
        params: z.object({ jobId: z.uuid() }),
        querystring: downloadQuery,
        response: { 200: z.any(), 400: errorResponse, 404: errorResponse, 409: errorResponse, ...guarded },
      },
    },
    async (request, reply) => {
      const job = await services.printJobs.file(request.user, request.params.jobId);
      if (!job.file)
        return reply
          .code(409)
          .send({ error: { code: 'conflict', message: 'The print job is not finished' } });
      const name = downloadName(
        request.query.lang,
        `route-cards-${job.total}.pdf`,
        (t) => t('files.routeCards', { count: job.total }),
        'pdf',
      );
      return pdf(reply, job.file, name);
    },
  );

  app.post(
    '/scan',
    {
      schema: {
        tags,
        security,
        body: scanBody,
        response: {
          200: z.object({
            candidateId: z.number(),
            reference: z.string(),
            statut: z.literal('card_received'),
            previous: z.enum(CANDIDATE_STATUSES),
            nom: z.string(),
            prenom: z.string(),
            epreuve: z.enum(CHALLENGE_IDS),
          }),
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) =>
      services.homologations.scan(request.user, request.body.text, { confirm: request.body.confirm }),
  );

  app.post(
    '/candidates/:id/homologate',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: homologationBody,
        response: {
          200: z.object({ homologationId: z.number(), numero: z.number(), laureateId: z.number() }),
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) => services.homologations.homologate(request.user, request.params.id, request.body),
  );

  app.post(
    '/candidates/:id/reject',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: rejectionBody,
        response: {
          200: z.object({ statut: z.literal('rejected') }),
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) => {
      await services.homologations.reject(request.user, request.params.id, request.body.reason);
      return { statut: 'rejected' as const };
    },
  );

  app.post(
    '/candidates/:id/guardian-consent',
    {
      schema: {
        tags,
        security,
        summary: "Record a guardian's consent received on paper, with a note",
        params: idParams,
        body: paperConsentBody,
        response: { 204: z.null(), 400: errorResponse, 404: errorResponse, 409: errorResponse, ...guarded },
      },
    },
    async (request, reply) => {
      await services.guardianConsents.recordPaperConsent(
        request.params.id,
        request.user!.id,
        request.body.note,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/homologations/batch',
    {
      schema: {
        tags,
        security,
        summary: "Homologate returned cards at once, each on its ride's day unless given",
        headers: z.looseObject({ 'idempotency-key': text().min(8).max(100).optional() }),
        body: homologationBatchBody,
        response: {
          200: z.object({
            results: z.array(
              z.object({
                candidate_id: z.number().int(),
                status: z.enum(['homologated', 'skipped', 'refused']),
                numero: z.number().int().optional(),
                code: z.string().optional(),
              }),
            ),
          }),
          400: errorResponse,
          409: errorResponse,
          422: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) =>
      services.homologations.homologateBatch(request.user, request.body, request.headers['idempotency-key']),
  );

  app.post(
    '/candidates/:id/evidence-requests',
    {
      schema: {
        tags,
        security,
        summary: 'Ask the rider for more evidence (a ride to attach or replace)',
        params: idParams,
        body: evidenceRequestBody,
        response: {
          201: evidenceRequest,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          ...guarded,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await services.evidenceRequests.ask(request.user, request.params.id, request.body.message)),
  );

  app.put(
    '/homologations/:id',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: homologationCorrectionBody,
        response: {
          200: z.object({ corrected: z.literal(true) }),
          400: errorResponse,
          404: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) => {
      await services.homologations.correct(request.user, request.params.id, request.body);
      return { corrected: true as const };
    },
  );

  app.post(
    '/homologations/:id/cancel',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: cancellationBody,
        response: {
          200: z.object({ cancelled: z.literal(true) }),
          400: errorResponse,
          404: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) => {
      await services.homologations.cancel(request.user, request.params.id, request.body.reason);
      return { cancelled: true as const };
    },
  );
};

export default admin;
