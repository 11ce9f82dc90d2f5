/**
 * Accounts API: sign-up, sign-in, sign-out, the current user, password change, forgotten password and reset, and
 * deleting one's account.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { LOCALES, type Locale, isLocale, localeOr } from '../../domain/locales.ts';
import { emailField, text } from '../../domain/schemas/common.ts';
import {
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from '../../domain/schemas/user.ts';
import { clearSessionCookie, requireUser, requireVerifiedEmail, setSignInCookies } from '../plugins/auth.ts';
import { DEVICE_COOKIE } from '../services/accounts/trusted-devices.ts';
import { SECOND_FACTOR_METHODS } from '../../domain/second-factor.ts';
import type { ApiOptions } from './index.ts';
import { dataResponse, errorResponse, userResponse } from './schemas.ts';

/** The page's language, sent by the web app, so that later emails speak it. */
const langQuery = z.object({ lang: z.enum(LOCALES).optional() });

function requestLocale(lang: string | undefined, cookie: string | undefined): Locale {
  return localeOr(lang, localeOr(cookie));
}

const tags = ['accounts'];

/** Signing up, in and out. */
const signInRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services, config }) => {
  const secureCookie = config.publicUrl.startsWith('https:');

  app.post(
    '/signup',
    {
      schema: {
        tags,
        querystring: langQuery,
        body: signupSchema,
        description: 'Creates the account and mails a link to verify the address, in the page language.',
        response: { 201: z.object({ id: z.number().int() }), 400: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const created = await services.accounts.signup(
        request.body,
        requestLocale(request.query.lang, request.cookies.i18n),
      );
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        querystring: langQuery,
        body: loginSchema,
        description:
          'An account with a second factor answers `second_factor: "required"` with a ticket and no session: ' +
          'POST /api/login/second-factor then exchanges the ticket and a code for the session. An account that ' +
          'holds a role without a factor is signed in with `second_factor: "setup_required"`.',
        response: {
          200: z.union([
            z.object({ token: z.string(), second_factor: z.literal('setup_required').optional() }),
            z.object({
              second_factor: z.literal('required'),
              ticket: z.string(),
              methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
            }),
          ]),
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const lang = request.query.lang;
      const result = await services.accounts.login(request.body, request.ip, {
        locale: isLocale(lang) ? lang : undefined,
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      if (result.secondFactor === 'required')
        return { second_factor: result.secondFactor, ticket: result.ticket, methods: result.methods };
      setSignInCookies(reply, result, secureCookie);
      return { token: result.token, ...(result.secondFactor ? { second_factor: result.secondFactor } : {}) };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: requireUser,
      schema: { tags, security: [{ bearer: [] }], response: { 204: z.null(), 401: errorResponse } },
    },
    async (request, reply) => {
      if (request.sessionToken) await services.sessions.revoke(request.sessionToken);
      clearSessionCookie(reply, secureCookie);
      return reply.code(204).send(null);
    },
  );
};

/** The signed-in person's own account: reading and saving it, their password, deleting it. */
const ownAccountRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services, config }) => {
  const secureCookie = config.publicUrl.startsWith('https:');

  app.get(
    '/me',
    {
      onRequest: requireUser,
      schema: { tags, security: [{ bearer: [] }], response: { 200: userResponse, 401: errorResponse } },
    },
    async (request) => services.accounts.profile(request.user!.id),
  );

  app.put(
    '/me',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          'A new email needs current_password; it stays in pending_email until the link mailed to it is followed.',
        querystring: langQuery,
        body: profileUpdateSchema,
        response: {
          200: userResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) =>
      services.accounts.updateProfile(request.user, request.body, {
        ip: request.ip,
        locale: requestLocale(request.query.lang, request.user!.locale),
      }),
  );

  app.put(
    '/me/password',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: changePasswordSchema,
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      await services.accounts.changePassword(request.user, request.body, request.sessionToken);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/account',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          'Deletes the signed-in account and its personal data after checking current_password; paid orders stay, ' +
          'without their owner, for the accounts. Every session ends and the session cookie is cleared.',
        body: deleteAccountSchema,
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      // Sessions go with the account (on delete cascade).
      await services.accountDeletion.deleteAccount(request.user, request.body.current_password);
      clearSessionCookie(reply, secureCookie);
      return reply.code(204).send(null);
    },
  );
};

/** The homologations tied to the account's confirmed address. */
const myHomologationsRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get(
    '/me/homologations',
    {
      onRequest: requireVerifiedEmail,
      schema: {
        tags,
        querystring: langQuery,
        security: [{ bearer: [] }],
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              numero: z.number().int(),
              epreuve: z.string(),
              date_passage: z.string().nullable(),
              homologatedAt: z.string(),
              candidateReference: z.string().nullable(),
              certifiedBy: z.object({ name: z.string(), president: z.boolean() }).nullable(),
              diploma_url: z.string(),
              check_url: z.string(),
            }),
          ),
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) =>
      // The check pages in the language asked for, else the account's.
      services.homologations.forUser(
        request.user,
        localeOr(request.query.lang, localeOr(request.user!.locale)),
      ),
  );
};

/** The links mailed to an address: confirming it, sending its link again, a forgotten password. */
const emailLinkRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.post(
    '/account/verify-email',
    {
      schema: {
        tags,
        description: 'Follows the link mailed at sign-up or after a change of address.',
        body: verifyEmailSchema,
        response: { 200: dataResponse, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      await services.emailVerification.verify(request.body.token, request.sessionToken);
      return { data: { message: 'Your email address is confirmed.' } };
    },
  );

  app.post(
    '/account/verify-email/resend',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        querystring: langQuery,
        response: { 202: dataResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await services.accounts.resendVerification(request.user, {
        ip: request.ip,
        locale: requestLocale(request.query.lang, request.user!.locale),
      });
      return reply.code(202).send({ data: { message: 'If a link is waiting, it has been sent again.' } });
    },
  );

  app.post(
    '/account/forgot-password',
    {
      schema: {
        tags,
        body: forgotPasswordSchema,
        response: { 200: dataResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await services.accounts.forgotPassword(request.body, request.ip);
      return {
        data: { message: 'If an account exists for this address, an email with a link has been sent.' },
      };
    },
  );

  app.post(
    '/account/reset-password/:email/:token',
    {
      schema: {
        tags,
        params: z.object({ email: emailField(), token: text().min(1).max(200) }),
        body: resetPasswordSchema,
        response: { 200: dataResponse, 400: errorResponse },
      },
    },
    async (request) => {
      await services.accounts.resetPassword(
        request.params.email,
        request.params.token,
        request.body.password,
      );
      return { data: { message: 'Your password has been changed.' } };
    },
  );
};

/** Registered in this order, which the OpenAPI document keeps. */
const accounts: FastifyPluginAsyncZod<ApiOptions> = async (app, options) => {
  await app.register(signInRoutes, options);
  await app.register(ownAccountRoutes, options);
  await app.register(myHomologationsRoutes, options);
  await app.register(emailLinkRoutes, options);
};

export default accounts;
