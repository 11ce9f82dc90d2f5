/** The admin lists of candidates, their CSV export, a candidate's file, and a guardian's consent received on paper. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPermission } from '../../domain/permissions.ts';
import { needs, needsFor } from '../plugins/auth.ts';
import { z } from '../../domain/schemas/zod.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';
import { adminCandidatesQuery, adminCsvQuery, paperConsentBody } from '../../domain/schemas/admin.ts';
import { ACTIVITY_PROVIDERS } from '../../domain/activity-providers.ts';
import { EVIDENCE_STATES } from '../../domain/evidence.ts';
import { CONTROL_IDS } from '../../domain/route-card/controls.ts';
import { STAMP_FLAGS } from '../../domain/route-card/stamp-checks.ts';
import { trackFlagSchema } from '../../domain/schemas/track.ts';
import { downloadName, guarded, idParams, person, security, tags } from './admin-shared.ts';

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
          source: z.enum(['file', ...ACTIVITY_PROVIDERS]),
          day: z.string().nullable(),
          flags: z.array(trackFlagSchema),
        })
        .nullable(),
      stamps: z
        .object({
          complete: z.boolean(),
          count: z.number().int(),
          expected: z.array(z.enum(CONTROL_IDS)),
          flags: z.array(z.enum(STAMP_FLAGS)),
          day: z.string(),
        })
        .nullable(),
      request: z.object({ asked_at: z.string(), answered_at: z.string().nullable() }).nullable(),
    })
    .optional(),
  cancellation_request: z.object({ id: z.number().int(), asked_at: z.string() }).nullable(),
});

/** The list asked for names the permission: the homologation lists are the president's (domain/permissions.ts). */
const listOfQuery = (request: FastifyRequest) =>
  listPermission(String((request.query as { list?: unknown } | undefined)?.list ?? ''));

const candidateListRoute = {
  ...needsFor(listOfQuery),
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
};

const candidateCsvRoute = {
  ...needsFor(listOfQuery),
  schema: {
    tags,
    security,
    querystring: adminCsvQuery,
    response: { 200: z.string(), 400: errorResponse, ...guarded },
  },
};

const candidateFileRoute = {
  ...needs('registrations.read'),
  schema: {
    tags,
    security,
    params: idParams,
    response: { 200: z.any(), 404: errorResponse, ...guarded },
  },
};

const paperConsentRoute = {
  ...needs('registrations.process'),
  schema: {
    tags,
    security,
    summary: "Record a guardian's consent received on paper, with a note",
    params: idParams,
    body: paperConsentBody,
    response: { 204: z.null(), 400: errorResponse, 404: errorResponse, 409: errorResponse, ...guarded },
  },
};

/** Scoped under /api/admin by admin.ts, which requires the admin role. */
const adminCandidates: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get('/candidates', candidateListRoute, async (request) =>
    services.admin.listCandidates(request.user, request.query),
  );

  app.get('/candidates.csv', candidateCsvRoute, async (request, reply) => {
    const { list, lang } = request.query;
    const csv = await services.admin.exportCsv(request.user, request.query);
    const name = downloadName(lang, `candidates-${list}.csv`, (t) => t(`lists.${list}.title`), 'csv');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(csv);
  });

  app.get('/candidates/:id', candidateFileRoute, async (request) =>
    services.admin.candidateDetail(request.user, request.params.id),
  );

  app.post('/candidates/:id/guardian-consent', paperConsentRoute, async (request, reply) => {
    await services.guardianConsents.recordPaperConsent(
      request.params.id,
      request.user!.id,
      request.body.note,
    );
    return reply.code(204).send(null);
  });
};

export default adminCandidates;
