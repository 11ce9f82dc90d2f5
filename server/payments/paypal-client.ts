/**
 * A thin typed client over PayPal's REST API: an OAuth token cached until a minute before it expires, shared by
 * concurrent calls and renewed once when PayPal refuses it, and errors that carry PayPal's `debug_id`.
 */
import { z } from '../../domain/schemas/zod.ts';

export interface PaypalClientOptions {
  clientId: string;
  clientSecret: string;
  /** `https://api-m.paypal.com` (live) or `https://api-m.sandbox.paypal.com` (sandbox). */
  apiBaseUrl: string;
  /** Time limit of one HTTP request. */
  timeoutMs: number;
}

/** A failed call to PayPal, with the `debug_id` PayPal's support asks for. Never carries credentials. */
export class PaypalApiError extends Error {
  override name = 'PaypalApiError';
  readonly status: number;
  /** PayPal's error name or, for a business error, the first `details[].issue` (e.g. ORDER_ALREADY_CAPTURED). */
  readonly issue: string | undefined;
  readonly debugId: string | undefined;

  constructor(message: string, status: number, issue: string | undefined, debugId: string | undefined) {
    super(message);
    this.status = status;
    this.issue = issue;
    this.debugId = debugId;
  }
}

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
/** Both shapes PayPal answers errors with: the REST one and the OAuth one. */
const errorSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** The error PayPal answered, read from a failed response. */
export async function apiError(response: Response, operation: string): Promise<PaypalApiError> {
  const parsed = errorSchema.safeParse(await response.json().catch(() => ({})));
  const body = parsed.success ? parsed.data : {};
  const detail = body.details?.[0];
  const issue = detail?.issue ?? body.name ?? body.error;
  const debugId = body.debug_id ?? response.headers.get('paypal-debug-id') ?? undefined;
  const description = detail?.description ?? body.message ?? body.error_description;
  return new PaypalApiError(
    `PayPal ${operation} failed: HTTP ${response.status}${issue ? ` ${issue}` : ''}` +
      `${description ? ` (${description})` : ''}, debug_id ${debugId ?? 'none'}`,
    response.status,
    issue,
    debugId,
  );
}

/** The body of a successful response in the shape expected, else the error PayPal answered. */
export async function readJson<S extends z.ZodType>(response: Response, schema: S, operation: string) {
  if (!response.ok) throw await apiError(response, operation);
  return schema.parse(await response.json()) as z.output<S>;
}

export type PaypalRequest = (
  method: 'GET' | 'POST',
  path: string,
  options?: { body?: string; headers?: Record<string, string> },
) => Promise<Response>;

/** A function sending one authenticated request to PayPal. */
export function createPaypalClient({
  clientId,
  clientSecret,
  apiBaseUrl,
  timeoutMs,
}: PaypalClientOptions): PaypalRequest {
  const baseUrl = apiBaseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const response = await fetch(`${baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = await readJson(response, tokenSchema, 'authentication');
    // Renewed a minute early, so that a token never expires on its way to PayPal.
    token = {
      value: answer.access_token,
      expiresAt: Date.now() + Math.max(0, answer.expires_in - 60) * 1000,
    };
    return answer.access_token;
  }

  function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return Promise.resolve(token.value);
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = undefined;
    });
    return tokenRequest;
  }

  return async function request(method, path, options = {}) {
    const send = async (bearer: string) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/json',
          accept: 'application/json',
          ...options.headers,
        },
        body: options.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    const response = await send(await accessToken());
    if (response.status !== 401) return response;
    // The cached token was revoked or expired early at PayPal: one retry with a fresh one.
    await response.body?.cancel();
    token = undefined;
    return send(await accessToken());
  };
}
