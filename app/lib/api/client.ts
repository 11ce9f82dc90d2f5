/**
 * The browser's one way to call the API (docs/API.md): `request` sends with same-origin credentials (the session
 * cookie) a JSON body or raw bytes, extra headers, keepalive when the page is going away, and answers the parsed
 * JSON or the bytes (a PDF). Every failure becomes one error type carrying what the forms need (status, stable
 * code, field errors, Retry-After). The per-area calls (orders.ts, admin.ts, tracks.ts) are thin over it.
 */
import { ERROR_MESSAGE_KEYS, isErrorCode } from '../../../domain/errors.ts';

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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** A value sent as JSON. */
  json?: unknown;
  /** Bytes or text sent as they are, labelled with `contentType`. */
  body?: BodyInit;
  contentType?: string;
  /** More headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** The request outlives the page (a last save on pagehide). */
  keepalive?: boolean;
  /** 'json' (the default) answers the parsed body, undefined when empty; 'blob' answers the bytes. */
  answer?: 'json' | 'blob';
}

async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls the API and answers the parsed JSON (undefined for 204) or the bytes. Throws ApiError for any answer
 * other than 2xx, and for a network failure (status 0, code `network_error`).
 */
export async function request<T = unknown>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const blob = options.answer === 'blob';
  const contentType = options.json !== undefined ? 'application/json' : options.contentType;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: {
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
      accept: blob ? 'application/pdf, application/json' : 'application/json',
      ...options.headers,
    },
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  };
  if (options.keepalive) init.keepalive = true;
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR, cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) throw apiErrorFrom(response.status, await jsonOf(response), response.headers);
  return (blob ? await response.blob() : await jsonOf(response)) as T;
}

/** The common case: `body` (if any) sent as JSON, the JSON answered. */
export function apiRequest<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  return request<T>(method, path, body === undefined ? {} : { json: body });
}
