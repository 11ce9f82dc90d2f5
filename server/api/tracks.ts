/**
 * The track check: `POST /track-checks` (anyone, rate-limited) and a candidate's attached ride,
 * `POST|GET /candidates/{id}/track` (the buyer; GET also admins). The file comes as the raw body with a track
 * content type, or as the `file` field of a multipart form.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../domain/schemas/zod.ts';
import { idParam } from '../../domain/schemas/common.ts';
import {
  ACTIVITY_PROVIDERS,
  type ActivityProvider,
  isActivityProvider,
  TRACK_SOURCES,
} from '../../domain/activity-providers.ts';
import { activityIdField } from '../../domain/schemas/activities.ts';
import { trackAnalysisSchema } from '../../domain/schemas/track.ts';
import { validationError } from '../errors.ts';
import { configuredSources } from '../services/rides/activity-sources.ts';
import { requireUser } from '../plugins/auth.ts';
import { TRACK_LIMITS, invalidTrack, trackTooLarge } from '../track/read-track.ts';
import type { ApiOptions } from './index.ts';
import { errorResponse } from './schemas.ts';

/** What riders' devices and sites send; octet-stream is recognised from its bytes. */
export const TRACK_CONTENT_TYPES = [
  'application/gpx+xml',
  'application/vnd.garmin.tcx+xml',
  'application/vnd.ant.fit',
  'application/gzip',
  'application/x-gzip',
  'application/octet-stream',
];

/** Room for the multipart envelope around a file of the maximum size. */
const BODY_LIMIT = TRACK_LIMITS.maxUploadBytes + 64 * 1024;

const storedTrack = z.object({
  candidate_id: z.number().int(),
  format: z.enum(['gpx', 'tcx', 'fit']),
  uploaded_at: z.string(),
  source: z.enum(TRACK_SOURCES),
  activity_id: z.string().nullable(),
  analysis: trackAnalysisSchema,
});

/**
 * Instead of a file, a ride at an activity service the rider connected: `{ "provider": …, "activity_id": … }`, or
 * Strava's first form, `{ "strava_activity_id": … }`.
 */
const fromProvider = z.union([
  z
    .object({ provider: z.enum(ACTIVITY_PROVIDERS), activity_id: z.union([z.string(), z.number()]) })
    .transform((body, context) => {
      const id = activityIdField(body.provider).safeParse(body.activity_id);
      if (!id.success) context.addIssue({ code: 'custom', message: 'validation:activity_id_invalid' });
      return { provider: body.provider, activity_id: id.data ?? '' };
    }),
  z.object({ strava_activity_id: activityIdField() }).transform(({ strava_activity_id }) => ({
    provider: 'strava' as const,
    activity_id: strava_activity_id,
  })),
]);

/** The ride named instead of a file, at one of the `offered` services; null when the body is a file. */
function activityOf(
  body: unknown,
  offered: readonly ActivityProvider[],
): { provider: ActivityProvider; activity_id: string } | null {
  // Without any service, a body that is not a file is a bad file, as before the services came.
  if (offered.length === 0 || Buffer.isBuffer(body) || typeof body !== 'object' || body === null) return null;
  const parsed = fromProvider.safeParse(body);
  if (parsed.success && offered.includes(parsed.data.provider)) return parsed.data;
  if ('strava_activity_id' in body)
    throw validationError({ strava_activity_id: 'validation:activity_id_invalid' });
  const provider = (body as { provider?: unknown }).provider;
  throw validationError(
    isActivityProvider(provider) && offered.includes(provider)
      ? { activity_id: 'validation:activity_id_invalid' }
      : { provider: 'validation:provider_invalid' },
  );
}

const uploadErrors = { 400: errorResponse, 413: errorResponse, 415: errorResponse, 429: errorResponse };

async function uploadedFile(request: FastifyRequest): Promise<Uint8Array> {
  if (request.isMultipart()) {
    let part;
    try {
      part = await request.file();
    } catch {
      throw invalidTrack('The form could not be read');
    }
    if (!part || part.fieldname !== 'file') throw validationError({ file: 'validation:required' });
    try {
      return await part.toBuffer();
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 413) throw trackTooLarge();
      throw invalidTrack('The form could not be read');
    }
  }
  if (!Buffer.isBuffer(request.body))
    throw invalidTrack('Send the file as the body or as the form field "file"');
  return request.body;
}

const tracks: FastifyPluginAsyncZod<ApiOptions> = async (app, { services }) => {
  await app.register(multipart, {
    limits: { fileSize: TRACK_LIMITS.maxUploadBytes, files: 1, fields: 2, parts: 3 },
  });
  app.addContentTypeParser(
    TRACK_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/track-checks',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['tracks'],
        summary: 'Check a GPS track (GPX, TCX, FIT or a gzip of one) against the challenges',
        response: { 200: trackAnalysisSchema, ...uploadErrors },
      },
    },
    async (request) => services.tracks.check(await uploadedFile(request), request.ip),
  );

  const params = z.object({ id: idParam() });

  app.post(
    '/candidates/:id/track',
    {
      bodyLimit: BODY_LIMIT,
      onRequest: requireUser,
      schema: {
        tags: ['tracks'],
        summary:
          'Attach the ride to a candidate (the buyer of the registration): its GPS file, or `{provider, activity_id}` of a ride at a connected service (`{strava_activity_id}` also for Strava)',
        params,
        response: {
          200: storedTrack,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
          503: errorResponse,
          ...uploadErrors,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = request.user!;
      const activity = activityOf(request.body, configuredSources(services.activitySources));
      if (activity === null) return services.tracks.attach(id, user, await uploadedFile(request), request.ip);
      return services.activitySources[activity.provider].attachRide(
        user,
        id,
        activity.activity_id,
        request.ip,
      );
    },
  );

  app.get(
    '/candidates/:id/track',
    {
      onRequest: requireUser,
      schema: {
        tags: ['tracks'],
        summary: "A candidate's attached ride and its analysis (the buyer or an admin)",
        params,
        response: { 200: storedTrack, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => services.tracks.get(request.params.id, request.user!),
  );
};

export default tracks;
