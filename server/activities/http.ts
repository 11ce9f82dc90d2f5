/**
 * What the Ride with GPS and intervals.icu clients share: one HTTP call with a time limit whose failure becomes a
 * ProviderError (never a message that could carry a token), and an answer parsed with zod. Strava keeps its own
 * (strava.ts) for the 403s that refuse its application and its rate-limit windows.
 */
import type { z } from '../../domain/schemas/zod.ts';
import { ProviderError } from './provider.ts';

/** Neither service documents a token lifetime or a refresh: their tokens stand until revoked. */
export const NEVER_EXPIRES = new Date('9999-12-31T00:00:00Z');

/** Seconds to wait after a 429 when the service does not say (neither documents its limits). */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

export interface HttpSession {
  /** The service's name, for the errors' messages. */
  readonly service: string;
  readonly timeoutMs: number;
}

function retryAfterSeconds(headers: Headers): number {
  const seconds = Number(headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_SECONDS;
}

/** `refusedAs400`: OAuth token endpoints answer 400 for a used or unknown code (RFC 6749 §5.2, invalid_grant). */
export async function call(
  session: HttpSession,
  url: string,
  init: RequestInit,
  refusedAs400 = false,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(session.timeoutMs) });
  } catch {
    throw new ProviderError('unavailable', `${session.service} could not be reached`);
  }
  if (response.ok) return response;
  await response.body?.cancel().catch(() => undefined);
  if (response.status === 401 || response.status === 403 || (refusedAs400 && response.status === 400))
    throw new ProviderError('unauthorized', `${session.service} refused the authorization`);
  if (response.status === 404) throw new ProviderError('not_found', `No such activity at ${session.service}`);
  if (response.status === 429)
    throw new ProviderError('rate_limited', `${session.service}'s rate limit is reached`, {
      retryAfterSeconds: retryAfterSeconds(response.headers),
    });
  throw new ProviderError('unavailable', `${session.service} answered ${response.status}`);
}

export async function json<T>(session: HttpSession, response: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new ProviderError('unavailable', `${session.service} answered an unexpected shape`);
  return parsed.data;
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** Kilometres to one decimal from metres, as the site shows a ride. */
export const kilometres = (metres: number) => Math.round(metres / 100) / 10;
