/**
 * `npm start`: build the pages when there is no build yet, open and migrate the database, load the content,
 * listen, and close everything cleanly on SIGINT/SIGTERM.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError } from './config.ts';
import { prepareRuntime } from './start.ts';
import { startBackgroundWork } from './workers.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function ensureBuild() {
  if (fs.existsSync(path.join(projectRoot, 'build/server/index.js'))) return;
  console.log('No build found: building the pages (react-router build)...');
  const result = spawnSync('react-router', ['build'], { cwd: projectRoot, stdio: 'inherit', shell: false });
  if (result.status !== 0) throw new Error('The build failed; see the output above.');
}

async function main() {
  const started = performance.now();
  ensureBuild();
  const runtime = await prepareRuntime();
  const app = await buildApp({ ...runtime, pages: {} });
  const stopWork = startBackgroundWork(runtime, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopWork();
    await app.close();
    runtime.services.close();
    await runtime.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: runtime.config.port, host: runtime.config.host });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const database =
    runtime.database.kind === 'pglite' ? `embedded PGlite in ${runtime.config.dataDir}` : 'PostgreSQL';
  console.log(
    `Club des Cinglés du Mont-Ventoux: ${runtime.config.publicUrl}/fr (${database}, ready in ${seconds} s)`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
