/**
 * Shared start-up steps for `npm start` and `npm run dev`: parse the configuration, open and migrate the one
 * database, build the services, and load the reference and demo content on an empty database.
 */
import type { FastifyBaseLogger } from 'fastify';
import { STAFF_ROLES } from '../domain/roles.ts';
import { createChangeBus } from './change-bus.ts';
import { type Config, parseConfig } from './config.ts';
import { type DatabaseHandle, sharedDatabase } from './db/client.ts';
import { seedContent } from './db/seed.ts';
import { createLogger } from './logging.ts';
import { createServices, type Services } from './services/index.ts';
import { CLI } from './services/guards.ts';

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  log: FastifyBaseLogger;
}

/**
 * BOOTSTRAP_ADMIN_EMAIL/PASSWORD create that administrator at start-up when it does not exist yet: for
 * deployments where no shell is at hand to run the CLI (and for the browser tests). Never a default password.
 */
async function bootstrapAdmin(admin: Config['bootstrapAdmin'], services: Services, log: FastifyBaseLogger) {
  if (!admin || (await services.accounts.findByEmail(admin.email))) return;
  await services.accounts.createUser(CLI, {
    email: admin.email,
    password: admin.password,
    roles: STAFF_ROLES,
  });
  log.info({ email: admin.email }, 'administrator created from BOOTSTRAP_ADMIN_EMAIL');
}

export async function prepareRuntime(
  environment: Record<string, string | undefined> = process.env,
): Promise<Runtime> {
  const config = parseConfig(environment);
  // The server's embedded database runs in a process of its own: its queries never hold the requests' thread.
  const database = await sharedDatabase({ ...config, embeddedDatabaseProcess: true });
  // One logger for the server and the services (mail worker, payments), without secrets or personal data.
  const log = createLogger(config.logLevel);
  const changeBus = createChangeBus(config, (message) => log.warn(message));
  await changeBus.ready();
  const services = createServices({ db: database.db, config, log, changeBus });
  // Instances started together load the demo content, create the bootstrap administrator and the diplomas'
  // signing key once.
  await database.exclusive(async () => {
    await seedContent({ db: database.db, config, services });
    await bootstrapAdmin(config.bootstrapAdmin, services, log);
    await services.diplomas.ensureSigningKey();
  });
  return { config, database, services, log };
}
