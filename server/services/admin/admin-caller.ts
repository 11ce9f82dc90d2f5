/**
 * How the admin services read their caller (guards.ts says who may): the id written in the audit and on the
 * records, null for one of the club's tools; and an administrator in person, for what is kept per person.
 */
import type { SessionUser } from '../../../contracts/account.ts';
import { administrator, type Caller, signedIn } from '../guards.ts';

/** Refuses anyone but an administrator or a club tool; answers the id to record as the actor. */
export const adminActorId = (caller: Caller): number | null => administrator(caller)?.id ?? null;

/** An administrator in person: a print job or a batch's Idempotency-Key belongs to someone, not to a tool. */
export function adminInPerson(caller: Caller): SessionUser {
  administrator(caller);
  return signedIn(caller);
}
