/**
 * After the payment provider sends the buyer back, the order's status is asked every 1.5 s until the provider's
 * notification has settled it, for about two minutes at most; then the page says it is still waiting.
 */
import { useCallback, useEffect, useState } from 'react';
import type { OrderStatus } from '../../../domain/statuses.ts';
import { ApiError, apiRequest } from '../../lib/api/client.ts';

export const POLL_INTERVAL_MS = 1500;
export const POLL_TIMEOUT_MS = 120_000;

/** `unknown`: no such order for this user (or no order in the address); `timeout`: still pending after a while. */
export type ConfirmationState = 'checking' | Exclude<OrderStatus, 'pending'> | 'timeout' | 'unknown';

export interface PollOptions {
  fetchStatus: () => Promise<OrderStatus>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  signal?: AbortSignal;
  intervalMs?: number;
  timeoutMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks until the status is no longer `pending`. A 404 means the order is not the user's (or does not exist);
 * other failures (network, 5xx) are retried like a pending answer. Answers null when aborted.
 */
export async function pollOrderStatus({
  fetchStatus,
  sleep = wait,
  now = Date.now,
  signal,
  intervalMs = POLL_INTERVAL_MS,
  timeoutMs = POLL_TIMEOUT_MS,
}: PollOptions): Promise<Exclude<ConfirmationState, 'checking'> | null> {
  const start = now();
  for (;;) {
    if (signal?.aborted) return null;
    try {
      const status = await fetchStatus();
      if (status !== 'pending') return status;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'unknown';
    }
    if (signal?.aborted) return null;
    if (now() - start + intervalMs > timeoutMs) return 'timeout';
    await sleep(intervalMs);
  }
}

/** The order id of `?order=`, or null when it is missing or not an id. */
export function orderIdParam(value: string | null): number | null {
  if (value === null || !/^\d{1,8}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The confirmation page's state for an order, polling from the browser; `retry` starts again after a timeout.
 * Each round first asks the server, by POST, to finish the payment with the provider (PayPal captures the
 * approved order then): coming back to the page's address alone changes nothing.
 */
export function useOrderConfirmation(orderId: number | null) {
  const [state, setState] = useState<ConfirmationState>(orderId === null ? 'unknown' : 'checking');
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (orderId === null) return;
    const controller = new AbortController();
    // A failure here (network, no attempt yet) leaves the decision to the provider's webhook: polling goes on.
    void apiRequest('POST', `/api/orders/${orderId}/complete`)
      .catch(() => undefined)
      .then(() =>
        pollOrderStatus({
          fetchStatus: async () =>
            (await apiRequest<{ status: OrderStatus }>('GET', `/api/orders/${orderId}/status`)).status,
          signal: controller.signal,
        }),
      )
      .then((result) => {
        if (result) setState(result);
      });
    return () => controller.abort();
  }, [orderId, round]);

  const retry = useCallback(() => {
    setState('checking');
    setRound((value) => value + 1);
  }, []);

  return { state, retry };
}
