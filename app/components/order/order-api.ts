/**
 * The ordering calls that need more than app/lib/api-client's apiRequest: creating an order sends an
 * Idempotency-Key header, so that a double click or a retried request creates one order, not two.
 */
import { ApiError, NETWORK_ERROR, apiErrorFrom } from '../../lib/api-client.ts';

export interface CreatedOrder {
  id: number;
  redirect_url: string;
}

/** A random UUID v4; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * POST /api/orders: 201 `{id, redirect_url}`; throws ApiError otherwise. `lang` is the language of the pages the
 * provider sends the buyer back to.
 */
export async function createOrder(
  body: unknown,
  idempotencyKey: string,
  lang: string,
): Promise<CreatedOrder> {
  let response: Response;
  try {
    response = await fetch(`/api/orders?lang=${encodeURIComponent(lang)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR, cause instanceof Error ? cause.message : 'Network error');
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) throw apiErrorFrom(response.status, json, response.headers);
  return json as CreatedOrder;
}

/**
 * Whether a new attempt needs a new key: once the server has answered, the request is settled and a retry is a
 * new attempt; after a network failure the server may have created the order, so the same key is sent again.
 */
export function needsNewKey(error: unknown): boolean {
  return !(error instanceof ApiError && error.code === NETWORK_ERROR);
}
