/** The business operations, built once per process and shared by the API modules and the route loaders. */
import type { FastifyBaseLogger } from 'fastify';
import { type ChangeBus, createLocalChangeBus } from '../change-bus.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createMailTransport, type MailTransport } from '../mail/transport.ts';
import { createProviders, type Providers } from '../payments/index.ts';
import {
  createAccountDeletionService,
  createAccountsService,
  createDataExportService,
  createEmailVerificationService,
  createRetentionService,
  relyingPartyOf,
  createSecondFactorsService,
  createSessionsService,
  createTrustedDevicesService,
} from './accounts/index.ts';
import {
  createCancellationRequestsService,
  createGuardianConsentsService,
  createOrderDraftsService,
  createOrderNotifications,
  createOrdersService,
  createRegistrationChangesService,
} from './registrations/index.ts';
import { createLedgerService, createPaymentsService, createRefundsService } from './payments/index.ts';
import {
  type AdminService,
  createAdminDashboardService,
  createAdminListsService,
  createCandidateFileService,
  createKitsService,
} from './admin/index.ts';
import {
  createDiplomaKeys,
  createDiplomasService,
  createEvidenceRequestsService,
  createHomologationBatchService,
  createHomologationsService,
} from './homologations/index.ts';
import { createDocumentsService, createMailService, createPrintJobsService } from './documents/index.ts';
import {
  createDisplayRestrictionsService,
  createFlagsService,
  createLaureateImportService,
  createLaureateTeaserService,
  createLaureatesService,
  createStatisticsService,
} from './laureates/index.ts';
import {
  createAuditLogService,
  createClubAddressService,
  createJobQueuesService,
  createRateLimits,
  createSettingsService,
} from './platform/index.ts';
import {
  createActivitySources,
  createStampsService,
  createTokenCipher,
  createTracksService,
} from './rides/index.ts';
import type { ActivitySources } from './rides/activity-sources.ts';
import { personalDataKinds } from '../personal-data/registry.ts';
import { TOTP_ISSUER } from '../../domain/second-factor.ts';
import { createDocumentDrawer } from '../documents/drawing-thread.ts';

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
  /** How instances tell each other what changed; defaults to in-process (one instance, tests). */
  changeBus?: ChangeBus;
}

/** Topics of the change bus. */
export const CHANGES = {
  /** Laureates, homologations or display restrictions changed: public figures and rankings are stale. */
  publicData: 'public-data',
} as const;

/** What every group of services leans on: the database, the configuration, mail, limits and the change bus. */
function createFoundation(deps: ServiceDependencies) {
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
  const changeBus = deps.changeBus ?? createLocalChangeBus();
  const publicDataChanged = () => changeBus.publish(CHANGES.publicData);
  // The club's settings (price, fee, pick-up points, address...): a change drops the pages that show them too.
  const settings = createSettingsService({ db, config, changeBus, onPublicChange: publicDataChanged });
  // The one home of the club's postal address: pages, mails and documents all ask it.
  const clubAddress = createClubAddressService({ settings });
  // One key seals every secret kept for a person: activity services' tokens, authenticator apps' secrets.
  const cipher = createTokenCipher({ db, configuredKey: config.tokenEncryptionKey });
  // Every PDF is drawn on a thread of its own, started with the first one (decision 0056).
  const drawer = createDocumentDrawer();
  return {
    drawer,
    cipher,
    db,
    config,
    log: deps.log,
    mailTransport,
    mail,
    rateLimits,
    changeBus,
    publicDataChanged,
    settings,
    clubAddress,
  };
}
type Foundation = ReturnType<typeof createFoundation>;

/** What the public sees: the ranking, the teaser, the statistics, and what riders hide or how their name shows. */
function createPublicServices({ db, config, mail, rateLimits, changeBus, publicDataChanged }: Foundation) {
  const statistics = createStatisticsService({ db });
  const laureates = createLaureatesService({ db });
  const laureateTeaser = createLaureateTeaserService({ db });
  // Every instance drops its cached public figures when any instance (or the CLI) changes what the public sees.
  changeBus.subscribe(CHANGES.publicData, () => {
    statistics.invalidate();
    laureates.invalidate();
    laureateTeaser.invalidate();
  });
  return {
    statistics,
    laureates,
    laureateTeaser,
    displayRestrictions: createDisplayRestrictionsService({
      db,
      config,
      mail,
      rateLimits,
      onChange: publicDataChanged,
    }),
    laureateImport: createLaureateImportService({ db, onChange: publicDataChanged }),
    flags: createFlagsService(),
  };
}

