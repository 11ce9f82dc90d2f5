/**
 * Background work of the process: retrying queued mail, expiring unpaid orders, the daily retention job (once
 * across instances: expired sessions, stale devices, old unpaid orders, mail and audit entries; decision 0043),
 * and the print worker's poll (jobs queued by an instance that stopped, or stalled). Returns a function that
 * stops it (called on shutdown) and resolves once the print worker is idle.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Runtime } from './start.ts';

const EVERY_MS = 30_000;
const PRINT_POLL_MS = 2_000;

export function startBackgroundWork({ services }: Runtime, log: FastifyBaseLogger): () => Promise<void> {
  const work = async () => {
    try {
      await services.mail.processDue();
      const expired = await services.payments.expirePending();
      if (expired) log.info({ expired }, 'unpaid orders expired');
      // Daily, on one instance only; expired sessions and stale devices go with it (personal-data registry).
      await services.retention.runIfDue();
    } catch (error) {
      log.error({ err: error }, 'background work failed');
    }
  };
  // One run at a time; the stop waits for the one under way, which the database is still open for.
  let current: Promise<void> | null = null;
  const tick = () => {
    current ??= work().finally(() => {
      current = null;
    });
    return current;
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  const printPoll = setInterval(() => void services.printJobs.work(), PRINT_POLL_MS);
  printPoll.unref();
  void tick();
  void services.printJobs.work();
  return async () => {
    clearInterval(timer);
    clearInterval(printPoll);
    await current;
    await services.printJobs.stop();
  };
}
