/**
 * Bringing people into the back office and out of a lost phone (issue 42): an invitation, and another person's second
 * factor reset. Both need `people.manage` and a second factor of one's own passed recently. Scoped under /api/admin.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOCALES, localeOr } from '../../domain/locales.ts';
import { invitationBody } from '../../domain/schemas/admin.ts';
import { z } from '../../domain/schemas/zod.ts';
import { needs } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';
import { guarded, idParams, security, tags } from './admin-shared.ts';

const adminPeople: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.post(
    '/users/invitations',
    {
      ...needs('people.manage'),
      schema: {
        tags,
        security,
        summary:
          'Invites a new helper: the account with its roles, and a link valid seven days mailed to choose a password ' +
          '(then the second factor). Needs a second factor of your own passed recently.',
        querystring: z.object({ lang: z.enum(LOCALES).optional() }),
        body: invitationBody,
        response: {
          201: z.object({ id: z.number().int() }),
          400: errorResponse,
          409: errorResponse,
          ...guarded,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await services.accounts.invite(
            request.user,
            request.body,
            localeOr(request.query.lang, localeOr(request.user?.locale)),
          ),
        ),
  );

  app.delete(
    '/users/:id/second-factors',
    {
      ...needs('people.manage'),
      schema: {
        tags,
        security,
        summary:
          "Resets a person's lost second factor: their factors and recovery codes go, their sessions end, they are " +
          'told by email. Needs a second factor of your own passed recently.',
        params: idParams,
        response: { 204: z.null(), 404: errorResponse, ...guarded },
      },
    },
    async (request, reply) => {
      await services.secondFactors.reset(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default adminPeople;