/** Orders, their payments and refunds, changes, guardians' consents and cancellation requests. */
function createRegistrationServices(
  { db, config, mail, log, clubAddress, settings, drawer }: Foundation,
  providers: Providers,
) {
  const orderDrafts = createOrderDraftsService({ db });
  const documents = createDocumentsService({ db, config, clubAddress, drawer });
  const payments = createPaymentsService({ db, config, providers, log });
  const refunds = createRefundsService({ db, providers, mail, publicUrl: config.publicUrl, log });
  payments.onRefundEvent(refunds.reconcile);
  const guardianConsents = createGuardianConsentsService({ db, config, settings, mail, documents });
  payments.onPaid(createOrderNotifications({ db, config, mail, documents, guardianConsents }));
  return {
    orderDrafts,
    documents,
    payments,
    orders: createOrdersService({ db, config, payments, orderDrafts, settings }),
    registrationChanges: createRegistrationChangesService({ db, config, settings, mail, documents }),
    guardianConsents,
    refunds,
    cancellationRequests: createCancellationRequestsService({
      db,
      refunds,
      mail,
      publicUrl: config.publicUrl,
      feeCents: async () => (await settings.values()).refund_fee_cents,
    }),
    ledger: createLedgerService({ db }),
  };
}

/** Rides: track files, the route card's stamps and the activity services the club configured. */
function createRideServices({ db, config, rateLimits, log, cipher }: Foundation) {
  const tracks = createTracksService({ db, rateLimits });
  const activitySources = createActivitySources({ db, config, tracks, cipher, rateLimits, log });
  return { tracks, activitySources, stamps: createStampsService({ db }) };
}

/** Accounts, sessions and devices, and a person's data: its copy and how long it is kept. */
function createAccountServices(
  { db, config, mail, rateLimits, log, cipher, settings }: Foundation,
  activitySources: ActivitySources,
) {
  const sessions = createSessionsService({ db, stepUpMinutes: config.stepUpMinutes });
  const relyingParty = relyingPartyOf(config.publicUrl, TOTP_ISSUER);
  const secondFactors = createSecondFactorsService({
    relyingParty,
    db,
    cipher,
    sessions,
    mail,
    rateLimits,
    publicUrl: config.publicUrl,
  });
  const emailVerification = createEmailVerificationService({ db, config, mail, sessions });
  const trustedDevices = createTrustedDevicesService({ db });
  const kinds = personalDataKinds(config.retention);
  return {
    sessions,
    emailVerification,
    trustedDevices,
    secondFactors,
    accounts: createAccountsService({
      db,
      config,
      sessions,
      mail,
      rateLimits,
      emailVerification,
      trustedDevices,
      secondFactors,
      cipher,
      relyingParty,
    }),
    accountDeletion: createAccountDeletionService({ db, activitySources }),
    dataExport: createDataExportService({
      db,
      kinds,
      rateLimits,
      contactEmail: async () => (await settings.values()).contact_email,
    }),
    retention: createRetentionService({ db, kinds, log }),
  };
}

/** The volunteers' desk: lists, files, kits, print jobs, homologations and diplomas. */
function createAdminServices(
  { db, config, mail, log, publicDataChanged, settings, drawer }: Foundation,
  documents: ReturnType<typeof createDocumentsService>,
) {
  const homologations = createHomologationsService({ db, config, mail, onChange: publicDataChanged });
  return {
    admin: {
      ...createAdminListsService({ db }),
      ...createCandidateFileService({ db }),
      ...createAdminDashboardService({ db }),
      ...createKitsService({ db, config, settings, mail, documents, drawer }),
    } satisfies AdminService,
    printJobs: createPrintJobsService({ db, documents, log }),
    auditLog: createAuditLogService({ db }),
    jobQueues: createJobQueuesService({ db }),
    homologations: { ...homologations, ...createHomologationBatchService({ db, homologations }) },
    evidenceRequests: createEvidenceRequestsService({ db, config, mail }),
    diplomas: createDiplomasService({
      db,
      config,
      drawer,
      keys: createDiplomaKeys({ db, configuredKey: config.diplomaSigningKey }),
    }),
  };
}

export function createServices(deps: ServiceDependencies) {
  const foundation = createFoundation(deps);
  const { mail, mailTransport, rateLimits, changeBus, clubAddress, settings, drawer } = foundation;
  const registrations = createRegistrationServices(
    foundation,
    deps.providers ?? createProviders(deps.config, deps.db),
  );
  const rides = createRideServices(foundation);
  return {
    mail,
    rateLimits,
    settings,
    clubAddress,
    ...createAccountServices(foundation, rides.activitySources),
    ...rides,
    ...registrations,
    ...createAdminServices(foundation, registrations.documents),
    ...createPublicServices(foundation),
    changeBus,
    /** Calls `listener` whenever any instance changes what the public sees (the page cache subscribes here). */
    onPublicDataChanged(listener: () => void): () => void {
      return changeBus.subscribe(CHANGES.publicData, listener);
    },
    /**
     * Releases what the services hold open (mail transport, Redis, the change bus's connections, the document
     * thread), once the mails being sent have been recorded: the database closes next.
     */
    async close() {
      await mail.settle();
      mailTransport.close();
      rateLimits.close();
      await changeBus.close();
      await drawer.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
