/**
 * Returned cards and homologations: scanning, deciding one or a batch, reopening a rejected ride, asking for
 * evidence, correcting, cancelling.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { needs } from '../plugins/auth.ts';
import { z } from '../../domain/schemas/zod.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';
import {
  cancellationBody,
  evidenceRequestBody,
  homologationBatchBody,
  homologationBody,
  homologationCorrectionBody,
  rejectionBody,
  scanBody,
} from '../../domain/schemas/admin.ts';
import { text } from '../../domain/schemas/common.ts';
import { CANDIDATE_STATUSES } from '../../domain/statuses.ts';
import { CHALLENGE_IDS } from '../../domain/ventoux.ts';
import { guarded, idParams, person, security, tags } from './admin-shared.ts';

const evidenceRequest = z.object({
  id: z.number().int(),
  message: z.string(),
  asked_by: person.nullable(),
  asked_at: z.string(),
  answered_at: z.string().nullable(),
});

const scanRoute = {
  ...needs('cards.scan'),
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
};

const homologateRoute = {
  ...needs('homologations.decide'),
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
};

const rejectRoute = {
  ...needs('homologations.decide'),
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
};

const reopenRoute = {
  ...needs('homologations.decide'),
  schema: {
    tags,
    security,
    summary: 'Reopen a rejected ride for a new judgement (no mail to the rider)',
    params: idParams,
    response: {
      200: z.object({ statut: z.literal('card_received') }),
      404: errorResponse,
      409: errorResponse,
      ...guarded,
    },
  },
};

const batchRoute = {
  ...needs('homologations.decide'),
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
};

const evidenceRequestRoute = {
  ...needs('homologations.decide'),
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
};

const correctionRoute = {
  ...needs('homologations.decide'),
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
};

const cancellationRoute = {
  ...needs('homologations.decide'),
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
};

/** Scoped under /api/admin by admin.ts, which requires the admin role. */
const adminHomologations: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.post('/scan', scanRoute, async (request) =>
    services.homologations.scan(request.user, request.body.text, { confirm: request.body.confirm }),
  );

  app.post('/candidates/:id/homologate', homologateRoute, async (request) =>
    services.homologations.homologate(request.user, request.params.id, request.body),
  );

  app.post('/candidates/:id/reject', rejectRoute, async (request) => {
    await services.homologations.reject(request.user, request.params.id, request.body.reason);
    return { statut: 'rejected' as const };
  });

  app.post('/candidates/:id/reopen', reopenRoute, async (request) => {
    await services.homologations.reopen(request.user, request.params.id);
    return { statut: 'card_received' as const };
  });

  app.post('/homologations/batch', batchRoute, async (request) =>
    services.homologations.homologateBatch(request.user, request.body, request.headers['idempotency-key']),
  );

  app.post('/candidates/:id/evidence-requests', evidenceRequestRoute, async (request, reply) =>
    reply
      .code(201)
      .send(await services.evidenceRequests.ask(request.user, request.params.id, request.body.message)),
  );

  app.put('/homologations/:id', correctionRoute, async (request) => {
    await services.homologations.correct(request.user, request.params.id, request.body);
    return { corrected: true as const };
  });

  app.post('/homologations/:id/cancel', cancellationRoute, async (request) => {
    await services.homologations.cancel(request.user, request.params.id, request.body.reason);
    return { cancelled: true as const };
  });
};

export default adminHomologations;
