/**
 * Who calls a service, and the one home of the rules about who may (issue 35): a service method that needs a
 * signed-in person, a confirmed address or an administrator takes the caller and checks it here, so that a page
 * action, an API route and the CLI get the same refusal by calling it. Entries only authenticate and parse; the API's
 * scope hooks (server/plugins/auth.ts) call these same guards early, so that a refused caller learns nothing of a
 * route's fields.
 */
import type { SessionUser } from '../../contracts/account.ts';
import { emailNotVerified, forbidden, unauthorized } from '../errors.ts';

/** The club's own tools, run by someone with access to the server: the CLI and the background jobs. */
export interface ClubTool {
  tool: 'cli' | 'jobs';
}

export const CLI: ClubTool = { tool: 'cli' };
export const JOBS: ClubTool = { tool: 'jobs' };

/** A signed-in person, one of the club's tools, or nobody (`null`: a visitor). */
export type Caller = SessionUser | ClubTool | null | undefined;

const isTool = (caller: Caller): caller is ClubTool => !!caller && 'tool' in caller;

/** A signed-in person (a tool is not one: what a person owns is asked by a person). */
export function signedIn(caller: Caller): SessionUser {
  if (!caller) throw unauthorized();
  if (isTool(caller)) throw forbidden();
  return caller;
}

/** A person whose address is confirmed: what belongs to the owner of that address (rides, their display). */
export function withVerifiedEmail(caller: Caller): SessionUser {
  const user = signedIn(caller);
  if (!user.emailVerified) throw emailNotVerified();
  return user;
}

/** An administrator, or one of the club's tools. Returns the person, or null for a tool. */
export function administrator(caller: Caller): SessionUser | null {
  if (isTool(caller)) return null;
  const user = signedIn(caller);
  if (user.role !== 'admin') throw forbidden();
  return user;
}
