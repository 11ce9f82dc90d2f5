/**
 * The admin API: every route in this scope requires a role of the back office (the scope's hook) and names the permission it needs (`needs`, server/plugins/auth.ts), checked early by its hook and
 * again by each service from the caller it is given. One module per area.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaff } from '../plugins/auth.ts';
import adminCandidates from './admin-candidates.ts';
import adminHomologations from './admin-homologations.ts';
import adminKits from './admin-kits.ts';
import adminAudit from './admin-audit.ts';
import adminOverview from './admin-overview.ts';
import adminPeople from './admin-people.ts';
import adminSettings from './admin-settings.ts';
import type { ApiOptions } from './index.ts';

const admin: FastifyPluginAsyncZod<ApiOptions> = async (app, { services, config }) => {
  app.addHook('onRequest', requireStaff);
  // The areas inherit this scope's prefix and hook.
  const options: ApiOptions = { services, config };
  await app.register(adminOverview, options);
  await app.register(adminAudit, options);
  await app.register(adminPeople, options);
  await app.register(adminSettings, options);
  await app.register(adminCandidates, options);
  await app.register(adminKits, options);
  await app.register(adminHomologations, options);
};

export default admin;
