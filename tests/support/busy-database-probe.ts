/**
 * Run by tests/cluster/kept-page-busy-database.test.ts in a plain Node process (the pages' build shares the
 * request context with the server only outside the test runner's module graph): the server as `npm start` builds
 * it, on DATA_DIR, asked for a kept page while its embedded database runs a long query. Prints one line of JSON.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { prepareRuntime } from '../../server/start.ts';

const longQuerySeconds = Number(process.argv[2] ?? 4);
const runtime = await prepareRuntime({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  SMTP_URL: '',
});
const app = await buildApp({ ...runtime, pages: {} });
await app.ready();
try {
  const first = await app.inject({ method: 'GET', url: '/fr' });
  const kept = await app.inject({ method: 'GET', url: '/fr' });

  let queryEnded = false;
  const longQuery = runtime.database.db
    .execute(sql`select pg_sleep(${longQuerySeconds})`)
    .then(() => (queryEnded = true));
  // The query is written to the database before the page is asked for: pg takes the one connection and writes
  // the query in the same turn.
  const pool = (runtime.database.db as unknown as { $client: pg.Pool }).$client;
  while (pool.idleCount > 0 || pool.totalCount === 0) await new Promise((resolve) => setImmediate(resolve));
  const page = await app.inject({ method: 'GET', url: '/fr' });
  const queryEndedBeforePage = queryEnded;
  await longQuery;
  console.log(
    JSON.stringify({
      firstStatus: first.statusCode,
      keptCache: kept.headers['x-page-cache'],
      pageStatus: page.statusCode,
      pageCache: page.headers['x-page-cache'],
      queryEndedBeforePage,
      queryEnded,
    }),
  );
} finally {
  await app.close();
  await runtime.database.close();
}
