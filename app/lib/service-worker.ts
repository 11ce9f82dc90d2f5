/**
 * The page's side of the service worker (app/service-worker/): registered once the page is interactive and the
 * browser is idle, so it never competes with the first paint; asked to keep the offline pages in the language
 * being read; and, when a new version is waiting, the rider is offered to reload (app/components/update-prompt.tsx).
 * This module and workbox-window are loaded only then, in their own chunks (app/root.tsx imports them
 * dynamically), so no page pays for them in its first load. Off in development (Vite serves no worker).
 */
import type { Workbox } from 'workbox-window';
import type { WorkerMessage } from '../service-worker/messages.ts';
import { PERSONAL_CACHES, SERVICE_WORKER_URL } from '../../contracts/service-worker.ts';

let workbox: Workbox | null = null;

function supported(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

function whenIdle(run: () => void) {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run) : setTimeout(run, 0));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Registers the worker after the page has loaded and the browser is idle, and calls `onUpdateWaiting` when a new
 * version has installed and waits for the rider. Safe to call more than once.
 */
export function startServiceWorker(onUpdateWaiting: () => void): void {
  if (!supported() || workbox) return;
  whenIdle(() => {
    void (async () => {
      const { Workbox } = await import('workbox-window');
      if (workbox) return;
      workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
      workbox.addEventListener('waiting', onUpdateWaiting);
      try {
        await workbox.register();
      } catch {
        // Refused (private window, blocked by policy): the site works as it always did, online.
      }
    })();
  });
}

/** Asks the active worker to keep the offline pages of this language (it refreshes them at most every few hours). */
export function keepOfflinePages(locale: string): void {
  if (!supported()) return;
  const message: WorkerMessage = { type: 'warm', locale };
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** Lets the waiting version take over, then reloads this page on it (other tabs carry on until they reload). */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/**
 * What the worker holds for the person on this device: a ride shared from another app, not yet checked, and the
 * route card kept for the mountain.
 */
export async function forgetDeviceFiles(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
  } catch {
    // Storage refused (private mode): there was nothing to forget.
  }
}
