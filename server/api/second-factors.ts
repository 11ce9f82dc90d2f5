/**
 * A person's own second factor (issue 42; decision 0048): its state, setting up an authenticator app, a step-up,
 * new recovery codes, removing it; and the sign-in's second step, POST /api/login/second-factor.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOCALES, isLocale } from '../../domain/locales.ts';
import { secondFactorCodeSchema, secondFactorSignInSchema } from '../../domain/second-factor.ts';
import { z } from '../../domain/schemas/zod.ts';
import { requireUser, setSignInCookies } from '../plugins/auth.ts';
import { DEVICE_COOKIE } from '../services/accounts/trusted-devices.ts';
import type { ApiOptions } from './index.ts';
import { passkeyView } from './passkeys.ts';
import { errorResponse } from './schemas.ts';

const tags = ['accounts'];
/** The page's language, sent by the web app, so that later emails speak it. */
const langQuery = z.object({ lang: z.enum(LOCALES).optional() });
const security = [{ bearer: [] }];

const totpSetup = z.object({ secret: z.string(), otpauth_uri: z.string() });
const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });

/** The sign-in's second step: the ticket of POST /api/login and a code, for the session. */
const signInWithCode: FastifyPluginAsyncZod<ApiOptions> = async (app, { services, config }) => {
  const secureCookie = config.publicUrl.startsWith('https:');
  app.post(
    '/login/second-factor',
    {
      schema: {
        tags,
        querystring: langQuery,
        body: secondFactorSignInSchema,
        description:
          'The ticket from POST /api/login and a code of the authenticator app (or a recovery code). The ticket ' +
          "lives five minutes and burns after five wrong codes, which also count in the account's sign-in budget.",
        response: {
          200: z.object({ token: z.string() }),
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang;
      const session = await services.accounts.completeSignIn(request.body, request.ip, {
        locale: isLocale(lang) ? lang : undefined,
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      setSignInCookies(reply, session, secureCookie);
      return { token: session.token };
    },
  );
};

/** The state of one's factors, and setting up an authenticator app. */
const setupRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  const factors = services.secondFactors;
  app.addHook('onRequest', requireUser);

  app.get(
    '/me/second-factors',
    {
      schema: {
        tags,
        security,
        response: {
          200: z.object({
            totp: z.object({ confirmed_at: z.string(), last_used_at: z.string().nullable() }).nullable(),
            passkeys: z.array(passkeyView),
            pending: totpSetup.nullable(),
            recovery_codes_left: z.number().int(),
            required: z.boolean(),
          }),
          401: errorResponse,
        },
      },
    },
    async (request) => factors.status(request.user),
  );

  app.post(
    '/me/second-factors/totp',
    {
      schema: {
        tags,
        security,
        description:
          'Starts setting up an authenticator app: a new base32 secret and its otpauth:// address (for a QR ' +
          'code). Nothing changes for the sign-in until POST …/totp/confirm proves the app holds it.',
        response: { 201: totpSetup, 401: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await factors.startTotp(request.user)),
  );

  app.post(
    '/me/second-factors/totp/confirm',
    {
      schema: {
        tags,
        security,
        body: secondFactorCodeSchema,
        description:
          'A first code of the app turns the factor on; the ten recovery codes are in this answer only. The ' +
          'session counts as having passed the second factor.',
        response: {
          200: recoveryCodesResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => ({
      recovery_codes: await factors.confirmTotp(request.user, request.body.code, request.sessionToken),
    }),
  );
};

/** Passing the factor again, new recovery codes, removing the app. */
const manageRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  const factors = services.secondFactors;
  app.addHook('onRequest', requireUser);

  app.post(
    '/me/second-factor/verify',
    {
      schema: {
        tags,
        security,
        body: secondFactorCodeSchema,
        description:
          'Passes the second factor again in this session (a code of the app or a recovery code): what a ' +
          '403 reauthentication_required or second_factor_required asks for.',
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await factors.verify(request.user, request.body.code, request.sessionToken);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/me/second-factors/recovery-codes',
    {
      schema: {
        tags,
        security,
        description: 'Ten new recovery codes, the old ones void. Needs a second factor passed recently.',
        response: { 200: recoveryCodesResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => ({ recovery_codes: await factors.regenerateRecoveryCodes(request.user) }),
  );

  app.delete(
    '/me/second-factors/totp',
    {
      schema: {
        tags,
        security,
        description:
          'Removes the authenticator app and the recovery codes. Needs a second factor passed recently.',
        response: { 204: z.null(), 401: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      await factors.removeTotp(request.user);
      return reply.code(204).send(null);
    },
  );
};

const secondFactorRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, options) => {
  await app.register(signInWithCode, options);
  await app.register(setupRoutes, options);
  await app.register(manageRoutes, options);
};

export default secondFactorRoutes;
