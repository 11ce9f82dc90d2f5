/**
 * Background work of the process: retrying queued mail, expiring unpaid orders, removing expired sessions.
 * Returns a function that stops it (called on shutdown).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Runtime } from './start.ts';

const EVERY_MS = 30_000;

export function startBackgroundWork({ services }: Runtime, log: FastifyBaseLogger): () => void {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await services.mail.processDue();
      const expired = await services.payments.expirePending();
      if (expired) log.info({ expired }, 'unpaid orders expired');
      await services.sessions.deleteExpired();
      await services.trustedDevices.deleteStale();
    } catch (error) {
      log.error({ err: error }, 'background work failed');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
