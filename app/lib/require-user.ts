/**
 * First line of a loader that needs the signed-in user: answers the user and the services, or sends the
 * visitor to the login page remembering where they were going. The page's guard normally did that already;
 * this keeps the loader safe on its own and its types honest.
 */
import { type RouterContextProvider, data, redirect } from 'react-router';
import { requestContext } from '#request-context';
import { can, isStaff, type Permission } from '../../domain/permissions.ts';
import { loginPath, securityPath } from './guards.ts';

export function requireUser({
  request,
  params,
  context,
}: {
  request: Request;
  params: { lang?: string };
  context: Readonly<RouterContextProvider>;
}) {
  const { user, services } = context.get(requestContext);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPath(params.lang ?? 'fr', url.pathname + url.search));
  }
  return { user, services };
}

/**
 * First line of an admin page's loader: the signed-in user (else the login page), then a role of the back office
 * and, when named, the permission the page needs (else 403, as the page's guard answers). The registry's guard
 * normally did both already; this keeps each admin loader safe on its own, so a page reads admin data only where
 * its own code says so. The services check their own permission again.
 */
export function requireStaff(args: Parameters<typeof requireUser>[0], permission?: Permission) {
  const signedIn = requireUser(args);
  const { roles } = signedIn.user;
  if (!isStaff(roles) || (permission && !can(roles, permission))) throw data(null, { status: 403 });
  if (!signedIn.user.hasSecondFactor || !signedIn.user.secondFactorAt) {
    const url = new URL(args.request.url);
    throw redirect(securityPath(args.params.lang ?? 'fr', url.pathname + url.search));
  }
  return signedIn;
}
