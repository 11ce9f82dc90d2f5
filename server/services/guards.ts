/**
 * Who calls a service, and the one home of the rules about who may (issue 35): a service method that needs a
 * signed-in person, a confirmed address or a permission of the back office (domain/permissions.ts, issue 42) takes
 * the caller and checks it here, so that a page
 * action, an API route and the CLI get the same refusal by calling it. Entries only authenticate and parse; the API's
 * scope hooks (server/plugins/auth.ts) call these same guards early, so that a refused caller learns nothing of a
 * route's fields.
 */
import type { SessionUser } from '../../contracts/account.ts';
import { type Permission, can, isStaff } from '../../domain/permissions.ts';
import {
  emailNotVerified,
  forbidden,
  reauthenticationRequired,
  secondFactorRequired,
  unauthorized,
} from '../errors.ts';

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

/** Whether the caller is a person whose address is confirmed (withVerifiedEmail's rule, without refusing). */
export function hasVerifiedEmail(caller: Caller): boolean {
  return !!caller && !isTool(caller) && caller.emailVerified === true;
}

/** A person whose address is confirmed: what belongs to the owner of that address (rides, their display). */
export function withVerifiedEmail(caller: Caller): SessionUser {
  const user = signedIn(caller);
  if (!hasVerifiedEmail(user)) throw emailNotVerified();
  return user;
}

/**
 * A person whose roles give `permission`, in a session that passed their second factor (a role asks for one), or
 * one of the club's tools (run by someone with the server's keys). Returns the person, to record as the actor, or
 * null for a tool.
 */
export function permitted(caller: Caller, permission: Permission): SessionUser | null {
  if (isTool(caller)) return null;
  const user = signedIn(caller);
  if (!can(user.roles, permission)) throw forbidden();
  // A factor removed since the session passed it counts as none: the session must set one up again.
  if (!user.hasSecondFactor || !user.secondFactorAt) throw secondFactorRequired();
  return user;
}

/**
 * `permitted`, in a session that passed the second factor within STEP_UP_MINUTES: for the acts that move money or
 * power or hand out another person's data (a refund, a role change, a person's copy).
 */
export function permittedRecently(caller: Caller, permission: Permission): SessionUser | null {
  const user = permitted(caller, permission);
  if (user && !user.secondFactorRecent) throw reauthenticationRequired();
  return user;
}

/** The id to record as the actor of a permitted act: the person's, or null for one of the club's tools. */
export const actorIdOf = (caller: Caller, permission: Permission): number | null =>
  permitted(caller, permission)?.id ?? null;

/** `actorIdOf` for the acts that need a recent second factor (`permittedRecently`). */
export const recentActorIdOf = (caller: Caller, permission: Permission): number | null =>
  permittedRecently(caller, permission)?.id ?? null;

/** A permitted person in person: a print job or a batch's Idempotency-Key belongs to someone, not to a tool. */
export function permittedPerson(caller: Caller, permission: Permission): SessionUser {
  permitted(caller, permission);
  return signedIn(caller);
}

/** Someone of the back office, whatever their roles: the admin area's pages and the API's admin scope. */
export function staff(caller: Caller): SessionUser | null {
  if (isTool(caller)) return null;
  const user = signedIn(caller);
  if (!isStaff(user.roles)) throw forbidden();
  return user;
}
