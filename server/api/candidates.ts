/**
 * A buyer's candidates: read one to change it, and change it before a volunteer starts on the kit
 * (services/registrations/registration-changes.ts). Owner only: another user's candidate is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { CANDIDATE_CHANGE_FIELDS } from '../../domain/registration-changes.ts';
import { idParam } from '../../domain/schemas/common.ts';
import { candidateChangeSchema } from '../../domain/schemas/registration-change.ts';
import { CANDIDATE_STATUSES, DELIVERY_MODES } from '../../domain/statuses.ts';
import { requireUser } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const candidateForChange = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  reference: z.string(),
  statut: z.enum(CANDIDATE_STATUSES),
  mode_livraison: z.enum(DELIVERY_MODES),
  date_commande: z.string(),
  changeable: z.enum(['all', 'identity']).nullable(),
  fields: z.object(Object.fromEntries(CANDIDATE_CHANGE_FIELDS.map((field) => [field, z.string()]))),
});

const idParams = z.object({ id: idParam() });

const candidates: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.addHook('onRequest', requireUser);
  const tags = ['orders'];
  const security = [{ bearer: [] }];

  app.get(
    '/candidates/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A candidate of one of your orders, as you may change it',
        params: idParams,
        response: { 200: candidateForChange, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => services.registrationChanges.forChange(request.user!.id, request.params.id),
  );

  app.patch(
    '/candidates/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Correct a candidate before a volunteer starts on the kit',
        params: idParams,
        body: candidateChangeSchema,
        response: {
          200: candidateForChange.extend({ changed: z.array(z.enum(CANDIDATE_CHANGE_FIELDS)) }),
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const { changed } = await services.registrationChanges.changeCandidate(
        request.user!.id,
        request.params.id,
        request.body,
      );
      return {
        ...(await services.registrationChanges.forChange(request.user!.id, request.params.id)),
        changed,
      };
    },
  );
};

export default candidates;
