/** The REST API under /api: one module per resource. Guarded scopes apply their check to every route inside. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { notFound } from '../errors.ts';
import type { Services } from '../services/index.ts';
import accounts from './accounts.ts';
import passkeys from './passkeys.ts';
import secondFactors from './second-factors.ts';
import candidates from './candidates.ts';
import admin from './admin.ts';
import diplomas from './diplomas.ts';
import guardianConsents from './guardian-consents.ts';
import displayRestrictions from './display-restrictions.ts';
import laureates from './laureates.ts';
import statistics from './statistics.ts';
import orders from './orders.ts';
import payments from './payments.ts';
import pickupPoints from './pickup-points.ts';
import refunds from './refunds.ts';
import personalData from './personal-data.ts';
import rides from './rides.ts';
import stamps from './stamps.ts';
import tracks from './tracks.ts';

export interface ApiOptions {
  services: Services;
  config: Config;
}

export default async function api(app: FastifyInstance, { services, config }: ApiOptions) {
  const options: ApiOptions = { services, config };
  await app.register(accounts, options);
  await app.register(secondFactors, options);
  await app.register(passkeys, options);
  await app.register(personalData, options);
  await app.register(admin, { ...options, prefix: '/admin' });
  await app.register(laureates, options);
  await app.register(statistics, options);
  await app.register(displayRestrictions, options);
  await app.register(orders, options);
  await app.register(pickupPoints, options);
  await app.register(candidates, options);
  await app.register(payments, options);
  await app.register(refunds, options);
  await app.register(tracks, options);
  await app.register(stamps, options);
  // An activity service's routes exist only when the club configured it (its service refuses otherwise).
  await app.register(rides, options);
  await app.register(diplomas, options);
  await app.register(guardianConsents, options);

  // Unknown API paths answer the JSON error shape instead of falling through to the page handler.
  app.all('/*', { schema: { hide: true } }, async (request) => {
    throw notFound(`No route ${request.method} ${request.url.split('?')[0]}`);
  });
}
