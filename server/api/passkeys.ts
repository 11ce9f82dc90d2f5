/**
 * Passkeys (issue 42; decision 0050): adding one to one's account, listing and removing them, passing one again in
 * a session, and signing in with one (alone, or after the password). Each ceremony is two calls: the options for
 * the browser's `navigator.credentials`, then its answer, as `@simplewebauthn/browser` sends it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { LOCALES, isLocale } from '../../domain/locales.ts';
import {
  addPasskeySchema,
  passkeyCreationSchema,
  passkeyIdSchema,
  passkeyOptionsSchema,
  passkeySignInSchema,
  passkeyStepUpSchema,
} from '../../domain/schemas/passkey.ts';
import { z } from '../../domain/schemas/zod.ts';
import { requireUser, setSignInCookies } from '../plugins/auth.ts';
import { DEVICE_COOKIE } from '../services/accounts/trusted-devices.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

const tags = ['accounts'];
const security = [{ bearer: [] }];
const langQuery = z.object({ lang: z.enum(LOCALES).optional() });
/** What `navigator.credentials.create()` or `.get()` takes, as JSON (PublicKeyCredential*OptionsJSON). */
const ceremonyOptions = z.looseObject({ challenge: z.string(), timeout: z.number().optional() });

export const passkeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  backed_up: z.boolean(),
});

/** Signing in with a passkey: alone, or as the second step after the password. */
const signInRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services, config }) => {
  const secureCookie = config.publicUrl.startsWith('https:');
  app.post(
    '/login/passkey/options',
    {
      schema: {
        tags,
        body: passkeyOptionsSchema,
        description:
          "A challenge to sign in with a passkey. Without a ticket, any of this site's passkeys may answer (the " +
          'browser offers those it holds); with the ticket of POST /api/login, one of that account only.',
        response: { 200: ceremonyOptions, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => ({ ...(await services.accounts.passkeySignInOptions(request.body, request.ip)) }),
  );

  app.post(
    '/login/passkey',
    {
      schema: {
        tags,
        querystring: langQuery,
        body: passkeySignInSchema,
        description:
          "The browser's answer to the challenge: the session of the passkey's owner (token and cookie), its " +
          'second factor passed. A refused answer counts in the sign-in budget as a wrong password does.',
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
      const session = await services.accounts.signInWithPasskey(request.body, request.ip, {
        locale: isLocale(lang) ? lang : undefined,
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      setSignInCookies(reply, session, secureCookie);
      return { token: session.token };
    },
  );
};

/** One's own passkeys. */
const ownRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  const factors = services.secondFactors;
  app.addHook('onRequest', requireUser);

  app.get(
    '/me/passkeys',
    { schema: { tags, security, response: { 200: z.array(passkeyView), 401: errorResponse } } },
    async (request) => factors.listPasskeys(request.user),
  );

  app.post(
    '/me/passkeys/options',
    {
      schema: {
        tags,
        security,
        description:
          'A challenge to make a passkey for this site, excluding those the account has. An account without a ' +
          'second factor gives its current_password (400 wrong_current_password); one that has a factor must ' +
          'have passed it within STEP_UP_MINUTES (403 reauthentication_required).',
        body: passkeyCreationSchema,
        response: {
          200: ceremonyOptions,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => ({ ...(await factors.passkeyRegistrationOptions(request.user, request.body)) }),
  );

  app.post(
    '/me/passkeys',
    {
      schema: {
        tags,
        security,
        body: addPasskeySchema,
        description:
          "The browser's new passkey, with an optional name. The session counts as having passed the second " +
          'factor; a first factor answers the ten recovery codes, shown once (null otherwise).',
        response: {
          201: z.object({ passkey: passkeyView, recovery_codes: z.array(z.string()).nullable() }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const added = await factors.addPasskey(request.user, request.body, request.sessionToken);
      return reply.code(201).send({ passkey: added.passkey, recovery_codes: added.recoveryCodes });
    },
  );

  app.delete(
    '/me/passkeys/:id',
    {
      schema: {
        tags,
        security,
        params: z.object({ id: passkeyIdSchema }),
        description: 'Removes one of the account’s passkeys. Needs a second factor passed recently.',
        response: { 204: z.null(), 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await factors.removePasskey(request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** Passing a passkey again in a session: a step-up. */
const stepUpRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  const factors = services.secondFactors;
  app.addHook('onRequest', requireUser);

  app.post(
    '/me/passkeys/verify/options',
    {
      schema: {
        tags,
        security,
        description: "A challenge that only the account's passkeys may answer: a step-up.",
        response: { 200: ceremonyOptions, 401: errorResponse, 409: errorResponse },
      },
    },
    async (request) => ({ ...(await factors.passkeyStepUpOptions(request.user)) }),
  );

  app.post(
    '/me/passkeys/verify',
    {
      schema: {
        tags,
        security,
        body: passkeyStepUpSchema,
        description:
          'Passes the second factor again in this session with a passkey: what a 403 ' +
          'reauthentication_required or second_factor_required asks for.',
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await factors.verifyWithPasskey(
        request.user,
        request.body.response as AuthenticationResponseJSON,
        request.sessionToken,
      );
      return reply.code(204).send(null);
    },
  );
};

const passkeyRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, options) => {
  await app.register(signInRoutes, options);
  await app.register(ownRoutes, options);
  await app.register(stepUpRoutes, options);
};

export default passkeyRoutes;
