/**
 * One instance of the site: open and migrate the database, load the content, listen, and close everything cleanly
 * on SIGINT/SIGTERM. `npm start` runs it in its own process (server/main.ts), or in each of WORKERS forked
 * processes; it is apart from main.ts so that a supervising process never loads the site's code.
 */
import cluster from 'node:cluster';
import { startAdminSocket } from './admin-socket.ts';
import { instanceMetrics } from './metrics-cluster.ts';
import { serveMetricsPort } from './metrics-port.ts';
import { buildApp } from './app.ts';
import { createLifecycle, gracefulStop } from './lifecycle.ts';
import { prepareRuntime } from './start.ts';
import { startStopWatchdog } from './stop-watchdog.ts';
import { startBackgroundWork } from './workers.ts';

export async function serve() {
  const started = performance.now();
  const runtime = await prepareRuntime();
  const lifecycle = createLifecycle();
  const scrapeMetrics = instanceMetrics();
  const app = await buildApp({ ...runtime, pages: {}, lifecycle, scrapeMetrics });
  // With WORKERS > 1 the primary serves METRICS_PORT for every instance.
  const metricsPort = cluster.isWorker ? undefined : runtime.config.metrics.port;
  const closeMetricsPort = metricsPort
    ? await serveMetricsPort(metricsPort, scrapeMetrics, (error) =>
        app.log.error({ err: error }, 'metrics failed'),
      )
    : async () => {};
  const stopWork = startBackgroundWork(runtime, app.log);
  const closeAdminSocket =
    runtime.database.kind === 'pglite'
      ? await startAdminSocket(runtime.config.dataDir, ({ argv, cwd }, output) =>
          // The command line's code (and the demo's generator) loads with the first command, not at start.
          import('./cli.ts').then(({ runCommand }) =>
            runCommand(argv, {
              ...output,
              services: runtime.services,
              db: runtime.database.db,
              cwd,
              interactive: false,
            }),
          ),
        )
      : async () => {};

  const stop = gracefulStop({
    lifecycle,
    ...runtime.config.shutdown,
    log: app.log,
    release: [
      // Stops accepting, answers every request it has read, closes the idle connections.
      ['requests', () => app.close()],
      // Hands a print job in progress back to the queue.
      ['jobs', stopWork],
      ['admin socket', closeAdminSocket],
      ['metrics port', closeMetricsPort],
    ],
    close: [
      ['services', () => runtime.services.close()],
      ['database', () => runtime.database.close()],
    ],
    exit: (code) => process.exit(code),
    startWatchdog: (startedAt) =>
      startStopWatchdog(
        { startedAt, timeoutMs: runtime.config.shutdown.timeoutMs, logLevel: runtime.config.logLevel },
        (error) => app.log.error({ err: error }, 'the stop watchdog did not start'),
      ),
  });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ port: runtime.config.port, host: runtime.config.host });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const database =
    runtime.database.kind === 'pglite' ? `embedded PGlite in ${runtime.config.dataDir}` : 'PostgreSQL';
  const instance = cluster.isWorker ? `, instance ${process.pid}` : '';
  console.log(
    `Club des Cinglés du Mont-Ventoux: ${runtime.config.publicUrl}/fr (${database}${instance}, ready in ${seconds} s)`,
  );
}
