/**
 * Sends a registration's kept stamps (POST /api/candidates/{id}/stamps) and forgets those the server answered for.
 * The page calls it when it opens, when the connection returns and on "send now"; the service worker calls it on
 * Background Sync, where the browser has it, even with the page closed. Every wait is bounded.
 */
import type { StampsSent } from '../../../contracts/stamps.ts';
import { candidatesWithPendingStamps, forgetStamps, pendingStamps } from './outbox.ts';
import { refreshKeptPages } from './kept-card.ts';

export const SEND_TIMEOUT_MS = 15_000;
/** Background Sync's tag: the page asks for it (use-outbox.ts), the service worker answers it. */
export const STAMPS_SYNC_TAG = 'route-card-stamps';

export type SendOutcome = 'nothing' | 'sent' | 'offline' | 'refused';

export async function sendPendingStamps(candidateId: number): Promise<SendOutcome> {
  const pending = await pendingStamps(candidateId);
  if (pending.length === 0) return 'nothing';
  let response: Response;
  try {
    response = await fetch(`/api/candidates/${candidateId}/stamps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({
        stamps: pending.map(({ candidate_id: _candidate, ...stamp }) => stamp),
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    return 'offline';
  }
  // Signed out, or a malformed outbox: the stamps stay on the phone for the rider to send once it is settled.
  if (!response.ok) return 'refused';
  const { results } = (await response.json()) as StampsSent;
  await forgetStamps(results.map((result) => result.client_id));
  // The copy kept for the mountain now shows these stamps as the server's, since the outbox no longer holds them.
  await refreshKeptPages(candidateId);
  return 'sent';
}

/**
 * Background Sync's work in the service worker: every registration's kept stamps. Throwing while offline tells
 * the browser to try again later, as the Background Sync API documents.
 */
export async function sendEveryPendingStamp(): Promise<void> {
  for (const candidateId of await candidatesWithPendingStamps()) {
    if ((await sendPendingStamps(candidateId)) === 'offline') throw new Error('offline');
  }
}
