/**
 * Strava (decision 0037), registered only when the club configured it: the OAuth round trip
 * (`/strava/connect` → Strava → `/strava/callback`), the rider's rides of some days, the check of one, and the
 * disconnection. Attaching a ride to a registration goes through `POST /candidates/{id}/track` (tracks.ts).
 * Without a connection the rides answer 409 `not_connected`.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOCALE_COOKIE } from '../../contracts/cookies.ts';
import { isLocale } from '../../domain/locales.ts';
import { safeRedirectPath } from '../../domain/redirects.ts';
import {
  activityDaysQuery,
  activityIdField,
  activitySummarySchema,
} from '../../domain/schemas/activities.ts';
import { trackAnalysisSchema } from '../../domain/schemas/track.ts';
import { z } from '../../domain/schemas/zod.ts';
import { requireUser } from '../plugins/auth.ts';
import { chooseLocale } from '../plugins/locale.ts';
import type { AuthorizationOutcome } from '../../contracts/activities.ts';
import type { ActivityConnectionsService } from '../services/rides/activity-connections.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

/** The page the rider came from, with how the authorization went: `?strava=connected`. */
function withOutcome(returnTo: string, outcome: AuthorizationOutcome): string {
  const url = new URL(returnTo, 'http://site');
  url.searchParams.set('strava', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

const providerErrors = {
  401: errorResponse,
  409: errorResponse,
  429: errorResponse,
  503: errorResponse,
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Where a rider lands without a page of their own to return to: the account page, in their language. */
const accountPage = (request: FastifyRequest) =>
  `/${chooseLocale(request.cookies[LOCALE_COOKIE], request.headers['accept-language'])}/account`;

/** The OAuth round trip: to Strava, and back to the page the rider came from. */
function authorizationRoutes(app: App, connections: ActivityConnectionsService) {
  app.get(
    '/strava/connect',
    {
      onRequest: requireUser,
      schema: {
        tags: ['strava'],
        summary: 'Send the rider to Strava to let the site read their rides; they come back to `return_to`',
        querystring: z.object({ return_to: z.string().max(2048).optional() }),
        response: { 401: errorResponse },
      },
    },
    async (request, reply) => {
      const asked = safeRedirectPath(request.query.return_to);
      const returnTo = asked && isLocale(asked.split('/')[1]) ? asked : accountPage(request);
      const start = await connections.startAuthorization(request.sessionToken!, returnTo);
      const url = 'url' in start ? start.url : withOutcome(returnTo, 'unavailable');
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.get(
    '/strava/callback',
    {
      schema: {
        tags: ['strava'],
        summary: "Strava's return: checks the state against the session, keeps the tokens, back to the page",
        querystring: z.object({
          state: z.string().max(256).optional(),
          code: z.string().max(512).optional(),
          scope: z.string().max(512).optional(),
          error: z.string().max(256).optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Signed out since (another tab): the state cannot be this session's.
      if (!request.user || !request.sessionToken)
        return reply.redirect(withOutcome(accountPage(request), 'invalid'), 303);
      const { returnTo, outcome } = await connections.completeAuthorization(
        request.sessionToken,
        request.user.id,
        request.query,
      );
      if (outcome === 'invalid') request.log.warn({ outcome }, 'strava callback refused');
      return reply.redirect(withOutcome(returnTo ?? accountPage(request), outcome), 303);
    },
  );
}

/** The rider's rides at Strava, and the check of one. */
function rideRoutes(app: App, connections: ActivityConnectionsService) {
  app.get(
    '/strava/activities',
    {
      onRequest: requireUser,
      schema: {
        tags: ['strava'],
        summary:
          "The rider's rides at Strava between two days (both included; by default the ride's day or the last 14 days)",
        querystring: activityDaysQuery,
        response: { 200: z.array(activitySummarySchema), 400: errorResponse, ...providerErrors },
      },
    },
    async (request) => {
      const { after, before } = request.query;
      const span = after && before ? { after, before } : await connections.defaultSpan(request.user!.id);
      const rides = await connections.listRides(request.user!.id, span);
      return rides.map((ride) => ({
        id: ride.id,
        name: ride.name,
        start: ride.start,
        distance_km: ride.distanceKm,
        climb_m: ride.climbM,
      }));
    },
  );

  app.post(
    '/strava/activities/:id/check',
    {
      onRequest: requireUser,
      schema: {
        tags: ['strava'],
        summary: 'Check a Strava ride against the challenges, as POST /track-checks checks a file',
        params: z.object({ id: activityIdField() }),
        response: {
          200: trackAnalysisSchema,
          400: errorResponse,
          404: errorResponse,
          422: errorResponse,
          ...providerErrors,
        },
      },
    },
    async (request) => connections.checkRide(request.user!.id, request.params.id, request.ip),
  );
}

const strava: FastifyPluginAsyncZod<ApiOptions & { connections: ActivityConnectionsService }> = async (
  app,
  { connections },
) => {
  authorizationRoutes(app, connections);
  rideRoutes(app, connections);

  app.delete(
    '/strava',
    {
      onRequest: requireUser,
      schema: {
        tags: ['strava'],
        summary: 'Disconnect: revoke the authorization at Strava and delete the tokens',
        response: { 204: z.null(), 401: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      await connections.disconnect(request.user!.id);
      return reply.status(204).send(null);
    },
  );
};

export default strava;
