/**
 * What happens to a page address before any page or route sees it: the locale redirect and the locale cookie
 * (locale.ts), and the 301 from addresses that moved (legacy-redirects.ts). Registered for the whole server, so
 * it holds whether or not the pages are served (the API tests build the server without them).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { movedTo } from './legacy-redirects.ts';
import { handlePageLocale } from './locale.ts';

export default fp(async function pageAddresses(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      const moved = movedTo(request.url);
      if (moved) return reply.redirect(moved, 301);
    }
    return handlePageLocale(request, reply);
  });
});
