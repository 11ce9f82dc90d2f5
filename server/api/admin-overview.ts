/** The admin area's overview: the administrators and the dashboard. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import type { ApiOptions } from './index.ts';
import { guarded, person, security, tags } from './admin-shared.ts';

const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  nom: z.string(),
  prenom: z.string(),
  president: z.boolean(),
  createdAt: z.string(),
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
  season: z.object({
    from: z.string(),
    to: z.string(),
    orders: z.number(),
    revenueCents: z.number(),
    currency: z.string(),
    money: z.object({ inCents: z.number(), outCents: z.number(), netCents: z.number() }),
  }),
  laureatesTotal: z.number(),
  monthly: z.array(z.object({ month: z.string(), registrations: z.number(), homologations: z.number() })),
  latestActions: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      entity: z.string(),
      entityId: z.string(),
      reference: z.string().nullable(),
      actor: person.nullable(),
      createdAt: z.string(),
    }),
  ),
});

/** Scoped under /api/admin by admin.ts, which requires the admin role. */
const adminOverview: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  app.get(
    '/admin-users',
    { schema: { tags, security, response: { 200: z.array(adminUser), ...guarded } } },
    async () => services.accounts.listAdmins(),
  );

  app.get(
    '/dashboard',
    { schema: { tags, security, response: { 200: dashboardResponse, ...guarded } } },
    async (request) => services.admin.dashboard(request.user),
  );
};

export default adminOverview;
