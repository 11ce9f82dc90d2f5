/**
 * The activity services a rider brings a ride from, each registered only when the club configured it: Strava
 * (decision 0037) and Ride with GPS and intervals.icu (decision 0051), all under `/rides/{provider}/…`, and Strava
 * also under its first address, `/strava/…`. For each: the OAuth round trip (`connect` → the service →
 * `callback`), the rider's rides of some days, the check of one, and the disconnection. Attaching a ride to a
 * registration goes through `POST /candidates/{id}/track` (tracks.ts). Without a connection the rides answer
 * 409 `not_connected`.
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
import { ACTIVITY_PROVIDER_NAMES, type ActivityProvider } from '../../domain/activity-providers.ts';
import type { ActivityConnectionsService } from '../services/rides/activity-connections.ts';
import { configuredSources } from '../services/rides/activity-sources.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

/** The page the rider came from, with how the authorization went: `?strava=connected`, `?ridewithgps=denied`… */
function withOutcome(returnTo: string, source: Source, outcome: AuthorizationOutcome): string {
  const url = new URL(returnTo, 'http://site');
  url.searchParams.set(source.provider, outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

const providerErrors = {
  401: errorResponse,
  409: errorResponse,
  429: errorResponse,
  503: errorResponse,
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/** One service's routes: which service, its connection service, and where its routes are. */
interface Source {
  provider: ActivityProvider;
  connections: ActivityConnectionsService;
  prefix: string;
}

/** Where a rider lands without a page of their own to return to: the account page, in their language. */
const accountPage = (request: FastifyRequest) =>
  `/${chooseLocale(request.cookies[LOCALE_COOKIE], request.headers['accept-language'])}/account`;

/** The OAuth round trip: to the service, and back to the page the rider came from. */
function authorizationRoutes(app: App, source: Source) {
  const { connections, prefix } = source;
  const service = ACTIVITY_PROVIDER_NAMES[source.provider];
  app.get(
    `${prefix}/connect`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['rides'],
        summary: `Send the rider to ${service} to let the site read their rides; they come back to \`return_to\``,
        querystring: z.object({ return_to: z.string().max(2048).optional() }),
        response: { 401: errorResponse },
      },
    },
    async (request, reply) => {
      const asked = safeRedirectPath(request.query.return_to);
      const returnTo = asked && isLocale(asked.split('/')[1]) ? asked : accountPage(request);
      const start = await connections.startAuthorization(request.sessionToken!, returnTo);
      const url = 'url' in start ? start.url : withOutcome(returnTo, source, 'unavailable');
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.get(
    `${prefix}/callback`,
    {
      schema: {
        tags: ['rides'],
        summary: `${service}'s return: checks the state against the session, keeps the tokens, back to the page`,
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
        return reply.redirect(withOutcome(accountPage(request), source, 'invalid'), 303);
      const { returnTo, outcome } = await connections.completeAuthorization(
        request.sessionToken,
        request.user.id,
        request.query,
      );
      if (outcome === 'invalid')
        request.log.warn({ provider: source.provider, outcome }, 'activity service callback refused');
      return reply.redirect(withOutcome(returnTo ?? accountPage(request), source, outcome), 303);
    },
  );
}

/** The rider's rides at the service, and the check of one. */
function rideRoutes(app: App, source: Source) {
  const { connections, prefix } = source;
  const service = ACTIVITY_PROVIDER_NAMES[source.provider];
  app.get(
    `${prefix}/activities`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['rides'],
        summary: `The rider's rides at ${service} between two days (both included; by default the ride's day or the last 14 days)`,
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
    `${prefix}/activities/:id/check`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['rides'],
        summary: `Check a ${service} ride against the challenges, as POST /track-checks checks a file`,
        params: z.object({ id: activityIdField(source.provider) }),
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

function disconnectionRoute(app: App, source: Source) {
  const { connections, prefix } = source;
  app.delete(
    prefix,
    {
      onRequest: requireUser,
      schema: {
        tags: ['rides'],
        summary: `Disconnect: revoke the authorization at ${ACTIVITY_PROVIDER_NAMES[source.provider]} and delete the tokens`,
        response: { 204: z.null(), 401: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      await connections.disconnect(request.user!.id);
      return reply.status(204).send(null);
    },
  );
}

function sourceRoutes(app: App, source: Source) {
  authorizationRoutes(app, source);
  rideRoutes(app, source);
  disconnectionRoute(app, source);
}

const rides: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  for (const provider of configuredSources(services.activitySources)) {
    const connections = services.activitySources[provider];
    sourceRoutes(app, { provider, connections, prefix: `/rides/${provider}` });
    // Strava's first addresses stay: its application is registered with that callback, clients know them.
    if (provider === 'strava') sourceRoutes(app, { provider, connections, prefix: '/strava' });
  }
};

export default rides;
