/**
 * One error handler for the whole server: the JSON error shape of docs/API.md for the API, never a stack trace
 * or an internal message in a 5xx answer.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ID_OUT_OF_RANGE } from '../../domain/schemas/common.ts';
import { AppError } from '../errors.ts';

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    details?: Record<string, string>;
  };
}

function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, string>,
): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) } };
}

/**
 * Errors Fastify answers before any route is found (a path that is not valid percent-encoded UTF-8): the same
 * error shape as every other answer. Passed to Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(_error: FastifyError, _request: unknown, reply: FastifyReply) {
  return reply.code(400).send(errorBody('bad_url', 'Malformed address'));
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // An id beyond the database's integer range names no object: the same answer as any other missing id.
      if (error.validation.every((issue) => issue.message === ID_OUT_OF_RANGE))
        return reply.code(404).send(errorBody('not_found', 'Not found'));
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[path] ??= issue.message ?? 'validation:invalid';
      }
      return reply.code(400).send(errorBody('validation', 'Invalid input', fields));
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(errorBody(error.code, error.message, error.fields, error.details));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody('internal', 'Internal server error'));
    }
    if (status === 429) return reply.code(429).send(errorBody('rate_limited', error.message));
    if (status === 415) return reply.code(415).send(errorBody('unsupported_media_type', error.message));
    if (status === 413) return reply.code(413).send(errorBody('payload_too_large', error.message));
    return reply.code(status).send(errorBody(status === 404 ? 'not_found' : 'bad_request', error.message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody('not_found', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
});
