/**
 * Hiding one's results from the public tables: by email with a verification link (anyone), or with the switch
 * of the account page (the signed-in user's own email).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  publicDisplaySchema,
  publicDisplayStateSchema,
  publicNameSchema,
  restrictionConfirmSchema,
  restrictionRequestSchema,
} from '../../domain/schemas/display-restriction.ts';
import { requireUser, requireVerifiedEmail } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { dataResponse, errorResponse } from './schemas.ts';

const tags = ['public display restriction'];

/** By email, with a verification link: anyone. */
const linkRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.post(
    '/public-display-restriction',
    {
      schema: {
        tags,
        description:
          'Answers 202 whether or not the address belongs to a laureate; the link goes to the address.',
        body: restrictionRequestSchema,
        response: { 202: dataResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await services.displayRestrictions.request(request.body, request.ip);
      return reply.code(202).send({
        data: { message: 'A verification email has been sent to this address.' },
      });
    },
  );

  app.post(
    '/public-display-restriction/confirm',
    {
      schema: {
        tags,
        body: restrictionConfirmSchema,
        response: { 200: dataResponse, 400: errorResponse },
      },
    },
    async (request) => {
      await services.displayRestrictions.confirm(request.body.token);
      return { data: { message: 'The results tied to this address are no longer shown in public.' } };
    },
  );
};

/** The switches of the account page, for the signed-in user's own address. */
const accountRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get(
    '/me/public-display',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        response: { 200: publicDisplayStateSchema, 401: errorResponse },
      },
    },
    async (request) => services.displayRestrictions.stateOf(request.user!.email),
  );

  app.put(
    '/me/public-display',
    {
      // Only the proven owner of the address may show again what its owner hid.
      onRequest: requireVerifiedEmail,
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: publicDisplaySchema,
        response: {
          200: publicDisplayStateSchema,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => services.displayRestrictions.setHidden(request.user, request.body.hidden),
  );

  app.put(
    '/me/public-name',
    {
      // A laureate is found by the address their homologations were recorded with: only its proven owner chooses.
      onRequest: requireVerifiedEmail,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'How public tables name you: full, first name and initial, or initials',
        body: publicNameSchema,
        response: {
          200: publicDisplayStateSchema,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => services.displayRestrictions.setNameDisplay(request.user, request.body.display),
  );
};

const displayRestrictions: FastifyPluginAsyncZod<ApiOptions> = async (app, options) => {
  await app.register(linkRoutes, options);
  await app.register(accountRoutes, options);
};

export default displayRestrictions;
