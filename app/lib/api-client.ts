/**
 * The browser's way to call the JSON API: same-origin credentials (the session cookie), JSON in and out, and one
 * error type carrying what the forms need (status, stable code, field errors, Retry-After).
 */
import { ERROR_MESSAGE_KEYS, isErrorCode } from '../../domain/errors.ts';

/** Code of an ApiError when the server could not be reached at all. */
export const NETWORK_ERROR = 'network_error';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Field path -> message key (`validation:...`), as the API's 400 answers give them. */
  readonly fields: Record<string, string>;
  /** Seconds to wait before trying again (429), when the server said so. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { fields?: Record<string, string>; retryAfter?: number | null } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = extra.fields ?? {};
    this.retryAfter = extra.retryAfter ?? null;
  }
}

/** Retry-After in seconds; the HTTP-date form is converted against `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function isRecordOfStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

/** The ApiError for a failed answer, from its status, JSON body (if any) and headers. */
export function apiErrorFrom(status: number, body: unknown, headers: Headers): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : status >= 500 ? 'internal' : 'bad_request';
  const message = typeof error?.message === 'string' ? error.message : `HTTP ${status}`;
  return new ApiError(status, code, message, {
    fields: isRecordOfStrings(error?.fields) ? error.fields : undefined,
    retryAfter: parseRetryAfter(headers.get('retry-after')),
  });
}

/** The `validation` key of the text to show for an error; unknown codes read as an unexpected error. */
export function errorMessageKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR) return 'validation:network_error';
    if (isErrorCode(error.code)) return ERROR_MESSAGE_KEYS[error.code];
  }
  return 'validation:internal';
}

/**
 * Sends `body` as JSON and answers the parsed JSON (undefined for 204). Throws ApiError for any answer other than
 * 2xx, and for a network failure (status 0, code `network_error`).
 */
export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR, cause instanceof Error ? cause.message : 'Network error');
  }
  const text = await response.text();
  let json: unknown = undefined;
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!response.ok) throw apiErrorFrom(response.status, json, response.headers);
  return json as T;
}
