/** Builds the API server on a fresh database for one test file; `close()` releases everything. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { type Config, parseConfig } from '../../server/config.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../server/db/client.ts';
import type { Providers } from '../../server/payments/index.ts';
import type { MailTransport } from '../../server/mail/transport.ts';
import { createServices } from '../../server/services/index.ts';
import { openTestDatabase } from './test-database.ts';

export async function createTestApp(
  environment: Record<string, string> = {},
  options: {
    mailTransport?: MailTransport;
    providers?: (config: Config, db: Database) => Providers;
    /** A logger to read what the server and the services log (otherwise nothing is logged). */
    log?: FastifyBaseLogger;
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // A public PUBLIC_URL without payment keys would stop the start: tests of other matters pay in test mode.
    ...(environment.PUBLIC_URL && !environment.STRIPE_SECRET_KEY && !environment.PAYPAL_CLIENT_ID
      ? { PAYMENTS_TEST_MODE: 'true' }
      : {}),
    // Live payments need the club's postal address (riders post their route card to it).
    ...(environment.STRIPE_SECRET_KEY || environment.PAYPAL_CLIENT_ID
      ? { CLUB_POSTAL_ADDRESS: 'Club des Cinglés du Mont-Ventoux\\nBP 12\\n84410 Bédoin\\nFrance' }
      : {}),
    ...environment,
  });
  const database = await openTestDatabase();
  const services = createServices({
    db: database.db,
    config,
    mailDelivery: 'manual',
    mailTransport: options.mailTransport,
    providers: options.providers?.(config, database.db),
    log: options.log,
  });
  const app = await buildApp({
    config,
    database,
    services,
    pages: false,
    ...(options.log ? { log: options.log } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    db: database.db,
    services,
    dataDir,
    async close() {
      await app.close();
      await services.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
