/**
 * `npm start`: build the pages when there is no build yet, then serve the site (server/instance.ts). With
 * WORKERS=N (PostgreSQL only) the first process forks N instances that share the port (node:cluster) and only
 * supervises them.
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, ConfigError, parseConfig } from './config.ts';
import { aggregateInstances } from './metrics-cluster.ts';
import { serveMetricsPort } from './metrics-port.ts';
import { stopEndsWithin } from './stop-watchdog.ts';

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

async function main() {
  // Checked before the build and the fork: a refused configuration (WORKERS without DATABASE_URL) stops here.
  const config = parseConfig();
  if (cluster.isPrimary) ensureBuild();
  if (cluster.isPrimary && config.workers > 1) await supervise(config);
  // The site's code loads here only: a supervising primary holds none of it (about 100 MB less with WORKERS).
  else await (await import('./instance.ts')).serve();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
