/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE) that a browser sends from another site, so that
 * the session cookie can never act for a page the user did not open on this site (cross-site request forgery).
 * Browsers say where a request comes from: `Sec-Fetch-Site` (refused when `cross-site`) and `Origin` (refused
 * unless it is PUBLIC_URL's or the request's own host). A request with neither header, such as an API client or
 * a payment provider's webhook, is not a browser's and goes on; so does one authenticated by a Bearer token,
 * which another site cannot make a browser send.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** True when the browser said the request comes from another site. */
export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const parsed = originOf(origin);
  if (parsed === null) return true; // `null` (sandboxed frames, privacy redirects) or garbage
  if (parsed === publicOrigin) return false;
  return new URL(parsed).host !== request.headers.host;
}

export default fp(async function sameOrigin(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    if (isCrossSite(request, publicOrigin))
      throw new AppError(403, 'cross_site_request', 'Requests from another site are refused');
  });
});
