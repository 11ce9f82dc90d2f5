/**
 * Saves the order draft as the user types: one PUT /api/orders/draft a moment after the last change, never two
 * at once, and a last keepalive request when the page goes away (a reload, a closed tab) with changes unsaved.
 * `flush` saves right away, for the buttons that leave the page; `discard` deletes the draft after any save in
 * flight; `pause` stops saving while an order is being placed, because placing it deletes the draft on the
 * server and a late save would bring it back.
 */
import { useCallback, useEffect, useState } from 'react';
import { deleteDraft, saveDraft, saveDraftOnLeave } from '../../lib/api/orders.ts';
import { clientSession } from '../../lib/client-session.ts';
import type { OrderDraft } from './draft.ts';
import { DraftSaver } from './draft-saver.ts';

const DEFAULT_DELAY_MS = 600;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export function useDraftAutosave(draft: OrderDraft, delayMs = DEFAULT_DELAY_MS) {
  const json = JSON.stringify(draft);
  const [state, setState] = useState<SaveState>('idle');
  /** The last body the server confirmed, for the status shown: changes not saved yet read as 'saving'. */
  const [confirmed, setConfirmed] = useState(json);
  const [error, setError] = useState<unknown>(null);
  const [saver] = useState(
    () =>
      new DraftSaver(
        json,
        {
          put: saveDraft,
          delete: deleteDraft,
        },
        {
          onSaving: () => setState('saving'),
          onSaved: (body, upToDate) => {
            setConfirmed(body);
            clientSession.setHasOrderDraft((JSON.parse(body) as OrderDraft).candidats.length > 0);
            setError(null);
            setState(upToDate ? 'saved' : 'saving');
          },
          onError: (caught) => {
            setError(caught);
            setState('error');
          },
        },
      ),
  );
  useEffect(() => {
    saver.update(json);
    if (!saver.hasUnsavedChanges()) return;
    const timer = setTimeout(() => void saver.save(), delayMs);
    return () => clearTimeout(timer);
  }, [json, delayMs, saver]);

  useEffect(() => {
    const saveOnLeave = () => {
      const body = saver.unsavedBody();
      if (body === null) return;
      saveDraftOnLeave(body);
    };
    window.addEventListener('pagehide', saveOnLeave);
    return () => window.removeEventListener('pagehide', saveOnLeave);
  }, [saver]);

  /** Saves now; `force` saves even an unchanged draft, so the server surely holds what the page shows. */
  const flush = useCallback((force = false): Promise<boolean> => saver.save(force), [saver]);

  /** Deletes the draft on the server once the saves before it are done; the page then shows `empty`. */
  const discard = useCallback(
    async (empty: OrderDraft): Promise<void> => {
      const body = JSON.stringify(empty);
      await saver.discard(body);
      setConfirmed(body);
      setState('idle');
      setError(null);
      clientSession.setHasOrderDraft(false);
    },
    [saver],
  );

  const pause = useCallback(() => saver.pause(), [saver]);
  const resume = useCallback(() => saver.resume(), [saver]);

  const shown: SaveState =
    state === 'error' ? 'error' : json !== confirmed ? 'saving' : state === 'idle' ? 'idle' : 'saved';
  return { state: shown, error, flush, discard, pause, resume };
}
