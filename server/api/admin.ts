/**
 * The admin API: every route in this scope requires the admin role, checked on the server by the scope's hook and
 * again by each service from the caller it is given. One module per area.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../plugins/auth.ts';
import adminCandidates from './admin-candidates.ts';
import adminHomologations from './admin-homologations.ts';
import adminKits from './admin-kits.ts';
import adminOverview from './admin-overview.ts';
import type { ApiOptions } from './index.ts';

const admin: FastifyPluginAsyncZod<ApiOptions> = async (app, { services, config }) => {
  app.addHook('onRequest', requireAdmin);
  // The areas inherit this scope's prefix and hook.
  const options: ApiOptions = { services, config };
  await app.register(adminOverview, options);
  await app.register(adminCandidates, options);
  await app.register(adminKits, options);
  await app.register(adminHomologations, options);
};

export default admin;
