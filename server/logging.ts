/**
 * The one logger configuration of the server and the services. Logs never hold what a person typed or what
 * proves who they are: no query strings, no bodies, no path parameters (a reset link carries an email and a
 * token in its path), no cookies or tokens, and no database error's query, parameters or detail (a failed
 * query carries the argon2 hash, phone and address it was writing).
 */
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import { createLogOutput } from './log-output.ts';

/** Belt and braces: should an object with these keys ever be logged, its values are replaced. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.token',
  '*.params',
  '*.query',
  '*.body',
];

interface LoggedRequest {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
}

/** The route's pattern ('/api/orders/:id') when one matched, else the path without its query string. */
export function requestSerializer(request: LoggedRequest) {
  const route = request.routeOptions?.url;
  const path = (request.url ?? '').split('?')[0];
  return { method: request.method, url: route && !route.includes('*') ? route : path };
}

function responseSerializer(reply: { statusCode?: number }) {
  return { statusCode: reply.statusCode };
}

/**
 * Fields of a PostgreSQL error (pg or PGlite) that name the failure without quoting data: its SQLSTATE code and
 * the schema objects involved. `message` and `detail` are left out, as they quote values ('Key (email)=(…)').
 */
const DATABASE_ERROR_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
] as const;

/** The stack's frames without its first line, which repeats the message. */
function framesOf(error: Error): string | undefined {
  return error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    'query' in error ||
    'params' in error ||
    (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error)
  );
}

/**
 * An error as a log line may hold it. A database error (drizzle's DrizzleQueryError, pg's or PGlite's error)
 * keeps only its type, SQLSTATE code and object names; other errors keep their message, code and stack frames.
 */
export function errorSerializer(value: unknown, depth = 0): Record<string, unknown> | unknown {
  if (!(value instanceof Error) || depth > 3) return value instanceof Error ? { type: value.name } : value;
  const error = value as Error & Record<string, unknown>;
  const logged: Record<string, unknown> = { type: error.constructor?.name ?? error.name };
  if (isDatabaseError(error)) {
    logged.message = 'database query failed';
    for (const field of DATABASE_ERROR_FIELDS)
      if (typeof error[field] === 'string') logged[field] = error[field];
  } else {
    logged.message = error.message;
    if (typeof error.code === 'string') logged.code = error.code;
    if (typeof error.statusCode === 'number') logged.statusCode = error.statusCode;
  }
  logged.stack = framesOf(error);
  if (error.cause !== undefined) logged.cause = errorSerializer(error.cause, depth + 1);
  return logged;
}

export const LOG_SERIALIZERS = { req: requestSerializer, res: responseSerializer, err: errorSerializer };

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: LOG_REDACT, serializers: LOG_SERIALIZERS };
}

/**
 * The logger of `npm start` (stdout, where a line that cannot be written is dropped: server/log-output.ts) or of
 * a test that reads what was logged (`destination`).
 */
export function createLogger(level: string, destination: DestinationStream = createLogOutput()): Logger {
  return pino(loggerOptions(level), destination);
}
