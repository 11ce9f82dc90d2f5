/**
 * The club's settings (issue 47): read them, change any of them against the version read (`If-Match`, 412 when
 * another change came first), their versions, and an earlier version given back. `settings.manage` (admin) only.
 * Scoped under /api/admin by admin.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsPatchSchema } from '../../domain/settings.ts';
import { idParam, text } from '../../domain/schemas/common.ts';
import { z } from '../../domain/schemas/zod.ts';
import { needs } from '../plugins/auth.ts';
import type { Services } from '../services/index.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';
import { guarded, security, tags } from './admin-shared.ts';

const localized = z.record(z.string(), z.string());

const values = {
  prices: z.array(z.object({ from: z.string().nullable(), cents: z.number().int() })),
  refund_fee_cents: z.number().int(),
  pickup_points: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      hours: z.object({ days: z.array(z.number().int()), periods: z.array(z.array(z.string())) }),
      retired: z.boolean().optional(),
    }),
  ),
  notice: z.object({ kind: z.string(), from: z.string(), to: z.string(), text: localized }).nullable(),
  registrations_open: z.boolean(),
  closed_message: localized,
  heat_warning: z.object({ from: z.string(), to: z.string() }),
  club_postal_address: z.array(z.string()).nullable(),
  contact_email: z.string(),
};

const stamp = {
  version: z.number().int(),
  changed_at: z.string().nullable(),
  changed_by: z.number().int().nullable(),
};

const settingsResponse = z.object({
  ...values,
  ...stamp,
  price_cents: z.number().int(),
  next_price: z.object({ from: z.string().nullable(), cents: z.number().int() }).nullable(),
});

const versionResponse = z.object({
  ...stamp,
  restored_from: z.number().int().nullable(),
  before: z.record(z.string(), z.unknown()),
  values: z.object(values),
});

/** `If-Match: 3`, `"3"` or `W/"3"`: the version the change was made from. */
const versionTag = text()
  .trim()
  .regex(/^(W\/)?"?\d{1,9}"?$/)
  .transform((value) => Number(value.replace(/\D/g, '')));

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The settings in force, and a change of them. */
function currentRoutes(app: App, services: Services) {
  app.get(
    '/settings',
    {
      ...needs('settings.manage'),
      schema: {
        tags,
        security,
        summary:
          "The club's settings in force, the price of today and the next one planned, and their `version`",
        response: { 200: settingsResponse, ...guarded },
      },
    },
    async (request, reply) => {
      const settings = await services.settings.get(request.user);
      return reply.header('etag', `"${settings.version}"`).send(settings);
    },
  );

  app.patch(
    '/settings',
    {
      ...needs('settings.manage'),
      schema: {
        tags,
        security,
        summary:
          'Changes any of the settings as a new version, made from the version named by `If-Match` (412 when ' +
          'another change came first); `price_from` (default today) is the day `price_cents` takes effect',
        headers: z.looseObject({ 'if-match': versionTag }),
        body: settingsPatchSchema,
        response: { 200: settingsResponse, 400: errorResponse, 412: errorResponse, ...guarded },
      },
    },
    async (request, reply) => {
      const settings = await services.settings.change(
        request.user,
        request.body,
        request.headers['if-match'],
      );
      return reply.header('etag', `"${settings.version}"`).send(settings);
    },
  );
}

/** The versions, and an earlier one given back. */
function versionRoutes(app: App, services: Services) {
  app.get(
    '/settings/versions',
    {
      ...needs('settings.manage'),
      schema: {
        tags,
        security,
        summary:
          'The versions, newest first, `limit` (default 20, at most 100) of them older than `before` when given: ' +
          'who made each, when, the changed values before and every value after. Versions are numbered from 1 ' +
          'without gaps, so a page whose last version is above 1 has older ones.',
        querystring: z.object({
          before: idParam().optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
        }),
        response: { 200: z.array(versionResponse), 400: errorResponse, ...guarded },
      },
    },
    async (request) => services.settings.versions(request.user, request.query),
  );

  app.post(
    '/settings/versions/:version/restore',
    {
      ...needs('settings.manage'),
      schema: {
        tags,
        security,
        summary:
          "Gives back an earlier version's values as a new version (pick-up points made since stay, retired); " +
          '`If-Match` optional',
        params: z.object({ version: idParam() }),
        headers: z.looseObject({ 'if-match': versionTag.optional() }),
        response: { 200: settingsResponse, 404: errorResponse, 412: errorResponse, ...guarded },
      },
    },
    async (request, reply) => {
      const settings = await services.settings.restore(
        request.user,
        request.params.version,
        request.headers['if-match'],
      );
      return reply.header('etag', `"${settings.version}"`).send(settings);
    },
  );
}

const adminSettings: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  currentRoutes(app, services);
  versionRoutes(app, services);
};

export default adminSettings;
