/**
 * The electronic route card (issue 43): `GET /candidates/{id}/stamps` (the buyer, the president, the desk) and
 * `POST /candidates/{id}/stamps` (the buyer's phone sending what it stamped, idempotent by each stamp's
 * `client_id`). The rules and who may are the service's (services/rides/stamps.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTROL_IDS } from '../../domain/route-card/controls.ts';
import { STAMP_FLAGS, STAMP_REFUSALS } from '../../domain/route-card/stamp-checks.ts';
import { idParam } from '../../domain/schemas/common.ts';
import { stampsBody } from '../../domain/schemas/stamps.ts';
import { z } from '../../domain/schemas/zod.ts';
import { ROAD_IDS } from '../../domain/ventoux.ts';
import { CHALLENGE_IDS } from '../../domain/ventoux.ts';
import { requireUser } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const STAMP_STATUSES = ['accepted', 'refused'] as const;

const routeCard = z.object({
  candidate_id: z.number().int(),
  epreuve: z.enum(CHALLENGE_IDS),
  open: z.boolean(),
  controls: z.array(
    z.object({
      id: z.enum(CONTROL_IDS),
      road: z.enum(ROAD_IDS as [string, ...string[]]).nullable(),
      kind: z.enum(['foot', 'summit', 'road']),
      lat: z.number(),
      lon: z.number(),
      radius_m: z.number(),
    }),
  ),
  expected: z.array(z.enum(CONTROL_IDS)),
  stamps: z.array(
    z.object({
      id: z.number().int(),
      client_id: z.string(),
      control: z.string(),
      at: z.string(),
      received_at: z.string(),
      lat: z.number().nullable(),
      lon: z.number().nullable(),
      accuracy_m: z.number().nullable(),
      status: z.enum(STAMP_STATUSES),
      code: z.enum(STAMP_REFUSALS).nullable(),
      flags: z.array(z.enum(STAMP_FLAGS)),
    }),
  ),
  complete: z.boolean(),
});

const stampsSent = z.object({
  results: z.array(
    z.object({
      client_id: z.string(),
      status: z.enum(STAMP_STATUSES),
      code: z.enum(STAMP_REFUSALS).optional(),
    }),
  ),
  complete: z.boolean(),
});

const stamps: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  const params = z.object({ id: idParam() });

  app.get(
    '/candidates/:id/stamps',
    {
      onRequest: requireUser,
      schema: {
        tags: ['route card'],
        summary:
          "A registration's route card: its controls, where a stamp counts now, the stamps received (the buyer, the president, the desk)",
        params,
        response: { 200: routeCard, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => services.stamps.routeCard(request.params.id, request.user!),
  );

  app.post(
    '/candidates/:id/stamps',
    {
      onRequest: requireUser,
      schema: {
        tags: ['route card'],
        summary:
          'Send stamps taken on the phone (the buyer): each answered accepted or refused with a code; a stamp sent again answers what it was',
        params,
        body: stampsBody,
        response: { 200: stampsSent, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => services.stamps.send(request.params.id, request.user!, request.body),
  );
};

export default stamps;
