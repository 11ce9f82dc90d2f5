/** The business operations, built once per process and shared by the API modules and the route loaders. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createMailTransport, type MailTransport } from '../mail/transport.ts';
import { createProviders } from '../payments/index.ts';
import { createAccountsService } from './accounts.ts';
import { createAdminService } from './admin.ts';
import { createHomologationsService } from './homologations.ts';
import { createDocumentsService } from './documents.ts';
import { createOrderNotifications } from './order-notifications.ts';
import { createOrdersService } from './orders.ts';
import { createPaymentsService, type Providers } from './payments.ts';
import { createDisplayRestrictionsService } from './display-restrictions.ts';
import { createLaureateImportService } from './laureate-import.ts';
import { createLaureatesService } from './laureates.ts';
import { createStatisticsService } from './statistics.ts';
import { createLaureateTeaserService } from './laureate-teaser.ts';
import { createMailService } from './mail.ts';
import { createOrderDraftsService } from './order-drafts.ts';
import { createRateLimits } from './rate-limits.ts';
import { createSessionsService } from './sessions.ts';

export interface ServiceDependencies {
  db: Database;
  config: Config;
  /** Defaults to SMTP_URL or the outbox folder. */
  mailTransport?: MailTransport;
  /** `immediate` in the server; tests send queued mail themselves with `mail.processDue()`. */
  mailDelivery?: 'immediate' | 'manual';
  log?: FastifyBaseLogger;
  /** Defaults to the providers configured by the environment (tests pass stand-ins). */
  providers?: Providers;
}

export function createServices(deps: ServiceDependencies) {
  const { db, config } = deps;
  const mailTransport = deps.mailTransport ?? createMailTransport(config);
  const mail = createMailService({
    db,
    transport: mailTransport,
    from: config.mailFrom,
    dataDir: config.dataDir,
    delivery: deps.mailDelivery ?? 'immediate',
    log: deps.log,
  });
  const rateLimits = createRateLimits({ redisUrl: config.redisUrl, ipFactor: config.rateLimitIpFactor });
  const sessions = createSessionsService({ db });
  const statistics = createStatisticsService({ db });
  const laureates = createLaureatesService({ db });
  const laureateTeaser = createLaureateTeaserService({ db });
  /** Whoever keeps something the public sees (the page cache) subscribes here, through `onPublicDataChanged`. */
  const publicDataListeners = new Set<() => void>();
  /** Cached public figures are dropped when this process changes what the public sees. */
  const publicDataChanged = () => {
    statistics.invalidate();
    laureates.invalidate();
    laureateTeaser.invalidate();
    for (const listener of publicDataListeners) listener();
  };
  const orderDrafts = createOrderDraftsService({ db });
  const documents = createDocumentsService({ db, config });
  const payments = createPaymentsService({
    db,
    config,
    providers: deps.providers ?? createProviders(config),
    log: deps.log,
  });
  payments.onPaid(createOrderNotifications({ db, config, mail, documents }));
  const services = {
    mail,
    rateLimits,
    sessions,
    accounts: createAccountsService({ db, config, sessions, mail, rateLimits }),
    orderDrafts,
    documents,
    payments,
    orders: createOrdersService({ db, config, payments, orderDrafts }),
    admin: createAdminService({ db, config, mail, documents }),
    homologations: createHomologationsService({ db, config, mail, onChange: publicDataChanged }),
    laureateTeaser,
    laureates,
    statistics,
    displayRestrictions: createDisplayRestrictionsService({
      db,
      config,
      mail,
      rateLimits,
      onChange: publicDataChanged,
    }),
    laureateImport: createLaureateImportService({ db, onChange: publicDataChanged }),
    /** Calls `listener` whenever the cached public figures above are dropped; returns the unsubscription. */
    onPublicDataChanged(listener: () => void): () => void {
      publicDataListeners.add(listener);
      return () => publicDataListeners.delete(listener);
    },
    /** Releases what the services hold open (mail transport, Redis). */
    close() {
      mailTransport.close();
      rateLimits.close();
    },
  };
  return services;
}

export type Services = ReturnType<typeof createServices>;
