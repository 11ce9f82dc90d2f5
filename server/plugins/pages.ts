/**
 * The web pages: every path that is not the API or a file goes to React Router's SSR handler, after the locale
 * redirect (page-addresses.ts). Loaders receive the services, the signed-in user and the CSP nonce through the request context.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import type { FastifyInstance } from 'fastify';
import { RouterContextProvider } from 'react-router';
import type { ViteDevServer } from 'vite';
import { type PublicSettings, requestContext } from '#request-context';
import type { Services } from '../services/index.ts';
import { SERVICE_WORKER_URL } from '../../contracts/service-worker.ts';
import { today } from '../../domain/dates.ts';
import { nextPrice, noticeShownOn, priceOn } from '../../domain/settings.ts';
import { pageActions } from './page-actions.ts';
import { type PageStore, registerPageCache } from './page-cache.ts';
import { cspNonce } from './security.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the pages read from the club's settings, on each request. */
type ClubSettingKey =
  'contactEmail' | 'refundFeeCents' | 'priceCents' | 'nextPrice' | 'heatWarning' | 'notice';

/** The club's settings in force as the pages show them: the price of today and the next one planned. */
async function clubSettings(services: Services): Promise<Pick<PublicSettings, ClubSettingKey>> {
  const club = await services.settings.values();
  const day = today();
  const next = nextPrice(club.prices, day);
  return {
    contactEmail: club.contact_email,
    refundFeeCents: club.refund_fee_cents,
    priceCents: priceOn(club.prices, day),
    nextPrice: next?.from ? { from: next.from, cents: next.cents } : null,
    heatWarning: club.heat_warning,
    notice: noticeShownOn(club.notice, day),
  };
}

export interface PagesOptions {
  services: Services;
  /** What the start-up configuration says; the contact email and the refund fee come from the club's settings. */
  settings: Omit<PublicSettings, ClubSettingKey>;
  devServer?: ViteDevServer;
  /** Anonymous pages kept in memory (server/plugins/page-cache.ts); none in development or when the budget is 0. */
  pageStore?: PageStore;
}

export default async function pages(
  app: FastifyInstance,
  { services, settings, devServer, pageStore }: PagesOptions,
) {
  // The one subscription of the page cache to "what the public sees has changed" (services/index.ts).
  if (pageStore) registerPageCache(app, { store: pageStore, subscribe: services.onPublicDataChanged });
  const secureCookie = settings.publicUrl.startsWith('https:');
  // The service worker's script (scripts/build-service-worker.ts) is served with the build's files, but checked
  // on every visit rather than kept an hour, so a new version is found at once.
  app.addHook('onSend', async (request, reply) => {
    if (request.url === SERVICE_WORKER_URL) reply.header('cache-control', 'no-cache');
  });
  await app.register(fastifyReactRouter, {
    devServer,
    serverBuildPath: path.join(projectRoot, 'build/server/index.js'),
    clientBuildDirectory: path.join(projectRoot, 'build/client'),
    // The build writes a Brotli copy of each script and stylesheet at the best quality (scripts/precompress-build.ts).
    staticOptions: { preCompressed: true },
    async getLoadContext(request, reply) {
      const context = new RouterContextProvider();
      // The club's settings in force (kept in memory by the service): the back office changes them without a restart.
      const club = await clubSettings(services);
      context.set(requestContext, {
        services,
        actions: pageActions(services, request, reply, { secureCookie }),
        settings: { ...settings, ...club },
        user: request.user,
        nonce: cspNonce(reply.raw),
      });
      return context;
    },
  });
}
