/**
 * Who is calling: a session token from `Authorization: Bearer` (API clients) or the HttpOnly cookie (the web
 * app). Guards are small throwing helpers applied to whole scopes (see api/index.ts), always as `onRequest`
 * hooks: they run after the session is read and before the body is parsed and validated, so that a signed-out
 * caller gets 401 and a plain user 403 whatever they send, and learns nothing of a route's fields. The rules
 * themselves live in services/guards.ts, which the services apply again whoever calls them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission } from '../../domain/permissions.ts';
import { permitted, signedIn, staff, withVerifiedEmail } from '../services/guards.ts';
import type { Services } from '../services/index.ts';
import { DEVICE_COOKIE, DEVICE_DAYS } from '../services/accounts/trusted-devices.ts';
import type { SessionUser } from '../../contracts/account.ts';
import { SESSION_COOKIE } from '../../contracts/cookies.ts';
import { FLAGS_PATH } from '../../contracts/flags.ts';
import { SERVICE_WORKER_URL } from '../../contracts/service-worker.ts';

// The cookie's name is in contracts/cookies.ts, the list of the site's cookies.
export { SESSION_COOKIE } from '../../contracts/cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
}

export function sessionTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return request.cookies[SESSION_COOKIE] || null;
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

/**
 * The browser's device cookie (decision 0011): sent back only to a sign-in address, the API's or a sign-in page's
 * (`/{lang}/login`, where the form posts before its scripts run).
 */
export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean, path = '/api/login') {
  reply.setCookie(DEVICE_COOKIE, token, {
    path,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: DEVICE_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  signedIn(request.user);
}

/** For what belongs to the owner of the account's address (homologations, their public display). */
export async function requireVerifiedEmail(request: FastifyRequest): Promise<void> {
  withVerifiedEmail(request.user);
}

/** The admin scope: someone of the back office, whatever their roles (each route names its permission). */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  staff(request.user);
}

/**
 * A route's own permission, checked as early as the scope's hooks (the service checks it again): put in the route's
 * options as `...needs('money.refund')`; docs/API.md names each route's permission.
 */
export function needs(permission: Permission) {
  return {
    onRequest: async (request: { user: SessionUser | null }) => {
      permitted(request.user, permission);
    },
  };
}

/** A permission that depends on the request itself (which list is asked for), read before its validation. */
export function needsFor(permissionOf: (request: FastifyRequest) => Permission) {
  return {
    onRequest: async (request: FastifyRequest) => {
      permitted(request.user, permissionOf(request));
    },
  };
}

// The build's files (scripts, styles, images, the service worker) and the flags are the same for everyone. Reading
// the session for them would put a database query in front of each of a page's hundred-odd scripts, one after the
// other on the embedded database's single thread: the account page took seconds to come alive.
const SHARED_FILE_PREFIXES = ['/assets/', '/art/', '/icons/', '/favicon.', FLAGS_PATH, SERVICE_WORKER_URL];

export function isSharedFile(url: string): boolean {
  return SHARED_FILE_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export default fp(async function auth(app: FastifyInstance, { services }: { services: Services }) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (isSharedFile(request.url)) return;
    const token = sessionTokenOf(request);
    if (!token) return;
    const user = await services.sessions.findUser(token);
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });
});

/** A sign-in's answer in cookies: the session's, and the device cookie recognised next time (decision 0011). */
export function setSignInCookies(
  reply: FastifyReply,
  session: { token: string; expiresAt: Date; deviceToken: string },
  secure: boolean,
) {
  setSessionCookie(reply, session.token, session.expiresAt, secure);
  setDeviceCookie(reply, session.deviceToken, secure);
}
