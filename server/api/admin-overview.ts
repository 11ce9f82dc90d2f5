/** The admin area's overview: the people of the back office and their roles, and the dashboard. */
import { ACTIVITY_PROVIDERS, APPLICATION_REFUSALS } from '../../domain/activity-providers.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_ROLES } from '../../domain/roles.ts';
import { staffQuery, staffRolesBody } from '../../domain/schemas/admin.ts';
import { z } from '../../domain/schemas/zod.ts';
import { needs } from '../plugins/auth.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';
import { guarded, idParams, person, security, tags } from './admin-shared.ts';

const staffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  nom: z.string(),
  prenom: z.string(),
  president: z.boolean(),
  roles: z.array(z.enum(STAFF_ROLES)),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  second_factor: z.boolean(),
});

const dashboardResponse = z.object({
  counts: z.object({
    consent: z.number(),
    traitements: z.number(),
    email: z.number(),
    retrait: z.number(),
    in_progress: z.number(),
    evidence_answered: z.number(),
    cancellation_requests: z.number(),
  }),
  season: z
    .object({
      from: z.string(),
      to: z.string(),
      orders: z.number(),
      revenueCents: z.number(),
      currency: z.string(),
      money: z.object({ inCents: z.number(), outCents: z.number(), netCents: z.number() }),
    })
    // Null for someone whose roles do not read the money.
    .nullable(),
  laureatesTotal: z.number(),
  monthly: z.array(z.object({ month: z.string(), registrations: z.number(), homologations: z.number() })),
  activityRefusals: z.array(
    z.object({
      provider: z.enum(ACTIVITY_PROVIDERS),
      reason: z.enum(APPLICATION_REFUSALS),
      since: z.string(),
    }),
  ),
  latestActions: z
    .array(
      z.object({
        id: z.number(),
        action: z.string(),
        entity: z.string(),
        entityId: z.string(),
        reference: z.string().nullable(),
        actor: person.nullable(),
        createdAt: z.string(),
      }),
    )
    // Null for someone whose roles do not read the audit log.
    .nullable(),
});

/** Scoped under /api/admin by admin.ts, which requires a role of the back office. */
const adminOverview: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get(
    '/users',
    {
      ...needs('people.manage'),
      schema: {
        tags,
        security,
        summary: 'Everyone who holds a role of the back office, or the one account with `email`',
        querystring: staffQuery,
        response: { 200: z.array(staffMember), 400: errorResponse, ...guarded },
      },
    },
    async (request) => services.accounts.listStaff(request.user, request.query),
  );

  app.put(
    '/users/:id/roles',
    {
      ...needs('people.manage'),
      schema: {
        tags,
        security,
        summary: "Sets a person's roles; a role taken away ends their sessions at once",
        params: idParams,
        body: staffRolesBody,
        response: {
          200: staffMember,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          ...guarded,
        },
      },
    },
    async (request) =>
      services.accounts.setRoles(request.user, request.params.id, request.body.roles, request.body.president),
  );

  app.get(
    '/dashboard',
    { schema: { tags, security, response: { 200: dashboardResponse, ...guarded } } },
    async (request) => services.admin.dashboard(request.user),
  );
};

export default adminOverview;
