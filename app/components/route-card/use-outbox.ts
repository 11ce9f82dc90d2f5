/**
 * The route card page's outbox: the stamps kept on this phone for one registration, sent when the page opens, when
 * the connection returns and on "send now"; after a send the page reads the card again from the server.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { type PendingStamp, keepStamp, pendingStamps } from './outbox.ts';
import { STAMPS_SYNC_TAG, type SendOutcome, sendPendingStamps } from './send-stamps.ts';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the service worker to send when the connection returns, even if the page is closed by then. */
async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // `ready` never settles on a page without a service worker: wait two seconds at most.
  const registration = await Promise.race([
    navigator.serviceWorker.ready as Promise<SyncRegistration>,
    new Promise<null>((resolve) => setTimeout(resolve, 2_000, null)),
  ]);
  await registration?.sync?.register(STAMPS_SYNC_TAG).catch(() => undefined);
}

/** Asks the browser not to evict the outbox under storage pressure; a refusal changes nothing else. */
async function askPersistentStorage(): Promise<void> {
  if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
}

export type OutboxState = 'idle' | 'sending' | Exclude<SendOutcome, 'nothing'>;

export function useOutbox(candidateId: number) {
  const { revalidate } = useRevalidator();
  // The latest `revalidate`, without making `send` (and the effect that listens for the connection) change with it.
  const revalidateRef = useRef(revalidate);
  useEffect(() => {
    revalidateRef.current = revalidate;
  });
  const [pending, setPending] = useState<PendingStamp[]>([]);
  const [state, setState] = useState<OutboxState>('idle');
  // One send at a time; a stamp kept while one is under way goes in the next, at once.
  const sender = useRef({ running: false, again: false });

  const send = useCallback(async (): Promise<void> => {
    const flags = sender.current;
    if (flags.running) {
      flags.again = true;
      return;
    }
    flags.running = true;
    try {
      do {
        flags.again = false;
        const waiting = await pendingStamps(candidateId);
        setPending(waiting);
        if (waiting.length === 0) break;
        setState('sending');
        const outcome = await sendPendingStamps(candidateId);
        setState(outcome === 'nothing' ? 'idle' : outcome);
        if (outcome !== 'sent') break;
        await revalidateRef.current();
      } while (flags.again);
    } finally {
      flags.running = false;
      setPending(await pendingStamps(candidateId));
    }
  }, [candidateId]);

  const keep = useCallback(
    async (stamp: PendingStamp) => {
      await keepStamp(stamp);
      setPending(await pendingStamps(candidateId));
      void requestBackgroundSync();
      await send();
    },
    [candidateId, send],
  );

  useEffect(() => {
    void askPersistentStorage().catch(() => undefined);
    const sendNow = () => void send();
    // What an earlier visit kept goes as soon as the page opens.
    const opening = setTimeout(sendNow, 0);
    window.addEventListener('online', sendNow);
    return () => {
      clearTimeout(opening);
      window.removeEventListener('online', sendNow);
    };
  }, [send]);

  return { pending, state, keep, send };
}
