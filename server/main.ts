/**
 * `npm start`: build the pages when there is no build yet, open and migrate the database, load the content,
 * listen, and close everything cleanly on SIGINT/SIGTERM. With WORKERS=N (PostgreSQL only) the first process
 * forks N instances that share the port (node:cluster) and only supervises them.
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAdminSocket } from './admin-socket.ts';
import { aggregateInstances, instanceMetrics } from './metrics-cluster.ts';
import { serveMetricsPort } from './metrics-port.ts';
import { buildApp } from './app.ts';
import { type Config, ConfigError, parseConfig } from './config.ts';
import { createLifecycle, gracefulStop } from './lifecycle.ts';
import { prepareRuntime } from './start.ts';
import { startStopWatchdog, stopEndsWithin } from './stop-watchdog.ts';
import { startBackgroundWork } from './workers.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function ensureBuild() {
  if (fs.existsSync(path.join(projectRoot, 'build/server/index.js'))) return;
  console.log('No build found: building the pages and the service worker (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit', shell: false });
  if (result.status !== 0) throw new Error('The build failed; see the output above.');
}

/**
 * Forks the instances, replaces one that dies, and passes SIGINT/SIGTERM on; exits when all have stopped, 1 when
 * one of them failed its stop. It is also the instances' watchdog: one still there past the bound of the stop
 * (and its own watchdog's grace) is killed.
 */
async function supervise(config: Config) {
  const scrape = aggregateInstances();
  const closeMetricsPort = config.metrics.port
    ? await serveMetricsPort(config.metrics.port, scrape, (error) => console.error(error))
    : async () => {};
  let stopping = false;
  let failed = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    console.error(`Instance ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    // Not at once: an instance that cannot start (database down) would otherwise spin.
    setTimeout(fork, 1000);
  });
  // Every signal is passed on: the first starts each instance's drain, a second one ends it (server/lifecycle.ts).
  const stop = (signal: NodeJS.Signals) => {
    if (!stopping) {
      const overdue = setTimeout(
        () => {
          for (const worker of Object.values(cluster.workers ?? {})) {
            console.error(`Instance ${worker?.process.pid} still there after its stop's bound: killed.`);
            worker?.process.kill('SIGKILL');
          }
        },
        stopEndsWithin(config.shutdown.timeoutMs) + 1000,
      );
      overdue.unref();
    }
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    void closeMetricsPort();
  };
  process.on('SIGINT', () => stop('SIGTERM'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`Starting ${config.workers} instances (WORKERS=${config.workers}).`);
  for (let index = 0; index < config.workers; index++) fork();
}

async function serve() {
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

async function main() {
  // Checked before the build and the fork: a refused configuration (WORKERS without DATABASE_URL) stops here.
  const config = parseConfig();
  if (cluster.isPrimary) ensureBuild();
  if (cluster.isPrimary && config.workers > 1) await supervise(config);
  else await serve();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
