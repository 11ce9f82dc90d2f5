/**
 * The ordering calls: creating an order sends an Idempotency-Key header, so that a double click or a retried
 * request creates one order, not two; the draft is saved as the user types, and once more when the page goes away.
 */
import { ApiError, NETWORK_ERROR, apiRequest, request } from './client.ts';

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
export function createOrder(body: unknown, idempotencyKey: string, lang: string): Promise<CreatedOrder> {
  return request<CreatedOrder>('POST', `/api/orders?lang=${encodeURIComponent(lang)}`, {
    json: body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/**
 * Whether a new attempt needs a new key: once the server has answered, the request is settled and a retry is a
 * new attempt; after a network failure the server may have created the order, so the same key is sent again.
 */
export function needsNewKey(error: unknown): boolean {
  return !(error instanceof ApiError && error.code === NETWORK_ERROR);
}

const DRAFT_PATH = '/api/orders/draft';

/** PUT /api/orders/draft with the draft already written as JSON. */
export async function saveDraft(body: string): Promise<void> {
  await request('PUT', DRAFT_PATH, { body, contentType: 'application/json' });
}

export async function deleteDraft(): Promise<void> {
  await apiRequest('DELETE', DRAFT_PATH);
}

/** The last save as the page goes away: the browser sends it after the page is gone, nobody reads the answer. */
export function saveDraftOnLeave(body: string): void {
  request('PUT', DRAFT_PATH, { body, contentType: 'application/json', keepalive: true }).catch(
    () => undefined,
  );
}
