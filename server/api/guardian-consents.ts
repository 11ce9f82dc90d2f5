/**
 * A minor's guardian answers by the emailed link (anyone holding it: the link is the proof), and the buyer sends
 * the link again (services/registrations/guardian-consents.ts). A link that never existed is 404; one used or expired 410.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { idParam } from '../../domain/schemas/common.ts';
import { guardianDecisionSchema, guardianTokenParams } from '../../domain/schemas/guardian-consent.ts';
import { CHALLENGE_IDS } from '../../domain/ventoux.ts';
import { notFound } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const decision = z.enum(['confirmed', 'refused']);

const consentView = z.object({
  state: z.enum(['open', 'answered', 'expired']),
  decision: decision.nullable(),
  candidate: z.object({ prenom: z.string(), nom: z.string(), epreuve: z.enum(CHALLENGE_IDS) }),
  guardian: z.object({ prenom: z.string(), nom: z.string() }),
  reference: z.string(),
  expires_at: z.string(),
});

const guardianConsents: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  const tags = ['guardian consent'];

  app.get(
    '/guardian-consents/:token',
    {
      schema: {
        tags,
        summary: "What a guardian's link is for, and whether it can still be answered",
        params: guardianTokenParams,
        response: { 200: consentView, 404: errorResponse },
      },
    },
    async (request) => {
      const view = await services.guardianConsents.view(request.params.token);
      if (!view) throw notFound('No such link');
      return view;
    },
  );

  app.post(
    '/guardian-consents/:token',
    {
      schema: {
        tags,
        summary: 'The guardian confirms (with both statements) or refuses',
        params: guardianTokenParams,
        body: guardianDecisionSchema,
        response: {
          200: z.object({ decision }),
          400: errorResponse,
          404: errorResponse,
          410: errorResponse,
        },
      },
    },
    async (request) => services.guardianConsents.decide(request.params.token, request.body),
  );

  app.post(
    '/candidates/:id/guardian-consent/resend',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "The buyer sends the guardian's link again (limited)",
        params: z.object({ id: idParam() }),
        response: {
          204: z.null(),
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      await services.guardianConsents.resend(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default guardianConsents;
