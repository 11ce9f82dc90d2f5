/**
 * buildApp(): the whole server as one Fastify instance. Registers, in order: third-party plugins, our own
 * plugins, the API routes, then the pages. instance.ts starts it; tests build it and use `inject`.
 */
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ViteDevServer } from 'vite';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { loggerOptions } from './logging.ts';
import { metricsRegistry, observeJobQueues } from './metrics.ts';
import api from './api/index.ts';
import documents from './api/documents.ts';
import health from './api/health.ts';
import seo from './api/seo.ts';
import webManifest from './api/web-manifest.ts';
import jwks from './api/jwks.ts';
import auth from './plugins/auth.ts';
import compression from './plugins/compression.ts';
import errors, { frameworkErrors } from './plugins/errors.ts';
import metrics from './plugins/metrics.ts';
import { createPageStore } from './plugins/page-cache.ts';
import pageAddresses from './plugins/page-addresses.ts';
import pages from './plugins/pages.ts';
import sameOrigin from './plugins/same-origin.ts';
import security from './plugins/security.ts';
import { type Lifecycle, createLifecycle } from './lifecycle.ts';
import type { Services } from './services/index.ts';
import { FLAGS_DIRECTORY } from './services/laureates/index.ts';
import { FLAGS_PATH } from '../contracts/flags.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  /** Serve the React Router pages (tests of the API leave them out). */
  pages?: { devServer?: ViteDevServer } | false;
  logger?: FastifyServerOptions['logger'];
  /** A logger made by the caller and shared with the services (server/start.ts). */
  log?: FastifyBaseLogger;
  /** The instance's stop in progress (server/lifecycle.ts); tests leave it out. */
  lifecycle?: Lifecycle;
  /** What `/metrics` answers; by default this process's figures (server/metrics-cluster.ts for several). */
  scrapeMetrics?: () => Promise<string>;
}

/**
 * TRUST_PROXY as Fastify's option: none, addresses/CIDR ranges, or a hop count (Fastify's own rule for a
 * number, written as the function its types accept: the first `hops` proxies are trusted).
 */
function trustProxyOption(setting: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp(options: AppOptions) {
  const { config, database, services } = options;
  const app = Fastify({
    ...(options.log
      ? { loggerInstance: options.log }
      : { logger: options.logger ?? loggerOptions(config.logLevel) }),
    bodyLimit: 1_048_576,
    frameworkErrors,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // A request read while the server closes is answered, never refused with 503 (server/lifecycle.ts).
    return503OnClosing: false,
  });
  const lifecycle = options.lifecycle ?? createLifecycle();
  app.addHook('onRequest', async (_request, reply) => {
    lifecycle.inFlight += 1;
    // Draining: the client opens a new connection for its next request, which the proxy sends elsewhere.
    if (lifecycle.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    lifecycle.inFlight -= 1;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  await app.register(security, {
    https: config.publicUrl.startsWith('https:'),
    dev: Boolean(options.pages && options.pages.devServer),
  });
  await app.register(errors);
  // The queue gauges read this server's database (one server per process).
  observeJobQueues(() => services.jobQueues.figures());
  await app.register(metrics, {
    enabled: config.metrics.enabled,
    token: config.metrics.token,
    scrape: options.scrapeMetrics ?? (() => metricsRegistry.metrics()),
  });
  await app.register(sameOrigin, { publicUrl: config.publicUrl });
  await app.register(compression);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Club des Cinglés du Mont-Ventoux API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(auth, { services });
  await app.register(pageAddresses);
  await app.register(health, { database, lifecycle });
  await app.register(seo, { publicUrl: config.publicUrl });
  await app.register(webManifest);
  await app.register(jwks, { services });
  await app.register(api, { prefix: '/api', services, config });
  await app.register(documents, { services, config });
  await app.register(fastifyStatic, {
    root: FLAGS_DIRECTORY,
    prefix: FLAGS_PATH,
    decorateReply: false,
    maxAge: '30d',
    immutable: true,
  });

  if (options.pages !== false) {
    await app.register(pages, {
      services,
      devServer: options.pages?.devServer,
      pageStore:
        options.pages?.devServer || config.pageCacheMb === 0
          ? undefined
          : createPageStore({ maxBytes: config.pageCacheMb * 1024 * 1024 }),
      settings: {
        publicUrl: config.publicUrl,
        shopUrl: config.shopUrl,
        socialLinks: config.socialLinks,
        paymentsTestMode: config.payments.testMode,
      },
    });
  }
  return app;
}
